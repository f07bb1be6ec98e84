package io.drivelab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.drivelab.cli.StoredRuns;
import io.drivelab.files.OutputFileException;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.store.Store;
import io.drivelab.ui.plan.PlanViewModel;
import io.drivelab.ui.references.ReferenceDrivesViewModel;
import io.drivelab.ui.report.SaveReportViewModel;
import io.drivelab.workload.Presets;

/** The GUI's save paths (report, plan, settings) refuse a device or a folder, say so, and leave it as it was. */
class SavePathsTest {
    private static final Path FULL = Path.of("/dev/full");

    @TempDir
    Path dir;

    @Test
    void saveReportToADeviceSaysWhatItIsAndLeavesTheNode() throws Exception {
        Assumptions.assumeTrue(Files.exists(FULL), "no /dev/full here");
        Map<String, Object> before = node(FULL);
        Path db = dir.resolve("d.db");
        long run = StoredRuns.completeRun(db);
        try (Store store = Store.open(db)) {
            DirectTasks tasks = new DirectTasks();
            SaveReportViewModel saver = new SaveReportViewModel(tasks, store,
                    new ReferenceDrivesViewModel(tasks, () -> ReferenceCurves.NONE));

            saver.save(List.of(run), FULL);

            assertEquals("The report could not be saved: /dev/full is a character device, not a file: choose a "
                    + "file path", saver.messageProperty().get());
        }
        assertEquals(before, node(FULL));
    }

    @Test
    void savingAPlanOntoAFolderIsRefusedAndTheFolderStays() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("plans"));
        PlanViewModel plan = new PlanViewModel(Presets.QUICK);

        OutputFileException e = assertThrows(OutputFileException.class, () -> plan.save(folder));

        assertEquals(folder + " is a folder, not a file: choose a file path", e.getMessage());
        assertTrue(Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void settingsAreNotWrittenThroughALinkToADevice() throws Exception {
        Assumptions.assumeTrue(Files.exists(FULL), "no /dev/full here");
        Map<String, Object> before = node(FULL);
        Path link = Files.createSymbolicLink(dir.resolve("gui.json"), FULL);

        OutputFileException e = assertThrows(OutputFileException.class, () -> Settings.defaults().save(link));

        assertEquals(link + " is a link to /dev/full, a character device, not a file: choose a file path",
                e.getMessage());
        assertEquals(before, node(FULL));
        assertTrue(Files.isSymbolicLink(link));
    }

    @Test
    void settingsAreSavedAndReadBack() {
        Path file = dir.resolve("config/drivelab/gui.json");

        Settings.defaults().save(file);

        assertEquals(Settings.defaults(), Settings.load(file));
    }

    private static Map<String, Object> node(Path path) throws Exception {
        return Files.readAttributes(path, "unix:mode,rdev,ino", LinkOption.NOFOLLOW_LINKS);
    }
}
