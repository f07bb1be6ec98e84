package io.drivelab.ui.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.report.LibraryCurves;
import io.drivelab.report.TinyRuns;
import io.drivelab.store.Store;
import io.drivelab.ui.DirectTasks;
import io.drivelab.ui.references.ReferenceDrivesViewModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Save report on a real database with a real run, without JavaFX running. */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SaveReportViewModelTest {
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private Path dir;
    private Store store;
    private long run;
    private SaveReportViewModel vm;

    @BeforeAll
    void oneRun(@TempDir Path temp) {
        dir = temp;
        store = Store.open(dir.resolve("drivelab.db"));
        run = TinyRuns.twoPoints(store, dir);
        var references = new ReferenceDrivesViewModel(new DirectTasks(),
                () -> LibraryCurves.of(ReferenceLibrary.shipped()));
        references.load(Set.of());
        vm = new SaveReportViewModel(new DirectTasks(), store, references);
    }

    @AfterAll
    void close() {
        store.close();
    }

    @Test
    void aRunsReportIsAPngWithEachChartInAFolderBesideIt() throws Exception {
        Path png = dir.resolve(SaveReportViewModel.suggestedName(List.of(run)));
        vm.save(List.of(run), png);
        assertArrayEquals(PNG_SIGNATURE, java.util.Arrays.copyOf(Files.readAllBytes(png), 8));
        Path charts = SaveReportViewModel.chartsFolder(png);
        try (var files = Files.list(charts)) {
            assertTrue(files.anyMatch(f -> f.getFileName().toString().endsWith(".png")), "charts in " + charts);
        }
        assertTrue(vm.messageProperty().get().startsWith("Report saved: " + png), vm.messageProperty().get());
    }

    @Test
    void namesFollowTheRuns() {
        assertEquals("drivelab-run-7.png", SaveReportViewModel.suggestedName(List.of(7L)));
        assertEquals("drivelab-comparison-3-5.png", SaveReportViewModel.suggestedName(List.of(3L, 5L)));
        assertEquals(dir.resolve("a-charts"), SaveReportViewModel.chartsFolder(dir.resolve("a.PNG")));
        assertEquals(dir.resolve("report-charts"), SaveReportViewModel.chartsFolder(dir.resolve("report")));
    }

    @Test
    void withNoRunThereIsNothingToSaveAndNothingIsWritten() throws Exception {
        Path png = dir.resolve("empty.png");
        vm.save(List.of(), png);
        assertFalse(Files.exists(png));
        assertTrue(vm.messageProperty().get().startsWith("Nothing to report yet"), vm.messageProperty().get());
    }

    @Test
    void aReportThatCannotBeWrittenSaysWhyAndLeavesNoFile() throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("notes.txt"), "a file, not a folder");
        Path png = notAFolder.resolve("report.png");
        vm.save(List.of(run), png);
        assertFalse(Files.exists(png));
        assertTrue(vm.messageProperty().get().startsWith("The report could not be saved: "),
                vm.messageProperty().get());
    }
}
