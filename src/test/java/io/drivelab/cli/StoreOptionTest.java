package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.drivelab.store.NewRun;
import io.drivelab.store.RunStatus;
import io.drivelab.store.RunnerProcess;
import io.drivelab.store.Store;
import io.drivelab.workload.PlanFiles;

/** --db, DRIVELAB_DB and what every start does to the database. */
class StoreOptionTest {

    @TempDir
    Path dir;

    @Test
    void dbCreatesTheDatabaseWhereItSays() {
        Path db = dir.resolve("sub/lab.db");

        Cli.Result result = Cli.run("runs", "--db", db.toString());

        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(Files.exists(db));
        assertEquals("No runs in " + db + ".\n", result.out());
    }

    /** Loaded by the first command that reads them (`runs` does not: it starts without the library's 70 ms). */
    @Test
    void theFirstCommandThatReadsThePublishedFiguresLoadsThemIntoTheDatabase() {
        Path db = dir.resolve("fresh.db");

        Cli.Result result = Cli.run("reference", "--db", db.toString(), "--drive", "DC3000ME");

        assertEquals(0, result.exitCode(), result.toString());
        try (Store store = Store.open(db)) {
            var sources = store.listReferenceSources();
            assertTrue(sources.size() >= 3, "reference files loaded: " + sources);
            long figures = sources.stream().mapToLong(s -> store.listReferenceRows(s.file()).size()).sum();
            assertTrue(figures >= 250, figures + " figures");
            assertTrue(store.listRuns().isEmpty(), "loading reference data filed a run");
        }
    }

    @Test
    @Timeout(120)
    void withoutDbTheEnvironmentVariableChoosesTheDatabase() throws Exception {
        Path db = dir.resolve("from-env.db");
        try (Store store = Store.open(db)) {
            StoredRuns.createRun(store, "env run", StoredRuns.quick(), "/tmp/x.img");
        }

        CommandLineTest.Run run = CommandLineTest.drivelab(Map.of("DRIVELAB_DB", db.toString()), List.of(), "runs");

        assertEquals(0, run.exitCode(), run.stderr());
        assertTrue(run.stdout().contains("env run"), run.stdout());
    }

    @Test
    void aRunWhoseProcessIsGoneIsMarkedInterruptedAtStart() {
        Path db = dir.resolve("drivelab.db");
        long id;
        try (Store store = Store.open(db)) {
            // This pid, but started at another time: the process that ran it is gone.
            id = store.createRun(new NewRun("crashed", PlanFiles.toJson(StoredRuns.quick()), "quick", "/tmp/x.img",
                    "file", null, "lab1", "0.1.0"), new RunnerProcess(ProcessHandle.current().pid(), Instant.EPOCH));
        }

        Cli.Result result = Cli.run("runs", "--db", db.toString());

        assertEquals(0, result.exitCode(), result.toString());
        assertEquals("drivelab: run " + id + " (crashed) had stopped without finishing; marked interrupted "
                + "(`drivelab resume " + id + "` continues it)\n", result.err());
        assertTrue(result.lines().get(1).contains(" interrupted "), result.out());
        try (Store store = Store.open(db)) {
            assertEquals(RunStatus.INTERRUPTED, store.getRun(id).orElseThrow().status());
        }
    }

    @Test
    void aFileThatIsNotADatabaseExits1WithTheStoresExplanation() throws Exception {
        Path notADatabase = Files.writeString(dir.resolve("notes.txt"), "not SQLite, just text\n".repeat(100));

        Cli.Result result = Cli.run("runs", "--db", notADatabase.toString());

        assertEquals(1, result.exitCode(), result.toString());
        assertTrue(result.err().startsWith("drivelab: " + notADatabase + " is not a DriveLab database"),
                result.err());
    }
}
