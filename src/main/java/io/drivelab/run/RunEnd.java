package io.drivelab.run;

import io.drivelab.store.DiskFullException;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoreException;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Records how a run ended, also when the disk holding the database has filled during the run: the run sets aside
 * room beside the database when it starts (a small file of its own) and gives it back to write its status, so
 * that the run is marked interrupted at once rather than at DriveLab's next start. A run killed with -9 cannot give
 * its room back: the next run's start removes the rooms of runs that no live process runs.
 */
final class RunEnd implements AutoCloseable {
    /** Enough for SQLite to write one changed row: a fresh -wal with a few pages, and the -shm. */
    static final int ROOM_BYTES = 256 * 1024;

    private final Store store;
    private final long runId;
    /** The room set aside, or null where there was none to take. */
    private Path room;

    private RunEnd(Store store, long runId, Path room) {
        this.store = store;
        this.runId = runId;
        this.room = room;
    }

    /** Sets room aside beside the database for run {@code runId}'s end; without it where the disk has none. */
    static RunEnd reserve(Store store, long runId) {
        removeLeftRooms(store);
        Path room = roomOf(store, runId);
        try (OutputStream out = Files.newOutputStream(room, StandardOpenOption.CREATE_NEW)) {
            out.write(new byte[ROOM_BYTES]);  // written, not sparse: the blocks are really taken
        } catch (IOException e) {
            delete(room);
            room = null;
        }
        return new RunEnd(store, runId, room);
    }

    private static Path roomOf(Store store, long runId) {
        return store.path().resolveSibling(roomPrefix(store) + runId);
    }

    private static String roomPrefix(Store store) {
        return store.path().getFileName() + "-room-";
    }

    /**
     * Deletes the rooms beside the database whose runs are not running in a live process (their process was killed,
     * or the run was deleted): the rule that marks such runs interrupted ({@link Store#markStaleRunsInterrupted()}).
     */
    static void removeLeftRooms(Store store) {
        String prefix = roomPrefix(store);
        List<Path> rooms;
        try (Stream<Path> beside = Files.list(store.path().toAbsolutePath().getParent())) {
            rooms = beside.filter(f -> runIdOf(f.getFileName().toString(), prefix).isPresent()).toList();
        } catch (IOException e) {
            return;  // a folder that cannot be listed keeps its leftovers; the run goes on
        }
        for (Path room : rooms) {
            long runId = runIdOf(room.getFileName().toString(), prefix).orElseThrow();
            try {
                if (!store.getRun(runId).map(Run::runsInALiveProcess).orElse(false)) {
                    delete(room);
                }
            } catch (StoreException e) {
                return;  // undecided: kept, the run goes on
            }
        }
    }

    private static Optional<Long> runIdOf(String fileName, String prefix) {
        String id = fileName.startsWith(prefix) ? fileName.substring(prefix.length()) : "";
        return !id.isEmpty() && id.length() < 19 && id.chars().allMatch(c -> c >= '0' && c <= '9')
                ? Optional.of(Long.parseLong(id)) : Optional.empty();
    }

    /** A run stopped by its database: a full disk interrupts it (resume goes on where it stopped), else it fails. */
    static RunStatus statusAfter(StoreException e) {
        return e instanceof DiskFullException ? RunStatus.INTERRUPTED : RunStatus.FAILED;
    }

    String errorAfter(StoreException e) {
        return e instanceof DiskFullException
                ? "the disk holding the results database " + store.path() + " is full, so the last point measured "
                + "could not be stored; the points stored before it are kept. Free some space, then resume run "
                + runId + " (" + e.getMessage() + ")"
                : "the results database failed: " + e.getMessage();
    }

    /** Stores the run's status and gives the room back; returns its error as the user reads it. */
    String record(RunStatus status, String error) {
        try {
            try {
                store.updateRunStatus(runId, status, error);
            } catch (DiskFullException full) {
                if (!freeRoom()) {
                    throw full;
                }
                store.updateRunStatus(runId, status, error);
            }
            return error;
        } catch (StoreException e) {
            return (error == null ? "" : error + "; ") + "run " + runId + " could not be marked "
                    + status.name().toLowerCase() + " in " + store.path() + " (" + e.getMessage() + "): it shows "
                    + "as running until DriveLab next opens that database with this run's process gone, which marks "
                    + "it interrupted; resume it then";
        } finally {
            close();
        }
    }

    private boolean freeRoom() {
        boolean had = room != null && delete(room);
        room = null;
        return had;
    }

    private static boolean delete(Path file) {
        try {
            return Files.deleteIfExists(file);
        } catch (IOException e) {
            return false;
        }
    }

    /** Gives the room back. */
    @Override
    public void close() {
        freeRoom();
    }
}
