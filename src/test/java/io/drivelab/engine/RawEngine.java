package io.drivelab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Assumptions;

/**
 * The engine binary as a plain process, for the tests that judge its raw output (bytes, exit codes, how fast it
 * ends) rather than what {@link EngineProcess} makes of it. Lines are kept as the bytes the engine wrote.
 */
final class RawEngine implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    final Process process;
    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private final CountDownLatch startLine = new CountDownLatch(1);
    private final Thread readers;

    private RawEngine(Process process) {
        this.process = process;
        Thread err = daemon(() -> copy(process.getErrorStream(), stderr, false));
        this.readers = daemon(() -> {
            copy(process.getInputStream(), stdout, true);
            join(err);
        });
    }

    static Path binary() {
        String path = System.getProperty(EngineBinary.PROPERTY);
        Assumptions.assumeTrue(path != null && Files.isExecutable(Path.of(path)),
                "the engine is not built (" + path + "); build without -Dexec.skip=true");
        return Path.of(path);
    }

    /** Starts the engine with {@code args}. */
    static RawEngine start(List<String> args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(binary().toString());
        command.addAll(args);
        return new RawEngine(new ProcessBuilder(command).start());
    }

    /** Runs {@code script} with sh, where "$ENGINE" is the engine: for arguments Java cannot spell as bytes. */
    static RawEngine shell(String script) throws IOException {
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", script);
        pb.environment().put("ENGINE", binary().toString());
        return new RawEngine(pb.start());
    }

    /** Waits for the start line; false when the engine ended without one. */
    boolean awaitStartLine(long seconds) throws InterruptedException {
        return startLine.await(seconds, TimeUnit.SECONDS);
    }

    /** Waits until the engine has its SIGTERM handler in place (SigCgt in /proc), so that a signal is handled. */
    void awaitSignalHandlers() throws Exception {
        Path status = Path.of("/proc", Long.toString(process.pid()), "status");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline && process.isAlive()) {
            for (String line : Files.readAllLines(status)) {
                // bit 14: SIGTERM (15)
                if (line.startsWith("SigCgt:")
                        && (Long.parseUnsignedLong(line.substring(7).strip(), 16) & (1L << 14)) != 0) {
                    return;
                }
            }
            Thread.onSpinWait();
        }
        fail("the engine did not install its SIGTERM handler");
    }

    void sigterm() {
        process.toHandle().destroy();
    }

    /** Waits at most {@code seconds} for the exit and returns the code; fails (killing it) if it goes on. */
    int exitWithin(double seconds, String what) throws InterruptedException {
        if (!process.waitFor((long) (seconds * 1000), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            fail("the engine was still running " + seconds + " s after " + what + "; stderr: " + stderr());
        }
        join(readers);
        return process.exitValue();
    }

    /** Every stdout line, each checked to be strict UTF-8 and one JSON object with a type. */
    List<JsonNode> jsonLines() {
        List<JsonNode> lines = new ArrayList<>();
        byte[] bytes = stdout.toByteArray();
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new AssertionError("stdout is not valid UTF-8: " + e, e);
        }
        for (String line : text.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            try {
                JsonNode node = JSON.readTree(line);
                assertTrue(node.isObject() && node.hasNonNull("type"), "not an engine line: " + line);
                lines.add(node);
            } catch (IOException e) {
                throw new AssertionError("not valid JSON: " + line, e);
            }
        }
        return lines;
    }

    /** The one line of {@code type}; fails when there is not exactly one. */
    JsonNode line(String type) {
        List<JsonNode> found = jsonLines().stream().filter(n -> type.equals(n.get("type").asText())).toList();
        assertEquals(1, found.size(), "lines of type " + type + " in: " + stdoutText());
        return found.get(0);
    }

    String stdoutText() {
        return stdout.toString(StandardCharsets.UTF_8);
    }

    String stderr() {
        synchronized (stderr) {
            return stderr.toString(StandardCharsets.UTF_8);
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }

    private void copy(InputStream in, ByteArrayOutputStream out, boolean watchStart) {
        byte[] buf = new byte[8192];
        try (in) {
            for (int n; (n = in.read(buf)) > 0; ) {
                synchronized (out) {
                    out.write(buf, 0, n);
                }
                if (watchStart && out.toString(StandardCharsets.ISO_8859_1).contains("\"type\":\"start\"")) {
                    startLine.countDown();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Thread daemon(Runnable body) {
        Thread t = new Thread(body, "raw-engine-reader");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
