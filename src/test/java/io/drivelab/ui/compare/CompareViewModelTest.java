package io.drivelab.ui.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.report.Curve;
import io.drivelab.report.LibraryCurves;
import io.drivelab.report.Report;
import io.drivelab.report.Reports;
import io.drivelab.report.TinyRuns;
import io.drivelab.store.Store;
import io.drivelab.ui.DirectTasks;
import io.drivelab.ui.HeldTasks;
import io.drivelab.ui.references.ReferenceDrivesViewModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Compare on a real database with two real runs and the shipped library, without JavaFX running. */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CompareViewModelTest {
    private Store store;
    private long first;
    private long second;

    @BeforeAll
    void twoRuns(@TempDir Path dir) {
        store = Store.open(dir.resolve("drivelab.db"));
        first = TinyRuns.twoPoints(store, dir);
        second = TinyRuns.twoPoints(store, dir);
    }

    @AfterAll
    void close() {
        store.close();
    }

    private CompareViewModel compare(Set<String> referenceDrives) {
        return new CompareViewModel(new DirectTasks(), store, references(referenceDrives));
    }

    private static ReferenceDrivesViewModel references(Set<String> referenceDrives) {
        var references = new ReferenceDrivesViewModel(new DirectTasks(),
                () -> LibraryCurves.of(ReferenceLibrary.shipped()));
        references.load(referenceDrives);
        return references;
    }

    private static List<String> sources(Report report) {
        return report.panels().stream().flatMap(p -> p.scaling().stream()).map(Curve::source).distinct().toList();
    }

    @Test
    void itOpensOnTheNewestRun() {
        CompareViewModel vm = compare(Set.of());
        vm.refresh();
        assertEquals(List.of(second), vm.chosenRunIds());
        assertEquals(List.of(second, first), vm.runs().stream().map(r -> r.run().id()).toList());
        assertEquals("", vm.messageProperty().get());
        assertEquals(1, sources(vm.comparisonProperty().get()).size());
    }

    @Test
    void tickingASecondRunDrawsBothAndUntickingAllClearsTheComparison() {
        CompareViewModel vm = compare(Set.of());
        vm.refresh();
        vm.runs().stream().filter(r -> r.run().id() == first).findFirst().orElseThrow().chosen().set(true);
        assertEquals(Set.of(first, second), Set.copyOf(vm.chosenRunIds()));
        assertEquals(2, sources(vm.comparisonProperty().get()).size());
        vm.runs().forEach(r -> r.chosen().set(false));
        assertNull(vm.comparisonProperty().get());
        assertEquals("Tick runs to compare.", vm.messageProperty().get());
    }

    /** Before: each tick started a whole comparison of its own, all read to the end. */
    @Test
    void choicesMadeWhileAComparisonIsReadAreReadOnceAfterIt() {
        HeldTasks held = new HeldTasks();
        var references = references(Set.of());
        CompareViewModel vm = new CompareViewModel(held, store, references);
        vm.refresh();
        held.runNext();
        assertEquals(1, held.waiting(), "the newest run's comparison");

        references.drives().forEach(d -> d.chosen().set(true));

        assertEquals(1, held.waiting(), "no comparison more while one is read");
        assertEquals("Comparing…", vm.messageProperty().get());
        held.runNext();
        assertNull(vm.comparisonProperty().get(), "the stale comparison is not shown");
        assertEquals(1, held.waiting(), "the latest choice, read once");
        held.runNext();
        assertEquals(0, held.waiting());
        assertEquals(3, held.submitted(), "the list of runs and two comparisons");
        assertEquals("", vm.messageProperty().get());
        assertEquals(List.of(second), vm.chosenRunIds());
        Report shown = vm.comparisonProperty().get();
        Report expected = Reports.comparison(store, List.of(second), references.chosen());
        assertEquals(expected.panels().stream().map(Report.Panel::scalingReferences).map(String::valueOf).toList(),
                shown.panels().stream().map(Report.Panel::scalingReferences).map(String::valueOf).toList());
        assertTrue(shown.panels().stream().anyMatch(p -> !p.scalingReferences().isEmpty()), "with the drives");
    }

    @Test
    void refreshingKeepsWhatWasTicked() {
        CompareViewModel vm = compare(Set.of());
        vm.show(first);
        assertEquals(List.of(first), vm.chosenRunIds());
        vm.refresh();
        assertEquals(List.of(first), vm.chosenRunIds());
    }

    @Test
    void theRunTheWindowEndedIsTickedBesideWhatWasTicked() {
        CompareViewModel vm = compare(Set.of());
        vm.show(first);
        vm.refreshTicking(second);
        assertEquals(List.of(second, first), vm.chosenRunIds());
        vm.refreshTicking(-1);
        assertEquals(List.of(second, first), vm.chosenRunIds());
    }

    /** A run `drivelab` stored while the window was open: listed as Compare is chosen again, the ticks kept. */
    @Test
    void aRunStoredElsewhereIsListedWhenCompareIsChosenAgainAndAnUnchangedListReadsNoComparison(@TempDir Path dir) {
        HeldTasks held = new HeldTasks();
        CompareViewModel vm = new CompareViewModel(held, store, references(Set.of()));
        vm.refresh();
        held.runNext();
        held.runNext();
        assertEquals(0, held.waiting());

        vm.refreshIfChanged();
        held.runNext();
        assertEquals(0, held.waiting(), "the same runs: no comparison read again");
        assertEquals(3, held.submitted());

        long added;
        try (Store elsewhere = Store.open(store.path())) {
            added = TinyRuns.twoPoints(elsewhere, dir);
        }
        try {
            vm.refreshIfChanged();
            held.runNext();
            assertEquals(List.of(added, second, first), vm.runs().stream().map(r -> r.run().id()).toList());
            assertEquals(List.of(second), vm.chosenRunIds(), "what was ticked stays ticked");
            assertEquals(1, held.waiting(), "the comparison read again with the list");
            held.runNext();
            assertEquals("", vm.messageProperty().get());
        } finally {
            store.deleteRun(added);
        }
    }

    @Test
    void openingARunDeletedElsewhereSaysSo(@TempDir Path dir) {
        // History's Open on a run `drivelab delete` removed meanwhile showed an empty Compare without a word
        long gone = TinyRuns.twoPoints(store, dir);
        store.deleteRun(gone);
        CompareViewModel vm = compare(Set.of());
        vm.show(gone);
        assertEquals(List.of(), vm.chosenRunIds());
        assertEquals(List.of(second, first), vm.runs().stream().map(r -> r.run().id()).toList());
        assertEquals("Run " + gone + " is no longer stored: it was deleted since this list was read (by "
                + "`drivelab delete` or another DriveLab window). The list is read again.",
                vm.messageProperty().get());
    }

    @Test
    void tickingAReferenceDriveAddsItsPublishedCurvesOfTheSameWorkload() {
        CompareViewModel vm = compare(Set.of());
        vm.show(first);
        Report without = vm.comparisonProperty().get();
        assertTrue(without.panels().stream().allMatch(p -> p.scalingReferences().isEmpty()));
        vm.references().drives().forEach(d -> d.chosen().set(true));
        Report with = vm.comparisonProperty().get();
        assertTrue(with.panels().stream().anyMatch(p -> !p.scalingReferences().isEmpty()),
                "the shipped reviews publish 4K random read figures");
    }
}
