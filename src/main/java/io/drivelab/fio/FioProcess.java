package io.drivelab.fio;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.drivelab.engine.EngineEvent;
import io.drivelab.engine.EngineEventParser;
import io.drivelab.engine.EngineException;
import io.drivelab.engine.EngineListener;
import io.drivelab.engine.EngineProcess;
import io.drivelab.engine.IntervalEvent;
import io.drivelab.engine.ResultEvent;
import io.drivelab.engine.StartEvent;
import io.drivelab.reference.FioImportException;
import io.drivelab.reference.FioJob;
import io.drivelab.workload.BlockSizeMix;
import io.drivelab.workload.FioJobFile;
import io.drivelab.workload.Point;

/**
 * One point measured by fio instead of DriveLab's engine: the point's job file (as {@code drivelab fio-job} writes
 * it), fio's per-second json+ reports turned into the engine's interval events, its last report into the engine's
 * result line, marked {@code "engine": "fio"} with fio's version and the job it ran. Used as
 * {@link io.drivelab.engine.EngineProcess} is: start, {@link #awaitResult()}, close; {@link #stop()} from any thread.
 */
public final class FioProcess implements AutoCloseable {
    private static final int STATUS_INTERVAL_S = 1;
    private static final long CLOSE_GRACE_SECONDS = 5;
    private static final int STDERR_KEEP_CHARS = 64 * 1024;

    private final FioBinary fio;
    private final Path jobFile;
    private final String jobText;
    private final Process process;
    private final EngineListener listener;
    private final FioIntervals intervals;
    private final Thread stdoutReader;
    private final Thread stderrReader;
    private final StringBuilder stderr = new StringBuilder();
    private final BlockSizeMix mix;
    private final long rampMs;
    private final AtomicBoolean startSent = new AtomicBoolean();
    private StartEvent start;
    private FioHost host;
    private HostWatch watch;
    private FioRelay relay;
    private Consumer<IntervalEvent> live = interval -> { };
    private final FioProgress progress = new FioProgress();
    private volatile String refused;
    private volatile JsonNode lastReport;
    private volatile boolean stopped;
    private volatile RuntimeException listenerFailure;

    private FioProcess(FioBinary fio, Point point, Path jobFile, String jobText, Process process,
                       EngineListener listener) {
        this.fio = fio;
        this.jobFile = jobFile;
        this.jobText = jobText;
        this.process = process;
        this.listener = listener;
        this.mix = point.workload().mix();
        this.rampMs = point.ramp() == null ? 0 : point.ramp() * 1000L;
        this.intervals = new FioIntervals(rampMs);
        this.stdoutReader = reader("stdout", this::readStdout);
        this.stderrReader = reader("stderr", this::readStderr);
    }

    /**
     * Starts fio on one pass of {@code point} against {@code target}.
     *
     * @throws EngineException the point cannot be measured by fio (AI training checkpoints), or fio did not start
     */
    public static FioProcess start(FioBinary fio, Point point, String target, EngineListener listener)
            throws EngineException {
        return start(fio, point, target, null, listener);
    }

    /**
     * As {@link #start(FioBinary, Point, String, EngineListener)}, on {@code host}'s fio server: {@code target} is a
     * path on that host. fio's client reports only at the end: a host's interval events all come then, as the
     * point's seconds to store; {@code live} gets the server's progress as it goes, about once a second, for the
     * live view only (rates, no counts or latency; see {@link FioRelay}).
     */
    public static FioProcess start(FioBinary fio, Point point, String target, FioHost host, EngineListener listener,
                                   Consumer<IntervalEvent> live) throws EngineException {
        return start(fio, point, target, host, null, listener, live);
    }

    /** As {@link #start(FioBinary, Point, String, FioHost, EngineListener, Consumer)}, its progress not shown. */
    public static FioProcess start(FioBinary fio, Point point, String target, FioHost host, EngineListener listener)
            throws EngineException {
        return start(fio, point, target, host, listener, interval -> { });
    }

    /**
     * As {@link #start(FioBinary, Point, String, FioHost, EngineListener)}, the job kept to {@code cpusAllowed}
     * (fio's {@code cpus_allowed}; null: the scheduler places it).
     */
    public static FioProcess start(FioBinary fio, Point point, String target, FioHost host, String cpusAllowed,
                                   EngineListener listener) throws EngineException {
        return start(fio, point, target, host, cpusAllowed, listener, interval -> { });
    }

