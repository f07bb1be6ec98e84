package io.drivelab.run;

import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoreException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Deleting a stored run (History's Delete, {@code drivelab delete}): its points, samples and histograms go, and with
 * them the test file it kept for its resume, which nothing can use once the run is gone (a 1 GiB file on /dev/shm
 * holds 1 GiB of RAM). Only a file the run itself created and tagged goes; a completed run's file kept with
 * --keep-file was kept by choice and stays.
 */
public final class RunDeletion {

    /**
     * @param run             the run as it was
     * @param testFileRemoved the test file removed with it, or null
     * @param testFileLeft    why its test file could not be removed, or null
     */
    public record Deleted(Run run, Path testFileRemoved, String testFileLeft) {
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

    /** Whether {@code run} may have kept a test file for its resume: a run on a file that did not complete. */
    public static boolean keepsATestFile(Run run) {
        return "file".equals(run.targetKind()) && (run.status() == RunStatus.INTERRUPTED
                || run.status() == RunStatus.FAILED);
    }
}
