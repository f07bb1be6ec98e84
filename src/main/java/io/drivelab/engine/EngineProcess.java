package io.drivelab.engine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * One run of the native engine: starts it, turns its stdout JSON lines into events for an
 * {@link EngineListener}, and yields the final {@link ResultEvent}.
 *
 * <p><b>Start and await on the same long-lived thread.</b> The engine arms {@code PR_SET_PDEATHSIG} so it stops
 * when the app dies; Linux fires that signal when the <i>thread</i> that spawned the process exits, not the
 * whole JVM. An engine started from a short-lived pool thread is therefore killed (with a partial result) as soon
 * as the pool retires that thread. {@link #awaitResult()} enforces this by refusing other threads: give every
 * run a thread of its own that starts the engine and waits for it. {@link #stop()} and {@link #kill()} are safe
 * from any thread (e.g. a Stop button).
 *
 * <p>Signals go through {@link ProcessHandle}, not {@link Process#destroy()}: the latter also closes the pipes,
 * so the partial result the engine prints after SIGTERM would be lost.
 *
 * <p>Listener methods run on this object's reader threads. Use try-with-resources: {@link #close()} makes sure
 * no engine outlives its owner. A stop that the engine does not obey within {@link #STOP_GRACE_MS} (it hangs, or it
 * is stopped with SIGSTOP) ends in SIGKILL, and {@link #killAll(long)} ends every engine of this JVM at once (the CLI's
 * shutdown hook, the window's close): the app never leaves an engine behind. The engine's stdin stays open for as
 * long as the app lives, so that an engine may also take its closing as the app's death.
 */
public final class EngineProcess implements AutoCloseable {
    /** How much of stderr to keep for error messages. */
    private static final int STDERR_KEEP_CHARS = 64 * 1024;
    /** How long a stopped engine has to print its partial result before it is killed. */
    public static final long STOP_GRACE_MS = 1000;
    /** Every engine of this JVM still running, one-shot or a session, for {@link #killAll(long)}. */
    private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();
    private static final ScheduledExecutorService KILLER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "drivelab-engine-killer");
        t.setDaemon(true);
        return t;
    });

    private final Process process;
    private final Thread owner;
    private final PointEvents events;
    private final List<String> command;
    private final Thread stdoutReader;
    private final Thread stderrReader;
    private final StringBuilder stderr = new StringBuilder();

    private volatile IOException readFailure;

    private EngineProcess(Process process, List<String> command, EngineListener listener) {
        this.process = process;
        this.command = command;
        this.events = new PointEvents(listener);
        this.owner = Thread.currentThread();
        this.stdoutReader = readerThread("stdout", () -> readStdout(process.getInputStream()));
        this.stderrReader = readerThread("stderr", () -> readStderr(process.getErrorStream()));
    }

    /** Starts the engine found by {@link EngineBinary#locate()} with {@code options} (e.g. "--rw=randread"). */
    public static EngineProcess start(List<String> options, EngineListener listener) throws EngineException {
        return start(EngineBinary.locate(), options, listener);
    }

    /** Starts {@code engine} with {@code options}; see the class comment for which thread may call this. */
    public static EngineProcess start(Path engine, List<String> options, EngineListener listener)
            throws EngineException {
        for (String option : options) {
            requireExactBytes(option);
        }
        List<String> command = new ArrayList<>(options.size() + 1);
        command.add(engine.toString());
        command.addAll(options);
        Process process;
        try {
            process = new ProcessBuilder(command).start();
        } catch (IOException e) {
            throw new EngineException("cannot start " + engine + ": " + e.getMessage(), e);
        }
        EngineProcess engineProcess = new EngineProcess(process, List.copyOf(command), listener);
        track(process);
        process.onExit().thenRun(engineProcess::closeStdin);
        engineProcess.stdoutReader.start();
        engineProcess.stderrReader.start();
        return engineProcess;
    }

    /**
     * An argument reaches the engine as bytes in the encoding the JVM uses for file names. A path whose bytes were
     * not in that encoding was read with U+FFFD in their place, and would name a different file: refused.
     */
    static void requireExactBytes(String option) throws EngineException {
        Charset names = fileNameCharset();
        if (option.indexOf('\uFFFD') >= 0 || !names.newEncoder().canEncode(option)) {
            throw new EngineException("cannot pass '" + option + "' to the engine exactly: it holds bytes that are "
                    + "not valid " + names + " (shown as \uFFFD), and the engine would open a different file; "
                    + "rename the file or folder so that its name is valid " + names);
        }
    }

    private static Charset fileNameCharset() {
        try {
            return Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"));
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }

    /**
     * Asks the engine to stop early (SIGTERM); it then prints a partial result and exits. One that is still there
     * {@link #STOP_GRACE_MS} later is killed.
     */
    public void stop() {
        // Not process.destroy(): that also closes our ends of the pipes, losing the partial result.
        process.toHandle().destroy();
        KILLER.schedule(() -> {
            if (process.isAlive()) {
                kill();
            }
        }, STOP_GRACE_MS, TimeUnit.MILLISECONDS);
    }

    /** Kills the engine outright (SIGKILL); no result follows. */
    public void kill() {
        process.toHandle().destroyForcibly();
    }

    /** Counts {@code engine} among this JVM's engines until it exits. */
    static void track(Process engine) {
        LIVE.add(engine);
        engine.onExit().thenRun(() -> LIVE.remove(engine));
    }

    /**
     * Kills every engine this JVM started and still runs (a session's too), and waits for them to be gone, at most
     * {@code millis}: for when the app ends and cannot wait for results. An engine running with an administrator's
     * rights cannot be signalled; it ends when its stdin closes with the app.
     */
    public static void killAll(long millis) {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        for (Process engine : List.copyOf(LIVE)) {
            engine.toHandle().destroyForcibly();
        }
        for (Process engine : List.copyOf(LIVE)) {
            try {
                engine.waitFor(Math.max(0, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Engines of this JVM still running. */
    public static int running() {
        return LIVE.size();
    }

    private void closeStdin() {
        try {
            process.getOutputStream().close();
        } catch (IOException ignored) {
            // already closed
        }
    }

    /**
     * Waits for the engine to exit and returns its result ({@code partial} when stopped early).
     *
     * @throws EngineException       the engine reported an error (errno, op and message from its error line), or
     *                               it exited without a result (killed by a signal, crashed)
     * @throws IllegalStateException when called from another thread than the one that started the engine
     */
    public ResultEvent awaitResult() throws EngineException, InterruptedException {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("await the engine on the thread that started it (" + owner.getName()
                    + "): the engine dies with that thread (PR_SET_PDEATHSIG)");
        }
        int exitCode = process.waitFor();
        stdoutReader.join();
        stderrReader.join();

        return events.outcome(exitCode, stderr(), readFailure);
    }

    /** SIGTERM, a grace period for the partial result, then SIGKILL; and the reader threads are done. */
    @Override
    public void close() {
        end(process, this::stop, this::kill, STOP_GRACE_MS, stdoutReader, stderrReader);
    }

    /**
     * Ends a measuring child the way every one is ended: asked to stop ({@code stop}), killed ({@code kill}) when it
     * is still there {@code graceMs} later, then its reader threads are waited for. An interrupt kills it at once
     * and stays set for the caller.
     */
    public static void end(Process process, Runnable stop, Runnable kill, long graceMs, Thread... readers) {
        try {
            if (process.isAlive()) {
                stop.run();
                if (!process.waitFor(graceMs, TimeUnit.MILLISECONDS)) {
                    kill.run();
                    process.waitFor();
                }
            }
            for (Thread reader : readers) {
                reader.join();
            }
        } catch (InterruptedException e) {
            kill.run();
            Thread.currentThread().interrupt();
        }
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public long pid() {
        return process.pid();
    }

    /** The exit code, once the engine has exited. */
    public OptionalInt exitCode() {
        return process.isAlive() ? OptionalInt.empty() : OptionalInt.of(process.exitValue());
    }

    /** The full command line, engine path first. */
    public List<String> command() {
        return command;
    }

    /** The start line, once it has arrived. */
    public Optional<StartEvent> startEvent() {
        return Optional.ofNullable(events.start());
    }

    /** What the engine has written on stderr so far (the last 64 KiB). */
    public String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    private Thread readerThread(String stream, Runnable body) {
        Thread thread = new Thread(body, "drivelab-engine-" + process.pid() + "-" + stream);
        thread.setDaemon(true);
        return thread;
    }

    private void readStdout(InputStream stdout) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(stdout, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                Optional<EngineEvent> event;
                try {
                    event = EngineEventParser.parse(line);
                } catch (JsonProcessingException e) {
                    // The protocol promises JSON only; keep the stray line where error messages will show it.
                    appendStderr("unparseable engine output: " + EngineEventParser.abbreviate(line));
                    continue;
                }
                event.ifPresent(events::dispatch);
            }
        } catch (IOException e) {
            readFailure = e;
        }
    }

    private void readStderr(InputStream errorStream) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(errorStream, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                appendStderr(line);
                events.diagnostic(line);
            }
        } catch (IOException e) {
            readFailure = e;
        }
    }

    private void appendStderr(String line) {
        synchronized (stderr) {
            stderr.append(line).append('\n');
            if (stderr.length() > STDERR_KEEP_CHARS) {
                stderr.delete(0, stderr.length() - STDERR_KEEP_CHARS);
            }
        }
    }

    static String describeExit(int exitCode) {
        // Java reports death by signal N as exit code 128 + N.
        if (exitCode > 128 && exitCode < 128 + 65) {
            int signal = exitCode - 128;
            return "engine exited with code " + exitCode + " (killed by signal " + signal + signalName(signal) + ")";
        }
        return "engine exited with code " + exitCode + (exitCode == 0 ? " without a result" : "");
    }

    private static String signalName(int signal) {
        switch (signal) {
            case 2: return ", SIGINT";
            case 6: return ", SIGABRT";
            case 9: return ", SIGKILL";
            case 11: return ", SIGSEGV";
            case 15: return ", SIGTERM";
            default: return "";
        }
    }

    static String tail(String text, int lines) {
        String[] all = text.strip().split("\n");
        if (all.length <= lines) {
            return text.strip();
        }
        return String.join("\n", java.util.Arrays.copyOfRange(all, all.length - lines, all.length));
    }
}
