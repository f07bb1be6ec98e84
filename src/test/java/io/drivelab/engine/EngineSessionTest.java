package io.drivelab.engine;

import io.drivelab.IntegrationTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code drivelab-engine --serve} and {@link EngineSession}: every point of a run on one target in one process. */
@IntegrationTest
@Timeout(60)
class EngineSessionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private List<String> session(Path target) {
        return List.of(RawEngine.binary().toString(), "--serve", "--filename=" + target);
    }

    private static List<String> point(Path target, String rw) {
        return List.of("--filename=" + target, "--rw=" + rw, "--bs=4k", "--size=4m", "--runtime=0.2",
                "--status-interval=100", "--direct=0");
    }

    @Test
    void everyPointOfARunGoesThroughOneEngineProcess() throws Exception {
        Path file = dir.resolve("test.img");
        List<String> starts = new CopyOnWriteArrayList<>();
        EngineListener listener = new EngineListener() {
            @Override
            public void onStart(StartEvent start) {
                starts.add(start.options().rw());
            }
        };
        try (EngineSession session = EngineSession.start(session(file))) {
            long pid = session.pid();
            List<ResultEvent> results = new ArrayList<>();
            for (String rw : List.of("write", "randread", "randwrite")) {
                results.add(session.run(point(file, rw), listener));
                assertEquals(pid, session.pid());
                assertTrue(session.isAlive(), "the session outlives its points");
            }
            assertEquals(List.of("write", "randread", "randwrite"), starts);
            for (ResultEvent result : results) {
                assertFalse(result.partial());
                assertTrue(result.read().ios() + result.write().ios() > 0, "each point did I/O");
            }
            assertFalse(session.privileged());
        }
    }

    @Test
    void aPointCannotNameAnotherTarget() throws Exception {
        Path file = dir.resolve("test.img");
        try (EngineSession session = EngineSession.start(session(file))) {
            EngineException e = assertThrows(EngineException.class,
                    () -> session.run(point(Path.of("/etc/shadow"), "read"), new EngineListener() { }));
            assertTrue(e.getMessage().contains("a point cannot name --filename=/etc/shadow"), e.getMessage());
            assertFalse(session.run(point(file, "write"), new EngineListener() { }).partial(),
                    "the session goes on with its own target");
        }
    }

    @Test
    void theEngineRefusesARequestThatNamesATargetOrAConfirmation() throws Exception {
        Path file = dir.resolve("test.img");
        try (Raw raw = new Raw(session(file))) {
            for (String option : List.of("--filename=/etc/shadow", "--allow-destroy=/dev/sda", "--overwrite-file",
                    "--unlink")) {
                raw.send("[\"--rw=write\",\"" + option + "\"]\n");
                JsonNode error = raw.next("error");
                assertEquals("request", error.path("op").asText());
                assertTrue(error.path("message").asText().contains("fixed when it starts"), error.toString());
                assertEquals(2, raw.next("end").path("exit").asInt());
            }
            raw.send("[\"--rw=read\",\"--size=1m\"]\n");
            assertEquals(file.toString(), raw.next("start").path("filename").asText());
            assertEquals(0, raw.next("end").path("exit").asInt());
        }
    }

    /** A stop that reaches the point before its jobs were set up used to start job threads without a backend. */
    @Test
    void aStopRightAfterTheRequestEndsThePointAsStopped() throws Exception {
        Path file = dir.resolve("test.img");
        try (Raw raw = new Raw(session(file))) {
            raw.send("[\"--rw=write\",\"--size=4m\",\"--direct=0\"]\n");
            assertEquals(0, raw.next("end").path("exit").asInt(), "the test file is laid out");
            for (int i = 0; i < 5; i++) {
                raw.send("[\"--rw=randread\",\"--size=4m\",\"--runtime=5\",\"--direct=0\"]\nstop\n");
                assertEquals(3, raw.next("end").path("exit").asInt(), "stopped (3), not crashed (139)");
            }
        }
    }

    @Test
    void closingStdinEndsTheSessionAndItsRunningPoint() throws Exception {
        Path file = dir.resolve("test.img");
        try (Raw raw = new Raw(session(file))) {
            raw.send("[\"--rw=randwrite\",\"--size=4m\",\"--runtime=30\",\"--status-interval=100\",\"--direct=0\"]\n");
            raw.next("interval");
            raw.process.getOutputStream().close();
            assertTrue(raw.process.waitFor(2, TimeUnit.SECONDS), "the session ends soon after stdin closes");
            assertEquals(0, raw.process.exitValue());
            JsonNode result = raw.next("result");
            assertTrue(result.path("partial").asBoolean(), "the running point was stopped");
        }
    }

    @Test
    @Timeout(value = 20, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)  // the old engine left it hanging
    void aPointThatDoesNotObeyAStopIsKilledAndTheSessionGoesOn() throws Exception {
        Path file = dir.resolve("test.img");
        try (Raw raw = new Raw(session(file))) {
            raw.send("[\"--rw=randwrite\",\"--size=4m\",\"--runtime=30\",\"--status-interval=100\",\"--direct=0\"]\n");
            raw.next("interval");
            long point = ChildProcesses.of(raw.process.pid()).get(0);
            assertEquals(0, new ProcessBuilder("kill", "-STOP", Long.toString(point)).start().waitFor());
            raw.send("stop\n");
            assertEquals(128 + 9, raw.next("end").path("exit").asInt(), "killed after the stop's grace period");
            raw.send("[\"--rw=read\",\"--size=1m\",\"--direct=0\"]\n");
            assertEquals(0, raw.next("end").path("exit").asInt());
        }
    }

    @Test
    void aStopEndsTheRunningPointWithAPartialResultAndTheSessionGoesOn() throws Exception {
        Path file = dir.resolve("test.img");
        try (EngineSession session = EngineSession.start(session(file))) {
            List<String> longPoint = List.of("--filename=" + file, "--rw=randwrite", "--size=4m", "--runtime=30",
                    "--status-interval=100", "--direct=0");
            ResultEvent stopped = session.run(longPoint, new EngineListener() {
                @Override
                public void onInterval(IntervalEvent interval) {
                    session.stop();
                }
            });
            assertTrue(stopped.partial());
            assertFalse(session.run(point(file, "read"), new EngineListener() { }).partial());
        }
    }

    @Test
    void anOverwriteConfirmationIsGivenOnceForEveryPointOfTheSession() throws Exception {
        Path file = Files.write(dir.resolve("theirs.img"), new byte[4 << 20]);  // a file DriveLab did not create
        try (EngineSession session = EngineSession.open(RawEngine.binary(), file, List.of("--overwrite-file"),
                true)) {
            for (int i = 0; i < 2; i++) {
                assertFalse(session.run(point(file, "write"), new EngineListener() { }).partial());
            }
        }
        try (EngineSession session = EngineSession.open(RawEngine.binary(), file, List.of(), true)) {
            EngineException e = assertThrows(EngineException.class,
                    () -> session.run(point(file, "write"), new EngineListener() { }));
            assertTrue(e.getMessage().contains("--overwrite-file"), e.getMessage());
        }
    }

    @Test
    void theSessionTakesOnlyItsTargetAndConfirmationOnItsCommandLine() {
        Path file = dir.resolve("test.img");
        List<String> command = new ArrayList<>(session(file));
        command.add("--rw=write");
        EngineException e = assertThrows(EngineException.class, () -> EngineSession.start(command));
        assertTrue(e.getMessage().contains("'--rw=write': a session takes --filename=PATH, --allow-destroy=PATH, "
                + "--overwrite-file and --unlink"), e.getMessage());
    }

    /** The engine --serve as a plain process, its stdout read line by line. */
    static final class Raw implements AutoCloseable {
        final Process process;
        private final BufferedReader out;
        private final OutputStream in;

        Raw(List<String> command) throws IOException {
            this(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start());
        }

        Raw(Process process) throws IOException {
            this.process = process;
            this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            this.in = process.getOutputStream();
            next("ready");
        }

        void send(String text) throws IOException {
            in.write(text.getBytes(StandardCharsets.UTF_8));
            in.flush();
        }

        /** The next line of {@code type}, skipping others; fails at the end of the output. */
        JsonNode next(String type) throws IOException {
            for (String line; (line = out.readLine()) != null; ) {
                JsonNode node = JSON.readTree(line);
                if (type.equals(node.path("type").asText())) {
                    return node;
                }
                if (!Set.of("start", "interval", "layout", "result", "error", "end", "ready")
                        .contains(node.path("type").asText())) {
                    throw new AssertionError("unknown line " + line);
                }
            }
            throw new AssertionError("the engine ended before a '" + type + "' line");
        }

        @Override
        public void close() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor();
        }
    }
}
