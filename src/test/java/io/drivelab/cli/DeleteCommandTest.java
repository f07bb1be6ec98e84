package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.drivelab.run.TestFileTags;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;

class DeleteCommandTest {

    @TempDir
    Path dir;

    @Test
    void anInterruptedRunGoesWithTheTestFileItKeptForItsResume() throws Exception {
        Path db = dir.resolve("drivelab.db");
        Path file = dir.resolve("drivelab-test.img");
        long interrupted;
        long running;
        try (Store store = Store.open(db)) {
            interrupted = StoredRuns.createRun(store, "first look", StoredRuns.quick(), file.toString());
            store.updateRunStatus(interrupted, RunStatus.INTERRUPTED, "stopped by the user");
            Files.write(file, new byte[4096]);
            TestFileTags.tag(file, store, interrupted);
            running = StoredRuns.createRun(store, "going on", StoredRuns.quick(), dir.resolve("b.img").toString());
        }

        Cli.Result deleted = Cli.run("delete", String.valueOf(interrupted), "--db", db.toString());

        assertEquals(0, deleted.exitCode(), deleted.toString());
        assertEquals("Deleted run " + interrupted + " (first look).\nRemoved the test file it kept for its resume: "
                + file + "\n", deleted.out());
        assertFalse(Files.exists(file));

        Cli.Result refused = Cli.run("delete", String.valueOf(running), "--db", db.toString());
        assertEquals(1, refused.exitCode(), refused.toString());
        assertTrue(refused.err().contains("run " + running + " is still running"), refused.err());

        Cli.Result none = Cli.run("delete", String.valueOf(interrupted), "--db", db.toString());
        assertEquals(2, none.exitCode(), none.toString());
        try (Store store = Store.open(db)) {
            assertEquals(1, store.listRuns().size(), "only the running run is left");
        }
    }

    @Test
    void aRunInADatabaseThatIsNotThereIsBadInputAndMakesNoDatabase() {
        Path typo = dir.resolve("drivelab.bd");
        for (String command : java.util.List.of("delete", "show", "export", "report", "resume", "export-fio")) {
            Cli.Result result = command.equals("report")
                    ? Cli.run(command, "1", "--db", typo.toString(), "--png", dir.resolve("r.png").toString())
                    : Cli.run(command, "1", "--db", typo.toString());

            assertEquals(2, result.exitCode(), command + ": " + result);
            assertEquals("drivelab: there is no results database at " + typo + ", so no run 1: give the one the run "
                    + "is stored in with --db FILE (or DRIVELAB_DB)\n", result.err(), command);
            assertFalse(Files.exists(typo), command + " made an empty database of the typo");
        }
    }
}
