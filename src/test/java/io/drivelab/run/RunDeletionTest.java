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

    /** A file in {@code folder} as the engine writes its checkpoints: its name, and its tag when {@code tagged}. */
    private static Path checkpoint(Path folder, String name, boolean tagged) throws IOException {
        Path file = Files.write(folder.resolve(name), new byte[4096]);
        if (tagged) {
            Files.getFileAttributeView(file, java.nio.file.attribute.UserDefinedFileAttributeView.class)
                    .write("drivelab", java.nio.ByteBuffer.wrap("drivelab-engine test file".getBytes()));
        }
        return file;
    }

    private long checkpointRunOn(Path folder) {
        long id = store.createRun(new NewRun("dlio-checkpoint on " + folder, "{}", "dlio-checkpoint",
                folder.toString(), "folder", null, "host", "test"));
        store.updateRunStatus(id, RunStatus.INTERRUPTED, "the runner process is gone");
        return id;
    }

    @Test
    void theCheckpointFilesAKilledRunLeftInItsFolderGoWithItAndNothingElse() throws IOException {
        // the engine killed outright (the machine went down): 25 files of 114 MB stayed, also after `drivelab delete`
        Path folder = Files.createDirectory(dir.resolve("checkpoints"));
        Path left = checkpoint(folder, "ckpt-001-002-rank0.pt", true);
        Path alsoLeft = checkpoint(folder, "ckpt-001-002-rank1.pt", true);
        Path users = checkpoint(folder, "ckpt-001-003-rank0.pt", false);
        Path otherName = checkpoint(folder, "model.pt", true);
        long id = checkpointRunOn(folder);
        assertTrue(RunDeletion.keepsATestFile(store.getRun(id).orElseThrow()));

        RunDeletion.Deleted deleted = RunDeletion.delete(store, id);

        assertEquals(java.util.Set.of(left, alsoLeft), java.util.Set.copyOf(deleted.checkpointsRemoved()));
        assertFalse(Files.exists(left) || Files.exists(alsoLeft));
        assertTrue(Files.exists(users), "a file without the engine's tag is the user's");
        assertTrue(Files.exists(otherName), "only the engine's checkpoint names");
    }

    @Test
    void theCheckpointFilesOfAFolderAnotherRunWorksInNowStay() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("checkpoints"));
        Path file = checkpoint(folder, "ckpt-000-000-rank0.pt", true);
        long id = checkpointRunOn(folder);
        try (TargetLock running = TargetLock.acquire(folder, 99, dir.resolve("other.db"))) {
            assertEquals(java.util.List.of(), RunDeletion.delete(store, id).checkpointsRemoved());
        }
        assertTrue(Files.exists(file), "the files of the run going on in it");
        assertTrue(store.getRun(id).isEmpty(), "the run itself is deleted");
    }
}