    private static FioProcess start(FioBinary fio, Point point, String target, FioHost host, String cpusAllowed,
                                    EngineListener listener, Consumer<IntervalEvent> live) throws EngineException {
        if (point.isCheckpoint()) {
            throw new EngineException("point " + point.key() + ": AI training checkpoints have no fio equivalent; "
                    + "DriveLab's own engine measures them");
        }
        String jobText;
        try {
            jobText = FioJobFile.renderMeasurement(point, target, FioCost.options(point, host == null), cpusAllowed);
        } catch (IllegalArgumentException e) {
            throw new EngineException(e.getMessage(), e);
        }
        boolean created = host == null && target.startsWith("/") && !Files.exists(Path.of(target));
        Path jobFile;
        Process process;
        List<String> command;
        HostWatch watch = host == null ? null : new HostWatch(host, STATUS_INTERVAL_S);
        AtomicReference<FioProcess> self = new AtomicReference<>();
        FioRelay relay = null;
        try {
            if (host != null) {
                relay = FioRelay.open(host, (opcode, payload) -> {
                    watch.heard();
                    FioProcess p = self.get();
                    if (p != null) {  // null: only in a race with fio's first message, long before its job runs
                        p.serverSaid(opcode, payload);
                    }
                });
            }
            jobFile = Files.createTempFile("drivelab-" + point.key().replaceAll("[^A-Za-z0-9_.-]", "_") + "-", ".fio");
            Files.writeString(jobFile, jobText);
            command = new ArrayList<>(List.of(fio.path().toString()));
            if (host != null) {
                command.add("--client=" + relay.local().clientArgument());
            }
            command.addAll(List.of("--output-format=json+", "--status-interval=" + STATUS_INTERVAL_S,
                    jobFile.toString()));
            process = new ProcessBuilder(command).start();
            process.getOutputStream().close();
        } catch (IOException e) {
            if (relay != null) {
                relay.close();
            }
            throw new EngineException("cannot start " + fio.path() + ": " + e.getMessage(), e);
        }
        FioProcess started = new FioProcess(fio, point, jobFile, jobText, process, listener);
        started.host = host;
        started.relay = relay;
        started.live = live;
        // the command as it would run without the relay: the host's address, not the relay's
        List<String> shown = host == null ? command : command.stream().map(a -> a.startsWith("--client=")
                ? "--client=" + host.clientArgument() : a).toList();
        started.start = FioStart.of(fio, point, host == null ? target : host + ":" + target, created, shown);
        self.set(started);
        if (host != null) {
            started.watch = watch;
            watch.watch(process, started::kill);
        }
        started.stdoutReader.start();
        started.stderrReader.start();
        return started;
    }

    /** Asks fio to stop early (SIGTERM); it then prints its report so far, kept as a partial result. */
    public void stop() {
        stopped = true;
        process.toHandle().destroy();
    }

    public void kill() {
        stopped = true;
        process.toHandle().destroyForcibly();
    }

    /**
     * Waits for fio to exit and returns its figures as the engine's result ({@code partial} when stopped early).
     *
     * @throws EngineException fio failed: its exit and last words, with the partial result when it measured any
     */
    public ResultEvent awaitResult() throws EngineException, InterruptedException {
        int exit = process.waitFor();
        stdoutReader.join();
        stderrReader.join();
        if (listenerFailure != null) {
            throw new EngineException("engine listener failed: " + listenerFailure, listenerFailure);
        }
        if (refused != null) {
            throw new EngineException(refused, null, exit, stderr(), null, null);
        }
        if (watch != null && watch.verdict() != null) {
            throw new EngineException(watch.verdict(), null, exit, stderr(), null, null);
        }
        JsonNode report = lastReport;
        String tail = tail(stderr());
        String server = host == null ? "" : "fio server " + host + ": ";
        if (report == null || FioReports.entries(report).isEmpty()) {
            String why = relay == null || relay.failure() == null ? "" : relay.failure() + "; ";
            throw new EngineException(server + why + "fio exited with code " + exit + " without a result"
                    + (tail.isEmpty() ? "" : ": " + tail), null, exit, stderr(), null, null);
        }
        ResultEvent result = result(report, stopped || exit != 0);
        FioJob job = job(report);
        if (job.error() != 0 || (exit != 0 && !stopped)) {
            String why = job.error() != 0 ? "fio reported error " + job.error()
                    : "fio exited with code " + exit;
            throw new EngineException(server + why + (tail.isEmpty() ? "" : ": " + tail), null, exit, stderr(), result,
                    null);
        }
        return result;
    }

