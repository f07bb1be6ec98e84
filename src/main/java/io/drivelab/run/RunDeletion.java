package io.drivelab.run;

import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoreException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Deleting a stored run (History's Delete, {@code drivelab delete}): its points, samples and histograms go, and with
 * them the test file it kept for its resume, which nothing can use once the run is gone (a 1 GiB file on /dev/shm
 * holds 1 GiB of RAM). Only a file the run itself created and tagged goes; a completed run's file kept with
 * --keep-file was kept by choice and stays. A checkpoint run on a folder whose engine was killed outright (the
 * machine went down) left its checkpoint files there, gigabytes of them: they go too, found by the engine's names and
 * tag, unless another run works in that folder now.
 */
public final class RunDeletion {
    /** The engine's checkpoint files (checkpoint.c, ckpt_file_name) and the tag it sets on what it creates. */
    private static final Pattern CHECKPOINT = Pattern.compile("ckpt-\\d{3,}-\\d{3,}-rank\\d+\\.pt");
    private static final String ENGINE_TAG = "drivelab";
    private static final String ENGINE_TAG_VALUE = "drivelab-engine test file";

    /**
     * @param run                the run as it was
     * @param testFileRemoved    the test file removed with it, or null
     * @param testFileLeft       why its test file could not be removed, or null
     * @param checkpointsRemoved the checkpoint files removed from its folder
     */
    public record Deleted(Run run, Path testFileRemoved, String testFileLeft, List<Path> checkpointsRemoved) {
        Deleted(Run run, Path testFileRemoved, String testFileLeft) {
            this(run, testFileRemoved, testFileLeft, List.of());
        }
    }

    private RunDeletion() {
    }

    /**
     * Deletes run {@code runId} and the test file it kept for its resume.
     *
     * @throws StoreException when there is no such run, or it runs now (nothing is removed then)
     */
    public static Deleted delete(Store store, long runId) {
        Run run = store.getRun(runId).orElseThrow(() -> new StoreException("there is no run " + runId));
        store.deleteRun(runId);
        if (!keepsATestFile(run)) {
            return new Deleted(run, null, null);
        }
        if ("folder".equals(run.targetKind())) {
            return new Deleted(run, null, null, removeCheckpoints(Path.of(run.target()), store.path()));
        }
        Path file = Path.of(run.target());
        // a TestFile of this execution has created nothing: only the run's tag makes the file its own
        if (!new TestFile(file, store.path().toString(), runId).isOurs()) {
            return new Deleted(run, null, null);
        }
        try {
            Files.delete(file);
            return new Deleted(run, file, null);
        } catch (IOException e) {
            return new Deleted(run, null, file + " could not be removed (" + e.getMessage() + "): delete it yourself");
        }
    }

    /**
     * Whether {@code run} may have kept a test file for its resume, or checkpoint files in its folder: a run on a
     * file or folder that did not complete.
     */
    public static boolean keepsATestFile(Run run) {
        return ("file".equals(run.targetKind()) || "folder".equals(run.targetKind()))
                && (run.status() == RunStatus.INTERRUPTED || run.status() == RunStatus.FAILED);
    }

    /** The engine's checkpoint files in {@code folder}, while no run works there (its lock held meanwhile). */
    private static List<Path> removeCheckpoints(Path folder, Path database) {
        List<Path> removed = new ArrayList<>();
        try (TargetLock lock = TargetLock.acquire(folder, 0, database);
             DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
            for (Path file : files) {
                if (CHECKPOINT.matcher(file.getFileName().toString()).matches()
                        && Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) && taggedByTheEngine(file)) {
                    Files.delete(file);
                    removed.add(file);
                }
            }
        } catch (RunException | IOException e) {
            // another run works in the folder now (its files are its own), or the folder is gone
        }
        return removed;
    }

    private static boolean taggedByTheEngine(Path file) {
        UserDefinedFileAttributeView tags = Files.getFileAttributeView(file, UserDefinedFileAttributeView.class,
                LinkOption.NOFOLLOW_LINKS);
        try {
            if (tags == null || !tags.list().contains(ENGINE_TAG)) {
                return false;
            }
            ByteBuffer value = ByteBuffer.allocate(tags.size(ENGINE_TAG));
            tags.read(ENGINE_TAG, value);
            return ENGINE_TAG_VALUE.equals(new String(value.array(), 0, value.position(), StandardCharsets.UTF_8));
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }
}
