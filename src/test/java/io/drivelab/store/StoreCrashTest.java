package io.drivelab.store;

import io.drivelab.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What is left after a runner dies mid-run, and how the next start cleans it up. */
@IntegrationTest
class StoreCrashTest {

    @TempDir
    Path dir;

    /** Runs {@link CrashingRunner} in its own JVM; returns its run id once the JVM is gone. */
    private long crashARunner(Path db) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                CrashingRunner.class.getName(), db.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the crashing runner did not exit");
        assertEquals(137, child.exitValue(), "the crashing runner failed before its crash: " + out);
        return Long.parseLong(out);
    }

    @Test
    void aPointSavedBeforeTheRunnerDiedIsStillThere() throws Exception {
        Path db = dir.resolve("drivelab.db");
        long runId = crashARunner(db);

        try (Store store = Store.open(db)) {
            List<StoredPoint> points = store.listPoints(runId);
            assertEquals(List.of("first"), points.stream().map(p -> p.point().meta().pointKey()).toList());
            assertEquals(StoreTest.samples(), store.listSamples(points.get(0).id()));
            assertEquals(RunStatus.RUNNING, store.getRun(runId).orElseThrow().status());
        }
    }

    @Test
    void aRunWhoseRunnerDiedIsMarkedInterruptedAtItsLastPoint() throws Exception {
        Path db = dir.resolve("drivelab.db");
        long runId = crashARunner(db);

        try (Store store = Store.open(db)) {
            List<Run> marked = store.markStaleRunsInterrupted();

            assertEquals(List.of(runId), marked.stream().map(Run::id).toList());
            Run run = store.getRun(runId).orElseThrow();
            assertEquals(RunStatus.INTERRUPTED, run.status());
            assertEquals(StoreTest.measured("first", 0).endedAt(), run.endedAt());
            assertTrue(run.error().contains("process " + run.runner().pid()), run.error());
        }
    }

    @Test
    void aRunWhoseProcessIsAliveStaysRunning() {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            long runId = store.createRun(StoreTest.newRun("live"));

            assertTrue(store.markStaleRunsInterrupted().isEmpty());
            assertEquals(RunStatus.RUNNING, store.getRun(runId).orElseThrow().status());
        }
    }

    @Test
    void aRunWhosePidNowBelongsToAnotherProcessIsInterrupted() {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            // This JVM's pid, but a start time it does not have: the pid was reused.
            RunnerProcess gone = new RunnerProcess(ProcessHandle.current().pid(), Instant.EPOCH);
            long runId = store.createRun(StoreTest.newRun("reused pid"), gone);

            store.markStaleRunsInterrupted();

            Run run = store.getRun(runId).orElseThrow();
            assertEquals(RunStatus.INTERRUPTED, run.status());
            assertEquals(run.startedAt(), run.endedAt(), "no point saved: it ended when it started");
        }
    }

    @Test
    void finishedRunsAreLeftAlone() {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            long runId = store.createRun(StoreTest.newRun("done"), new RunnerProcess(1, null));
            store.updateRunStatus(runId, RunStatus.COMPLETE, null);

            assertTrue(store.markStaleRunsInterrupted().isEmpty());
            assertEquals(RunStatus.COMPLETE, store.getRun(runId).orElseThrow().status());
        }
    }

    @Test
    void aPidThatDoesNotExistIsNotAlive() throws Exception {
        Process exited = new ProcessBuilder("true").start();
        exited.waitFor();

        assertFalse(new RunnerProcess(exited.pid(), null).isAlive());
        assertTrue(RunnerProcess.current().isAlive());
    }
}
