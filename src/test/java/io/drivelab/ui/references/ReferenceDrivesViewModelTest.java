package io.drivelab.ui.references;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.reference.ReferencePacks;
import io.drivelab.reference.ReferencePacksTest;
import io.drivelab.reference.ReferenceStore;
import io.drivelab.store.Store;
import io.drivelab.report.LibraryCurves;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.ui.DirectTasks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reference drives list on the shipped library, without JavaFX running. */
class ReferenceDrivesViewModelTest {
    private static final ReferenceCurves SHIPPED = LibraryCurves.of(ReferenceLibrary.shipped());

    private static ReferenceDrivesViewModel loaded(Set<String> lastChoice) {
        ReferenceDrivesViewModel vm = new ReferenceDrivesViewModel(new DirectTasks(), () -> SHIPPED);
        vm.load(lastChoice);
        return vm;
    }

    @Test
    void withoutALastChoiceTheDrivesTheReviewsAreAboutAreTicked() {
        ReferenceDrivesViewModel vm = loaded(null);
        assertEquals(SHIPPED.drives().size(), vm.drives().size());
        assertEquals(Set.copyOf(SHIPPED.reviewedDrives()), Set.copyOf(vm.chosenNames()));
        assertTrue(vm.chosenNames().size() < vm.drives().size(), "not every drive: they would bury the user's curves");
        assertEquals("", vm.messageProperty().get());
    }

    @Test
    void theLastChoiceIsTickedAgain() {
        String one = SHIPPED.drives().get(SHIPPED.drives().size() - 1);
        ReferenceDrivesViewModel vm = loaded(Set.of(one));
        assertEquals(List.of(one), vm.chosenNames());
        assertEquals(List.of(one), vm.chosen().drives());
    }

    @Test
    void tickingADriveDrawsItAndUntickingRemovesIt() {
        ReferenceDrivesViewModel vm = loaded(Set.of());
        assertTrue(vm.chosen().drives().isEmpty());
        ReferenceDrivesViewModel.DriveChoice first = vm.drives().get(0);
        first.chosen().set(true);
        assertEquals(List.of(first.name()), vm.chosen().drives());
        first.chosen().set(false);
        assertFalse(vm.chosen().drives().contains(first.name()));
    }

    private static ReferenceDrivesViewModel.DriveChoice drive(ReferenceDrivesViewModel vm, String name) {
        return vm.drives().stream().filter(d -> d.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " is not listed"));
    }

    /** The drives of {@code store} once it holds the shipped library and the pack acme.json (the Acme X9 2TB). */
    private static ReferenceDrivesViewModel withAcmePack(Store store) {
        ReferenceStore.sync(store);
        ReferencePacks.add(store, "acme.json", ReferencePacksTest.PACK);
        ReferenceDrivesViewModel vm = new ReferenceDrivesViewModel(new DirectTasks(),
                ReferenceDrivesViewModel.Library.in(store));
        vm.load(null);
        return vm;
    }

    @Test
    void eachDriveSaysWhereItComesFromTheShippedReviewOrTheAddedPack(@TempDir Path dir) {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            ReferenceDrivesViewModel vm = withAcmePack(store);
            ReferenceDrivesViewModel.DriveChoice acme = drive(vm, "Acme X9 2TB");
            assertEquals("pack acme.json", acme.origin());
            assertEquals(List.of("acme.json"), acme.packs());
            ReferenceDrivesViewModel.DriveChoice shipped = vm.drives().get(0);
            assertFalse(shipped.origin().isBlank(), shipped.name() + " has no origin");
            assertTrue(ReferenceLibrary.shipped().reviews().stream()
                    .anyMatch(r -> shipped.origin().contains(r.source().shortTitle())), shipped.origin());
            assertEquals(List.of(), shipped.packs());
        }
    }

    @Test
    void removingAnAddedPackTakesItsDrivesOffTheListAndKeepsTheTicks(@TempDir Path dir) {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            ReferenceDrivesViewModel vm = withAcmePack(store);
            String shipped = vm.drives().get(0).name();
            vm.drives().get(0).chosen().set(true);
            vm.removePacks(drive(vm, "Acme X9 2TB"));
            assertTrue(vm.drives().stream().noneMatch(d -> d.name().equals("Acme X9 2TB")));
            assertEquals(List.of(), ReferencePacks.names(store));
            assertTrue(vm.chosenNames().contains(shipped), "the ticks stay: " + vm.chosenNames());
            assertEquals("Removed the reference pack acme.json.", vm.messageProperty().get());
        }
    }

    @Test
    void aShippedDriveIsNeverRemoved(@TempDir Path dir) {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            ReferenceDrivesViewModel vm = new ReferenceDrivesViewModel(new DirectTasks(),
                    ReferenceDrivesViewModel.Library.in(store));
            vm.load(null);
            int sources = store.listReferenceSources().size();
            ReferenceDrivesViewModel.DriveChoice shipped = vm.drives().get(0);
            vm.removePacks(shipped);
            assertEquals(sources, store.listReferenceSources().size());
            assertTrue(vm.drives().contains(shipped));
            assertTrue(vm.messageProperty().get().startsWith(shipped.name() + " comes with DriveLab ("),
                    vm.messageProperty().get());
            assertTrue(vm.messageProperty().get().endsWith("only the packs you added can be removed."),
                    vm.messageProperty().get());
        }
    }

    @Test
    void aLibraryThatCannotBeReadSaysSo() {
        ReferenceDrivesViewModel vm = new ReferenceDrivesViewModel(new DirectTasks(), () -> {
            throw new IllegalStateException("the database is locked");
        });
        vm.load(null);
        assertTrue(vm.drives().isEmpty());
        assertTrue(vm.messageProperty().get().startsWith("The reference library cannot be read: "),
                vm.messageProperty().get());
        assertTrue(vm.messageProperty().get().contains("the database is locked"), vm.messageProperty().get());
    }
}