    private ResultEvent result(JsonNode report, boolean partial) throws EngineException {
        ObjectNode line = job(report).resultLine(report.path("fio version").asText(fio.version().text()));
        line.put("partial", partial);
        line.put("engine", "fio");
        ObjectNode about = line.putObject("fio_run");
        about.put("version", fio.version().text());
        about.put("job", jobText);
        if (mix != null && !mix.isWholePercent()) {
            // fio's bssplit takes whole percentages: the mix measured is not quite the plan's
            about.put("bssplit_planned", mix.toEngineSpec());
            about.put("bssplit_run", FioStart.mixAsRun(mix).toEngineSpec());
        }
        try {
            EngineEvent event = EngineEventParser.parse(line.toString()).orElseThrow();
            return (ResultEvent) event;
        } catch (JsonProcessingException e) {
            throw new EngineException("fio's result could not be read back: " + e.getOriginalMessage(), e);
        }
    }

    private FioJob job(JsonNode report) throws EngineException {
        try {
            return FioJob.read(jobFile, report.path("global options"), FioReports.entries(report));
        } catch (FioImportException e) {
            throw new EngineException("fio's report is not what DriveLab asked for: " + e.getMessage(), e);
        }
    }

    /** SIGTERM, a grace period for fio's last report, then SIGKILL; the job file is removed, a relay closed. */
    @Override
    public void close() {
        EngineProcess.end(process, this::stop, this::kill, TimeUnit.SECONDS.toMillis(CLOSE_GRACE_SECONDS),
                stdoutReader, stderrReader);
        if (relay != null) {
            relay.close();
        }
        try {
            Files.deleteIfExists(jobFile);
        } catch (IOException ignored) {
            // a temporary file; the system's cleaning removes it
        }
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The job file fio runs (as written for this point). */
    public String jobText() {
        return jobText;
    }

    public String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    private void readStdout() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            FioReports.read(out, report -> {
                // fio has opened (and laid out) the target by its first report: the file it created exists
                started();
                if (host != null) {
                    FioReports.naming(report, host.host());  // fio's client names the relay it talked to
                }
                lastReport = report;
                List<JsonNode> each = host == null ? List.of(report)
                        : FioReports.replayed(report, rampMs, STATUS_INTERVAL_S * 1000L);
                for (JsonNode one : each) {
                    IntervalEvent interval = intervals.next(one);
                    if (interval != null) {
                        dispatch(() -> listener.onInterval(interval));
                    }
                }
            }, this::diagnostic);
        } catch (IOException e) {
            appendStderr("reading fio's output failed: " + e.getMessage());
        }
    }

    /**
     * A message of the host's server, on the relay's thread: its hello is checked, its progress shown (the first
     * with a job running starts the point).
     */
    private void serverSaid(int opcode, ByteBuffer payload) {
        if (opcode == FioProbeReply.OPCODE) {
            FioProbeReply.decode(payload).ifPresent(this::checkServer);
        } else if (opcode == FioEta.OPCODE) {
            FioEta.decode(payload).map(eta -> progress.next(eta, System.nanoTime())).ifPresent(interval -> {
                started();
                dispatch(() -> live.accept(interval));
            });
        }
    }

    private void started() {
        if (startSent.compareAndSet(false, true)) {
            dispatch(() -> listener.onStart(start));
        }
    }

    private void readStderr() {
        try (BufferedReader err = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = err.readLine()) != null) {
                diagnostic(line);
            }
        } catch (IOException e) {
            appendStderr("reading fio's errors failed: " + e.getMessage());
        }
    }

    private void diagnostic(String said) {
        String line = relay == null ? said : said.replace("host=" + relay.local().host() + " ", "host=" + host + " ")
                .replace("<" + relay.local().host() + ">", "<" + host + ">");  // fio's client names the relay
        appendStderr(line);
        dispatch(() -> listener.onDiagnostic(line));
    }

    /** The server's hello, said to the user; another release of fio than this machine's is refused. */
    private void checkServer(FioProbeReply hello) {
        diagnostic("fio server " + host + ": hostname=" + hello.hostname() + ", fio=" + hello.version());
        FioVersion server = FioVersion.parse(hello.version()).orElse(null);
        if (server != null && !server.sameRelease(fio.version())) {
            refused = "the fio server on " + host + " is " + server + " and this machine's fio is " + fio.version()
                    + ": fio's client and server must be the same release; install " + fio.version() + " there";
            kill();
        }
    }

    private void dispatch(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            if (listenerFailure == null) {
                listenerFailure = e;
            }
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

    private static String tail(String text) {
        List<String> lines = new ArrayList<>(List.of(text.strip().split("\n")));
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 10), lines.size())).strip();
    }

    private Thread reader(String stream, Runnable body) {
        Thread thread = new Thread(body, "drivelab-fio-" + process.pid() + "-" + stream);
        thread.setDaemon(true);
        return thread;
    }
}
