package io.drivelab.run;

import io.drivelab.IntegrationTest;
import io.drivelab.store.NewRun;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The room a run sets aside beside its database for its end (issue 10, item 8) does not outlive the run: a run
 * killed with -9 cannot give it back, so the next run's start removes it, but never the room of a run that a live
 * process runs.
 */
@IntegrationTest
@Timeout(120)
class RunRoomTest {
    @TempDir
    Path dir;

    @Test
    void theRoomOfARunKilledWithSignal9IsRemovedWhenTheNextRunStarts() throws Exception {
        Path db = dir.resolve("results.db");
        Process killed = ChildRun.start(dir, dir.resolve("first.img"), db, 30);
        Path room = awaitRoom(db, killed);
        killed.destroyForcibly();  // SIGKILL: the run cannot give its room back
        assertTrue(killed.waitFor(30, TimeUnit.SECONDS));
        assertTrue(Files.exists(room), "the killed run left its room behind");

        Process next = ChildRun.start(dir, dir.resolve("second.img"), db, 1);
        String out = new String(next.getInputStream().readAllBytes());
        assertTrue(next.waitFor(60, TimeUnit.SECONDS), "the next run did not end");

        assertEquals(0, next.exitValue(), out);
        assertFalse(Files.exists(room), "the killed run's room is still there");
        try (var beside = Files.list(dir)) {
            assertEquals(0, beside.filter(f -> f.getFileName().toString().startsWith("results.db-room-")).count(),
                    "a room is left beside the database");
        }
    }

    @Test
    void theRoomOfARunALiveProcessRunsIsKept() {
        try (Store store = Store.open(dir.resolve("results.db"))) {
            long running = store.createRun(newRun("running here"));  // this process runs it: alive
            long ended = store.createRun(newRun("ended"));
            store.updateRunStatus(ended, RunStatus.COMPLETE, null);
            RunEnd runningEnd = RunEnd.reserve(store, running);
            Path endedRoom = dir.resolve("results.db-room-" + ended);
            Path deletedRunsRoom = dir.resolve("results.db-room-99");
            writeRoom(endedRoom);
            writeRoom(deletedRunsRoom);

            long next = store.createRun(newRun("next"));
            try (RunEnd nextEnd = RunEnd.reserve(store, next)) {
                assertTrue(Files.exists(dir.resolve("results.db-room-" + running)), "a live run's room was taken");
                assertTrue(Files.exists(dir.resolve("results.db-room-" + next)));
                assertFalse(Files.exists(endedRoom), "the room of a run that has ended is still there");
                assertFalse(Files.exists(deletedRunsRoom), "the room of a run that is gone is still there");
            }
            runningEnd.close();
        }
    }

    private static NewRun newRun(String name) {
        return new NewRun(name, "{\"name\":\"read\"}", "read", "/tmp/x.img", "file", null, "lab1", "0.1.0");
    }

    private static void writeRoom(Path room) {
        try {
            Files.write(room, new byte[RunEnd.ROOM_BYTES]);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Waits for the run in {@code child} to set its room aside beside {@code db}; the run's start makes it. */
    private static Path awaitRoom(Path db, Process child) throws Exception {
        try (WatchService watch = db.getFileSystem().newWatchService()) {
            db.getParent().register(watch, StandardWatchEventKinds.ENTRY_CREATE);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline && child.isAlive()) {
                try (var beside = Files.list(db.getParent())) {  // also what was made before the watch began
                    var room = beside.filter(f -> f.getFileName().toString().startsWith("results.db-room-"))
                            .findFirst();
                    if (room.isPresent()) {
                        return room.get();
                    }
                }
                WatchKey key = watch.poll(1, TimeUnit.SECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        }
        throw new AssertionError("the run set no room aside (alive: " + child.isAlive() + ")");
    }
}
