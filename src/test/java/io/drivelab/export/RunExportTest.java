package io.drivelab.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.drivelab.cli.Cli;
import io.drivelab.cli.StoredRuns;
import io.drivelab.files.OutputFileException;
import io.drivelab.store.Store;

/** The one export both faces use: the window's files are byte for byte the command line's. */
class RunExportTest {
    @TempDir
    Path dir;

    @Test
    void theWindowsCsvJsonAndFioJsonAreTheCommandLinesOutput() throws Exception {
        Path db = dir.resolve("d.db");
        long run = StoredRuns.completeRun(db);
        String[][] formats = {{"CSV", "export", "--format", "csv"}, {"JSON", "export", "--format", "json"},
                {"FIO_JSON", "export-fio"}};
        for (String[] f : formats) {
            Path file = dir.resolve("run." + f[0]);
            try (Store store = Store.open(db)) {
                RunExport.write(store, run, RunExport.Format.valueOf(f[0]), false, file);
            }
            String[] args = new String[f.length + 2];
            args[0] = f[1];
            args[1] = String.valueOf(run);
            args[2] = "--db";
            args[3] = db.toString();
            System.arraycopy(f, 2, args, 4, f.length - 2);

            Cli.Result cli = Cli.run(args);

            assertEquals(0, cli.exitCode(), cli.toString());
            assertEquals(cli.out(), Files.readString(file), f[0]);
        }
    }

    @Test
    void theWindowsExportRefusesADeviceAndLeavesIt() throws Exception {
        Path full = Path.of("/dev/full");
        Assumptions.assumeTrue(Files.exists(full), "no /dev/full here");
        Map<String, Object> before = Files.readAttributes(full, "unix:mode,rdev,ino", LinkOption.NOFOLLOW_LINKS);
        Path db = dir.resolve("d.db");
        long run = StoredRuns.completeRun(db);

        try (Store store = Store.open(db)) {
            OutputFileException e = assertThrows(OutputFileException.class,
                    () -> RunExport.write(store, run, RunExport.Format.CSV, false, full));
            assertTrue(e.refused());
        }
        assertEquals(before, Files.readAttributes(full, "unix:mode,rdev,ino", LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aCombinedExportOfARunOnOneTargetSaysWhyWithoutNamingOptions() {
        Path db = dir.resolve("d.db");
        long run = StoredRuns.completeRun(db);

        try (Store store = Store.open(db)) {
            ExportException e = assertThrows(ExportException.class,
                    () -> RunExport.of(store, run, RunExport.Format.CSV, true));
            assertEquals("run " + run + " ran on one target: only a run of several targets at once has combined "
                    + "results", e.getMessage());
            assertFalse(e.getMessage().contains("--"));
        }
    }
}
