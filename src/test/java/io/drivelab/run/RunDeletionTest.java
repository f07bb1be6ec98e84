package io.drivelab.run;

import io.drivelab.store.NewRun;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoreException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunDeletionTest {
    @TempDir
    Path dir;
    Store store;

    @BeforeEach
    void open() {
        store = Store.open(dir.resolve("drivelab.db"));
    }

    @AfterEach
    void close() {
        store.close();
    }

    /** A run on {@code file} ended with {@code status}; the file tagged by it as the runner tags what it creates. */
    private long runOn(Path file, RunStatus status, boolean tagged) throws IOException {
        long id = store.createRun(new NewRun("quick on " + file, "{}", "quick", file.toString(), "file", null,
                "host", "test"));
        store.updateRunStatus(id, status, status == RunStatus.COMPLETE ? null : "stopped by the user");
        Files.write(file, new byte[4096]);
        if (tagged) {
            new TestFile(file, store.path().toString(), id).engineCreatedIt();
        }
        return id;
    }

    @Test
    void anInterruptedRunsTestFileGoesWithIt() throws IOException {
        Path file = dir.resolve("drivelab-test.img");
        long id = runOn(file, RunStatus.INTERRUPTED, true);

        RunDeletion.Deleted deleted = RunDeletion.delete(store, id);

        assertEquals(file, deleted.testFileRemoved());
        assertFalse(Files.exists(file), "the file kept for the resume is gone with the run");
        assertTrue(store.getRun(id).isEmpty());
    }

    @Test
    void aFileTheRunDidNotCreateOrKeptByChoiceStays() throws IOException {
        Path users = dir.resolve("users.img");
        long untagged = runOn(users, RunStatus.FAILED, false);
        Path kept = dir.resolve("kept.img");
        long completed = runOn(kept, RunStatus.COMPLETE, true);
        Path others = dir.resolve("others.img");
        long other = runOn(others, RunStatus.INTERRUPTED, true);
        long stopped = runOn(others, RunStatus.INTERRUPTED, false);

        assertNull(RunDeletion.delete(store, untagged).testFileRemoved());
        assertNull(RunDeletion.delete(store, completed).testFileRemoved());
        assertNull(RunDeletion.delete(store, stopped).testFileRemoved(), "tagged by run " + other + ", not by it");
        assertTrue(Files.exists(users) && Files.exists(kept) && Files.exists(others));
    }

    @Test
    void aRunningRunIsRefusedAndItsFileKept() throws IOException {
        Path file = dir.resolve("drivelab-test.img");
        long id = runOn(file, RunStatus.RUNNING, true);

        assertThrows(StoreException.class, () -> RunDeletion.delete(store, id));
        assertTrue(Files.exists(file));
        assertThrows(StoreException.class, () -> RunDeletion.delete(store, id + 1), "no such run");
    }
}
