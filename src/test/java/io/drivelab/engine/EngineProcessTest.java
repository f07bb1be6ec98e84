package io.drivelab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The process plumbing of {@link EngineProcess}, driven by small shell scripts that speak the engine's protocol
 * (the real engine is exercised in {@link EngineIntegrationTest}). These cover what the real engine cannot be
 * made to do on purpose: dying mid-run without an error line, printing garbage.
 */
@Timeout(30)
class EngineProcessTest {
    private static final Path SH = Path.of("/bin/sh");
    private static final String RESULT = "{\"type\":\"result\",\"partial\":false,\"runtime_ms\":7,\"read\":"
            + EngineEventParserTest.DIR + ",\"write\":" + EngineEventParserTest.NO_IO + "}";

    @Test
    void listenerSeesEventsInOrderAndAwaitReturnsTheResult() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        EngineListener listener = new EngineListener() {
            @Override
            public void onStart(StartEvent start) {
                seen.add("start " + start.filename());
            }

            @Override
            public void onInterval(IntervalEvent interval) {
                seen.add("interval " + interval.tMs());
            }

            @Override
            public void onResult(ResultEvent result) {
                seen.add("result");
            }

            @Override
            public void onDiagnostic(String line) {
                seen.add("stderr " + line);
            }
        };
        String script = "echo '{\"type\":\"start\",\"filename\":\"/f\"}';"
                + "echo '{\"type\":\"interval\",\"t_ms\":100}';"
                + "echo '{\"type\":\"interval\",\"t_ms\":200}';"
                + "echo '" + RESULT + "'";

