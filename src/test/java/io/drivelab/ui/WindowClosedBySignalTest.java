package io.drivelab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.drivelab.IntegrationTest;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.StoredPoint;
import io.drivelab.store.Store;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The window ended by SIGTERM (the desktop session ends, `kill`), in a JVM of its own, mid-run: as its close
 * button ends it. Before, the run was left marked running, its point so far lost, the choices made forgotten.
 */
@IntegrationTest
@Timeout(120)
class WindowClosedBySignalTest {
    @TempDir
    Path dir;
    private Process window;

    @AfterEach
    void killWindow() {
        if (window != null) {
            window.descendants().forEach(ProcessHandle::destroyForcibly);
            window.destroyForcibly();
        }
    }

    @Test
    void sigtermMidRunStoresThePointSoFarMarksTheRunInterruptedAndRemembersTheChoices() throws Exception {
        Path db = dir.resolve("drivelab.db");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Ddrivelab.engine=" + System.getProperty("drivelab.engine"),
                "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless", "-Dprism.order=sw",
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"),
                SignalledWindow.class.getName(), db.toString(), dir.toString()));
        // into a file: destroying the process would close a pipe here before all was read
        Path output = dir.resolve("window.txt");
        window = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(output).contains("measuring\n") && window.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(window.isAlive() && Files.readString(output).contains("measuring\n"),
                "the window ended or did not measure: " + Files.readString(output));
        List<ProcessHandle> engines = window.descendants().toList();
        assertTrue(!engines.isEmpty(), "an engine measures");
        Thread.sleep(2_000);

        window.destroy();  // SIGTERM
        assertTrue(window.waitFor(30, TimeUnit.SECONDS), "the window ends within its close's grace");
        String lines = Files.readString(output);
        for (ProcessHandle engine : engines) {
            // an orphan engine also ends at its next report, into the closed pipe (a tenth of a second)
            assertTrue(engine.onExit().completeOnTimeout(engine, 3, TimeUnit.SECONDS).thenApply(e -> !e.isAlive())
                    .get(), "an engine outlived the window: " + engine);
        }

        try (Store store = Store.open(db)) {
            List<Run> runs = store.listRuns();
            assertEquals(1, runs.size());
            assertEquals(RunStatus.INTERRUPTED, runs.get(0).status(), "stored as stopped, resumable: " + lines);
            assertEquals(DriveLabApp.ENDED_BY_SIGNAL, runs.get(0).error(), "not said to be the user's stop");
            List<StoredPoint> points = store.listPoints(runs.get(0).id());
            assertEquals(1, points.size(), "the point so far is kept");
            assertEquals(PointStatus.PARTIAL, points.get(0).point().status());
        }
        String remembered = Files.readString(dir.resolve("gui.json"));
        assertTrue(remembered.contains(dir.toString()) && remembered.contains("16M"), remembered);
    }
}
