package io.drivelab.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * One engine process for every point of a run on one target ({@code drivelab-engine --serve}, docs/engine.md
 * "Session"): the target and its confirmation are fixed when it starts, each point is one request line on its
 * stdin, answered by the point's JSON lines and an end line. Started through pkexec where the user may not open the
 * device ({@link DeviceAccess}), so a run asks for authorization once, before anything is measured.
 *
 * <p>The engine ends when its stdin closes: {@link #close()}, or the app's death, whatever thread started it. Stops
 * go through stdin too, since the app may not signal a privileged engine. One point at a time.
 */
public final class EngineSession implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long CLOSE_GRACE_MS = EngineProcess.STOP_GRACE_MS;

    private final Process process;
    private final List<String> command;
    private final List<String> fixed;
    private final boolean throughPkexec;
    private final OutputStream requests;
    private final EngineOutput output;
    private final CountDownLatch ready = new CountDownLatch(1);
    private volatile SessionPoint current;
    /** A stop asked for the next point, or for this one before its request was sent. */
    private volatile boolean stopPending;
    private volatile boolean privileged;

    private EngineSession(Process process, List<String> command) {
        this.process = process;
        this.command = List.copyOf(command);
        this.fixed = command.stream().filter(EngineSession::isSessionOption).toList();
        this.throughPkexec = Path.of(command.get(0)).getFileName().toString().equals("pkexec");
        this.requests = process.getOutputStream();
        this.output = new EngineOutput(process, this::onLine, this::onDiagnostic);
    }

    /**
     * Starts a session on {@code target}: directly, or through pkexec where this user may not open the device for
     * the plan's access ({@code writes}). Returns once the engine is ready, i.e. after the authorization.
     *
     * @param sessionOptions what holds for every point, given once: the user's confirmation
     *                       ({@code --allow-destroy=DEVICE} or {@code --overwrite-file}) and {@code --unlink}
     * @throws EngineException the authorization was refused ("authorization was refused: ..."), or the engine
     *                         refused the target; nothing was measured or written then
     */
    public static EngineSession open(Path engine, Path target, List<String> sessionOptions, boolean writes)
            throws EngineException, InterruptedException {
        for (String option : sessionOptions) {
            if (!isSessionOption(option) || option.startsWith("--filename=")) {
                throw new IllegalArgumentException(option + " is not an option of a session's command line");
            }
        }
        return start(DeviceAccess.sessionCommand(engine, target, sessionOptions, writes));
    }

    /** What holds for every point of a session, on its command line: the target, its confirmations, --unlink. */
    static boolean isSessionOption(String option) {
        return option.startsWith("--filename=") || option.startsWith("--allow-destroy=")
                || option.equals("--overwrite-file") || option.equals("--unlink");
    }

    /** Starts {@code command} (an engine with --serve and the session's options) and waits until it is ready. */
    static EngineSession start(List<String> command) throws EngineException, InterruptedException {
        for (String argument : command) {
            EngineProcess.requireExactBytes(argument);
        }
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new EngineException("cannot start " + command.get(0) + ": " + e.getMessage(), e);
        }
        EngineProcess.track(process);
        EngineSession session = new EngineSession(process, command);
        session.output.start();
        while (!session.ready.await(100, TimeUnit.MILLISECONDS)) {
            if (!process.isAlive()) {
                session.output.join();
                if (session.ready.getCount() > 0) {
                    throw session.notStarted(process.exitValue());
                }
            }
        }
        return session;
    }

    private EngineException notStarted(int exitCode) {
        String stderr = output.stderr();
        String refusal = throughPkexec ? DeviceAccess.refusal(exitCode, EngineProcess.tail(stderr, 3)) : null;
        if (refusal != null) {
            return new EngineException(refusal, null, exitCode, stderr, null, null);
        }
        ErrorEvent error = output.firstError();
        String message = error != null ? error.message()
                : EngineProcess.describeExit(exitCode) + ": " + EngineProcess.tail(stderr, 20);
        return new EngineException("the engine session did not start: " + message, error, exitCode, stderr, null,
                null);
    }

    /**
     * Measures one point: {@code options} as for a one-shot engine; a target, confirmation or {@code --unlink}
     * among them must be the session's own (they are left out of the request).
     *
     * @return the point's result ({@code partial} when stopped)
     * @throws EngineException the engine reported an error, or the session ended
     */
    public synchronized ResultEvent run(List<String> options, EngineListener listener)
            throws EngineException, InterruptedException {
        List<String> request = new ArrayList<>();
        for (String option : options) {
            EngineProcess.requireExactBytes(option);
            if (isSessionOption(option)) {
                if (!fixed.contains(option)) {
                    throw new EngineException("this engine session measures " + String.join(" ", fixed)
                            + "; a point cannot name " + option + ": start a session with it");
                }
            } else {
                request.add(option);
            }
        }
        SessionPoint point = new SessionPoint(listener);
        current = point;
        try {
            send(requestLine(request));
            if (stopPending) {
                send("stop");  // a stop that came before the request: the engine ignores one with no point running
            }
            while (!point.awaitEnd(100)) {
                if (!process.isAlive()) {
                    output.join();
                    if (!point.ended()) {
                        throw point.failure(EngineProcess.describeExit(process.exitValue())
                                + ": the engine session ended", output.stderr());
                    }
                }
            }
            return point.outcome(output.stderr());
        } finally {
            current = null;
            stopPending = false;
        }
    }

    private static String requestLine(List<String> request) throws EngineException {
        try {
            return JSON.writeValueAsString(request);
        } catch (JsonProcessingException e) {
            throw new EngineException("cannot write the request " + request + ": " + e.getMessage(), e);
        }
    }

    /**
     * Asks the point running now, or else the next one, to stop early; it ends with a partial result (or, stopped
     * before it set up, with an error). Safe from any thread.
     */
    public void stop() {
        stopPending = true;
        if (current != null) {
            try {
                send("stop");
            } catch (EngineException ignored) {
                // the session has ended: nothing runs
            }
        }
    }

    private void send(String line) throws EngineException {
        synchronized (requests) {
            try {
                requests.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                requests.flush();
            } catch (IOException e) {
                throw new EngineException("the engine session has ended: " + e.getMessage(), e);
            }
        }
    }

    /** Closes the engine's stdin, so it ends (a running point stops); kills it if it may and must. */
    @Override
    public void close() {
        try {
            synchronized (requests) {
                requests.close();
            }
        } catch (IOException ignored) {
            // already closed
        }
        try {
            if (!process.waitFor(CLOSE_GRACE_MS, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();  // works for an engine of this user's; a privileged one ends by itself
                process.waitFor(CLOSE_GRACE_MS, TimeUnit.MILLISECONDS);
            }
            output.join();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Whether the engine runs with an administrator's rights (started through pkexec). */
    public boolean privileged() {
        return privileged;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public long pid() {
        return process.pid();
    }

    /** The command that started the session. */
    public List<String> command() {
        return command;
    }

    private void onLine(String line) {
        if (line.startsWith("{\"type\":\"ready\"") || line.startsWith("{\"type\":\"end\"")) {
            JsonNode node;
            try {
                node = JSON.readTree(line);
            } catch (JsonProcessingException e) {
                output.appendStderr("unparseable engine output: " + EngineEventParser.abbreviate(line));
                return;
            }
            if ("ready".equals(node.path("type").asText())) {
                privileged = node.path("privileged").asBoolean();
                ready.countDown();
            } else if (current != null) {
                current.end(node.path("exit").asInt());
            }
            return;
        }
        Optional<EngineEvent> event;
        try {
            event = EngineEventParser.parse(line);
        } catch (JsonProcessingException e) {
            output.appendStderr("unparseable engine output: " + EngineEventParser.abbreviate(line));
            return;
        }
        SessionPoint point = current;
        if (event.isPresent()) {
            if (point != null) {
                point.dispatch(event.get());
            } else if (event.get() instanceof ErrorEvent e) {
                output.noteError(e);  // the session's own refusal, before it was ready
            }
        }
    }

    private void onDiagnostic(String line) {
        SessionPoint point = current;
        if (point != null) {
            point.diagnostic(line);
        }
    }

    /** The stdout and stderr readers of an engine process. */
    private static final class EngineOutput {
        private static final int STDERR_KEEP_CHARS = 64 * 1024;
        private final Thread stdout;
        private final Thread stderrReader;
        private final StringBuilder stderr = new StringBuilder();
        private volatile ErrorEvent firstError;

        EngineOutput(Process process, java.util.function.Consumer<String> lines,
                     java.util.function.Consumer<String> diagnostics) {
            stdout = reader(process, "stdout", () -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        if (!line.isBlank()) {
                            lines.accept(line);
                        }
                    }
                } catch (IOException e) {
                    appendStderr("reading the engine's output failed: " + e.getMessage());
                }
            });
            stderrReader = reader(process, "stderr", () -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                        StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        appendStderr(line);
                        diagnostics.accept(line);
                    }
                } catch (IOException e) {
                    appendStderr("reading the engine's stderr failed: " + e.getMessage());
                }
            });
        }

        private static Thread reader(Process process, String stream, Runnable body) {
            Thread thread = new Thread(body, "drivelab-session-" + process.pid() + "-" + stream);
            thread.setDaemon(true);
            return thread;
        }

        void start() {
            stdout.start();
            stderrReader.start();
        }

        void join() throws InterruptedException {
            stdout.join();
            stderrReader.join();
        }

        void noteError(ErrorEvent error) {
            if (firstError == null) {
                firstError = error;
            }
        }

        ErrorEvent firstError() {
            return firstError;
        }

        void appendStderr(String line) {
            synchronized (stderr) {
                stderr.append(line).append('\n');
                if (stderr.length() > STDERR_KEEP_CHARS) {
                    stderr.delete(0, stderr.length() - STDERR_KEEP_CHARS);
                }
            }
        }

        String stderr() {
            synchronized (stderr) {
                return stderr.toString();
            }
        }
    }
}