        try (EngineProcess engine = EngineProcess.start(SH, List.of("-c", script), listener)) {
            ResultEvent result = engine.awaitResult();

            assertEquals(7, result.runtimeMs());
            assertEquals(RESULT, result.rawJson());
            assertEquals("/f", engine.startEvent().orElseThrow().filename());
            assertEquals(List.of("start /f", "interval 100", "interval 200", "result"), seen);
            assertEquals(0, engine.exitCode().orElseThrow());
        }
    }

    @Test
    void errorLineBecomesExceptionWithErrnoAndMessage() throws Exception {
        String script = "echo 'cannot open' >&2; echo '{\"type\":\"error\",\"errno\":13,\"message\":\"denied\",\"op\":\"open\"}';"
                + "exit 1";
        try (EngineProcess engine = EngineProcess.start(SH, List.of("-c", script), EngineListener.NONE)) {
            EngineException e = assertThrows(EngineException.class, engine::awaitResult);

            assertEquals("denied", e.getMessage());
            assertEquals(13, e.errno());
            assertEquals("open", e.op());
            assertEquals(1, e.exitCode());
            assertEquals("cannot open\n", e.stderr());
            assertFalse(e.partialResult().isPresent());
        }
    }

    @Test
    void errorAfterResultKeepsThePartialResult() throws Exception {
        String script = "echo '" + RESULT + "'; echo '{\"type\":\"error\",\"errno\":5,\"message\":\"io error\"}'; exit 1";
        try (EngineProcess engine = EngineProcess.start(SH, List.of("-c", script), EngineListener.NONE)) {
            EngineException e = assertThrows(EngineException.class, engine::awaitResult);

            assertEquals(5, e.errno());
            assertEquals(7, e.partialResult().orElseThrow().runtimeMs());
        }
    }

    @Test
    void deathBySignalWithoutErrorLineNamesTheSignalAndStderrTail() throws Exception {
        String script = "echo 'last words' >&2; kill -9 $$";
        try (EngineProcess engine = EngineProcess.start(SH, List.of("-c", script), EngineListener.NONE)) {
            EngineException e = assertThrows(EngineException.class, engine::awaitResult);

            assertEquals(137, e.exitCode());
            assertTrue(e.getMessage().startsWith("engine exited with code 137 (killed by signal 9, SIGKILL)"),
                    e.getMessage());
            assertTrue(e.getMessage().endsWith("last words"), e.getMessage());
            assertFalse(e.error().isPresent());
        }
    }

    @Test
    void killStopsAHangingEngine() throws Exception {
        try (EngineProcess engine = EngineProcess.start(SH, List.of("-c", "exec sleep 60"), EngineListener.NONE)) {
            engine.kill();
            EngineException e = assertThrows(EngineException.class, engine::awaitResult);
            assertTrue(e.getMessage().contains("SIGKILL"), e.getMessage());
        }
    }

    @Test
    void strayStdoutLinesEndUpInStderrTextNotAsEvents() throws Exception {
        String script = "echo 'not json'; echo '" + RESULT + "'";
        try (EngineProcess engine = EngineProcess.start(SH, List.of("-c", script), EngineListener.NONE)) {
            engine.awaitResult();
            assertTrue(engine.stderr().contains("unparseable engine output: not json"), engine.stderr());
        }
    }

    @Test
    void throwingListenerFailsTheRunButDoesNotStallReading() throws Exception {
        EngineListener throwing = new EngineListener() {
            @Override
            public void onStart(StartEvent start) {
                throw new IllegalStateException("listener bug");
            }
        };
        String script = "echo '{\"type\":\"start\"}'; echo '" + RESULT + "'";
        try (EngineProcess engine = EngineProcess.start(SH, List.of("-c", script), throwing)) {
            EngineException e = assertThrows(EngineException.class, engine::awaitResult);
            assertTrue(e.getMessage().contains("listener bug"), e.getMessage());
            assertEquals(0, e.exitCode());
        }
    }

    @Test
    void exitWithoutAnyOutputIsAnError() throws Exception {
        try (EngineProcess engine = EngineProcess.start(SH, List.of("-c", "exit 0"), EngineListener.NONE)) {
            EngineException e = assertThrows(EngineException.class, engine::awaitResult);
            assertEquals("engine exited with code 0 without a result", e.getMessage());
        }
    }

    @Test
    void awaitingFromAnotherThreadThanTheStarterIsRefused() throws Exception {
        try (EngineProcess engine = EngineProcess.start(SH, List.of("-c", "echo '" + RESULT + "'"),
                EngineListener.NONE)) {
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            Thread other = new Thread(() -> {
                try {
                    engine.awaitResult();
                } catch (Throwable t) {
                    thrown.set(t);
                }
            });
            other.start();
            other.join();
            assertTrue(thrown.get() instanceof IllegalStateException, String.valueOf(thrown.get()));
            // The starter thread still gets its result.
            assertEquals(7, engine.awaitResult().runtimeMs());
        }
    }

    @Test
    void missingBinaryFailsToStartWithItsPath() {
        EngineException e = assertThrows(EngineException.class,
                () -> EngineProcess.start(Path.of("/nonexistent/drivelab-engine"), List.of(), EngineListener.NONE));
        assertTrue(e.getMessage().contains("/nonexistent/drivelab-engine"), e.getMessage());
    }

    @Test
    void closeTerminatesARunningEngine() throws Exception {
        EngineProcess engine = EngineProcess.start(SH, List.of("-c", "exec sleep 60"), EngineListener.NONE);
        engine.close();
        assertFalse(engine.isAlive());
        assertEquals(143, engine.exitCode().orElseThrow(), "SIGTERM first");
    }

    @Test
    void aStopTheEngineDoesNotObeyEndsInSigkill() throws Exception {
        // SIGTERM ignored, as by a hung or SIGSTOPped engine
        try (EngineProcess engine = EngineProcess.start(SH, List.of("-c", "trap '' TERM; exec sleep 60"),
                EngineListener.NONE)) {
            engine.stop();
            EngineException e = assertThrows(EngineException.class, engine::awaitResult);
            assertTrue(e.getMessage().contains("SIGKILL"), e.getMessage());
        }
    }

    @Test
    void killAllLeavesNoEngineOfThisJvmRunning() throws Exception {
        EngineProcess a = EngineProcess.start(SH, List.of("-c", "trap '' TERM; exec sleep 60"), EngineListener.NONE);
        EngineProcess b = EngineProcess.start(SH, List.of("-c", "exec sleep 60"), EngineListener.NONE);
        EngineProcess.killAll(10_000);
        assertFalse(a.isAlive());
        assertFalse(b.isAlive());
        a.close();
        b.close();
    }
}
