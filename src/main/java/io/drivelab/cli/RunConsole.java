package io.drivelab.cli;

import io.drivelab.engine.DirectionStats;
import io.drivelab.engine.EngineProcess;
import io.drivelab.engine.IntervalEvent;
import io.drivelab.engine.LayoutEvent;
import io.drivelab.run.PlanPosition;
import io.drivelab.run.RunListener;
import io.drivelab.run.RunProgress;
import io.drivelab.run.SteadyStateDetector;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointResult;
import io.drivelab.store.RunStatus;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Units;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What `drivelab run` and `drivelab resume` show while a run goes: a progress line on stderr (point, live
 * IOPS and MB/s, percent, ETA), a line per finished point on stdout (or a JSON object per line with --json), and
 * Ctrl+C stops the run cleanly: the running point ends with a partial result, and the run can be resumed.
 */
final class RunConsole implements RunListener {
    /** Exit code of a run stopped by the user, as a shell reports a process ended by SIGINT. */
    static final int EXIT_INTERRUPTED = 130;
    private static final long PLAIN_PROGRESS_EVERY_NANOS = 10_000_000_000L;
    /** One object per line, so that scripts can read the output as it comes. */
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON_LINES =
            new com.fasterxml.jackson.databind.ObjectMapper();

    private PrintWriter out;
    private final PrintWriter err;
    private final boolean json;
    private final boolean terminal = System.console() != null;
    private volatile double liveIops;
    private volatile long liveBw;
    private volatile String liveLayout = "";
    /** ", holding 98 % of 5000 IOPS" for a point run at a rate; "" otherwise. */
    private volatile String liveRate = "";
    private long lastPlainProgress;
    private int lineLength;
    /** The run's plan items, which the progress' index is into. */
    private List<PlanItem> planItems = List.of();
    private int pointsDone;
    /** With several targets at once: the target, in front of every line ("[/dev/md0] "); else empty. */
    private String label = "";
    private boolean showProgress = true;

    RunConsole(PrintWriter out, PrintWriter err, boolean json) {
        this.out = out;
        this.err = err;
        this.json = json;
    }

    /**
     * One of several targets run at once: its lines start with "[TARGET] " (JSON objects get a "target"), and only
     * the console that shows progress draws the progress line (the targets move point by point together).
     */
    RunConsole labelled(String target, boolean progress) {
        this.label = target;
        this.showProgress = progress;
        if (!json) {
            this.out = new PrintWriter(new LinePrefixWriter(out, "[" + target + "] "), true);
        }
        return this;
    }

    /** Puts a prefix in front of every line and hands over whole lines, so that consoles of targets never mix. */
    private static final class LinePrefixWriter extends java.io.Writer {
        private final PrintWriter target;
        private final String prefix;
        private final StringBuilder line = new StringBuilder();

        LinePrefixWriter(PrintWriter target, String prefix) {
            this.target = target;
            this.prefix = prefix;
        }

        @Override
        public synchronized void write(char[] chars, int off, int len) {
            for (int i = off; i < off + len; i++) {
                line.append(chars[i]);
                if (chars[i] == '\n') {
                    target.print(prefix + line);
                    line.setLength(0);
                }
            }
        }

        @Override
        public synchronized void flush() {
            target.flush();
        }

        @Override
        public void close() {
            flush();
        }
    }

    /**
     * Executes on this thread, calling {@code cancel} on Ctrl+C or SIGTERM; returns the exit code. The JVM ends soon
     * after the signal and leaves no engine behind: an engine that does not stop within its grace is killed, and
     * the run is stored as interrupted (resumable) if the store can be reached in time.
     */
    static int execute(Runnable cancel, java.util.function.Supplier<RunStatus> run) {
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            cancel.run();
            try {
                // let the runner store the stopped point and mark the run interrupted before the JVM exits; an
                // engine that has not obeyed the stop by then hangs (a session's point obeys within 0.5 s)
                if (!finished.await(EngineProcess.STOP_GRACE_MS, TimeUnit.MILLISECONDS)) {
                    EngineProcess.killAll(1000);
                    finished.await(2, TimeUnit.SECONDS);
                }
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            } finally {
                EngineProcess.killAll(1000);
            }
        }, "drivelab-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            RunStatus status = run.get();
            return switch (status) {
                case COMPLETE -> 0;
                case INTERRUPTED -> EXIT_INTERRUPTED;
                default -> CommandException.FAILED;
            };
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it returns as soon as the latch is down
            }
        }
    }

    @Override
    public synchronized void runStarted(long runId, List<PlanItem> items) {
        long points = items.stream().filter(PlanItem::isMeasure).count();
        planItems = List.copyOf(items);
        if (json) {
            print(Map.of("type", "run", "id", runId, "items", items.size(), "points", points));
        } else {
            out.printf(Locale.ROOT, "Run %d: %s. Ctrl+C stops it; `drivelab resume %d` continues.%n", runId,
                    PlanPosition.inThePlan(items), runId);
            out.flush();
        }
    }

    @Override
    public void layout(PlanItem item, LayoutEvent layout) {
        liveLayout = String.format(Locale.ROOT, "writing out the test file %s of %s",
                Units.formatSize(layout.doneBytes()), Units.formatSize(layout.totalBytes()));
    }

    @Override
    public void sample(PlanItem item, IntervalEvent sample) {
        liveLayout = "";
        DirectionStats r = sample.read(), w = sample.write();
        liveIops = (r == null ? 0 : r.iops()) + (w == null ? 0 : w.iops());
        liveBw = (r == null ? 0 : r.bwBytes()) + (w == null ? 0 : w.bwBytes());
        liveRate = holding(sample.rate());
    }

    /** ", holding 98 % of 5000 IOPS" ("of 237.5 MB/s" for a rate in bytes); "" without a rate. */
    static String holding(IntervalEvent.RateSoFar rate) {
        if (rate == null) {
            return "";
        }
        String target = rate.iops() ? Format.iops(rate.target()) + " IOPS"
                : Format.megabytesPerSecond(Math.round(rate.target())) + " MB/s";
        return String.format(Locale.ROOT, ", holding %.0f %% of %s", rate.achievedPct(), target);
    }

    @Override
    public synchronized void progress(RunProgress p) {
        if (!showProgress) {
            return;
        }
        String what = liveLayout.isEmpty() ? String.format(Locale.ROOT, "%s IOPS %s MB/s%s", Format.iops(liveIops),
                Format.megabytesPerSecond(liveBw), liveRate) : liveLayout;
        String line = String.format(Locale.ROOT, "[%s] %s | %s | %3.0f%% elapsed %s ETA %s",
                PlanPosition.of(planItems, p), shorten(p.current(), 60), what, p.fraction() * 100,
                clock(p.elapsed()), clock(p.eta()));
        if (terminal) {
            err.print("\r" + line + " ".repeat(Math.max(0, lineLength - line.length())));
            lineLength = line.length();
            err.flush();
        } else if (System.nanoTime() - lastPlainProgress > PLAIN_PROGRESS_EVERY_NANOS) {
            lastPlainProgress = System.nanoTime();
            err.println(line);
            err.flush();
        }
    }

    /** A checkpoint point starts: say what one checkpoint is, since a share of the target is not the reviews' size. */
    @Override
    public synchronized void engineStarted(PlanItem item, io.drivelab.engine.StartEvent start) {
        if (json || !item.point().isCheckpoint()) {
            return;
        }
        com.fasterxml.jackson.databind.JsonNode options;
        try {
            options = JSON_LINES.readTree(start.rawJson()).path("options");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return;
        }
        clearProgress();
        io.drivelab.workload.Checkpoint c = item.point().checkpoint();
        long bytes = options.path("checkpoint_size").asLong();
        String scaled = c.size() != null ? "" : String.format(Locale.ROOT, ", %.1f %% of the %s target", c.sharePercent(),
                Units.formatSize(start.targetSize()))
                + (Math.abs(c.sharePercent() - io.drivelab.workload.Checkpoint.REVIEWS_SHARE_PERCENT) < 1e-9
                ? " (the reviews' 1,636 GB of a 7.68 TB drive, scaled down: compare with them by GB/s; seconds "
                + "only compare at 1,636 GB)" : "");
        out.printf(Locale.ROOT, "  checkpoints of %s (%.3f GB)%s: %d ranks, %d per pass x %d passes%n",
                Units.formatSize(bytes), bytes / 1e9, scaled, item.point().numjobs(), c.perPass(), c.passes());
        out.flush();
    }

    @Override
    public synchronized void checkpoint(PlanItem item, io.drivelab.engine.CheckpointEvent c) {
        clearProgress();
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("type", "checkpoint");
            m.put("key", item.point().key());
            m.put("pass", c.pass());
            m.put("index", c.index());
            m.put("seconds", c.seconds());
            m.put("write_seconds", c.writeSeconds());
            m.put("fsync_seconds", c.fsyncSeconds());
            m.put("bytes", c.bytes());
            m.put("gb_per_s", c.gbPerS());
            m.put("deleted", c.deleted());
            print(m);
            return;
        }
        out.println("    checkpoint " + io.drivelab.run.CheckpointFigures.describe(c));
        out.flush();
    }

    @Override
    public synchronized void steadyState(PlanItem item, SteadyStateDetector.Verdict verdict) {
        clearProgress();
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("type", "steady_state");
            m.put("key", item.point().key());
            m.put("rounds", verdict.rounds());
            m.put("window", verdict.window());
            m.put("steady", verdict.steady());
            m.put("verdict", verdict.describe());
            print(m);
        } else {
            out.println("  steady state of " + item.point().key() + ": " + verdict.describe());
            out.flush();
        }
    }

    @Override
    public synchronized void pointFinished(RunProgress progress, PlanItem item, PointResult r) {
        clearProgress();
        pointsDone++;
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("type", "point");
            m.put("key", r.meta().pointKey());
            m.put("kind", r.meta().kind().name().toLowerCase(Locale.ROOT));
            m.put("status", r.status().name().toLowerCase(Locale.ROOT));
            m.put("read", figures(r.read()));
            m.put("write", figures(r.write()));
            if (r.error() != null) {
                m.put("error", r.error());
            }
            print(m);
            return;
        }
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-30s %-9s", r.meta().pointKey(),
                r.status().name().toLowerCase(Locale.ROOT)));
        var checkpoints = io.drivelab.engine.CheckpointSummary.fromResultJson(r.resultJson());
        if (checkpoints.isEmpty()) {
            appendDirection(line, "read", r.read());
            appendDirection(line, "write", r.write());
        }
        out.println(line.toString().stripTrailing());
        if (r.error() != null) {
            out.println("    " + r.error());
        }
        checkpoints.ifPresent(this::passAverages);
        out.flush();
    }

    @Override
    public synchronized void runFinished(long runId, RunStatus status, String error) {
        clearProgress();
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("type", "end");
            m.put("id", runId);
            m.put("status", status.name().toLowerCase(Locale.ROOT));
            if (error != null) {
                m.put("error", error);
            }
            print(m);
            return;
        }
        switch (status) {
            case COMPLETE -> out.printf(Locale.ROOT, "Run %d complete. `drivelab show %d` lists it, "
                    + "`drivelab export %d --format csv` exports it.%n", runId, runId, runId);
            case INTERRUPTED -> out.printf(Locale.ROOT, "Run %d stopped (%s); the measured points are kept. "
                    + "`drivelab resume %d` continues it.%n", runId, error, runId);
            default -> out.printf(Locale.ROOT, "Run %d failed: %s%nThe points measured before are kept; "
                    + "`drivelab resume %d` retries from the failed point.%n", runId, error, runId);
        }
        out.flush();
    }

    /** The reviews' table: mean seconds per checkpoint of each pass, with GB/s. */
    private void passAverages(io.drivelab.engine.CheckpointSummary s) {
        for (io.drivelab.engine.CheckpointSummary.PassAverage p : s.passAverages()) {
            out.printf(Locale.ROOT, "    pass %d: %d checkpoints, mean %.2f s per checkpoint, %.3f GB/s%n", p.pass(),
                    p.checkpoints(), p.meanSeconds(), p.gbPerS());
        }
        out.printf(Locale.ROOT, "    all: %d checkpoints of %s, mean %.2f s, %.3f GB/s, %d fsyncs%n",
                s.checkpoints().size(), Units.formatSize(s.size()), s.meanSeconds(), s.gbPerS(), s.fsyncs());
    }

    private static void appendDirection(StringBuilder line, String name, DirectionResult d) {
        if (d == null || (d.iops() == 0 && d.latMeanNs() == null)) {
            return;
        }
        line.append(String.format(Locale.ROOT, " %s %9s IOPS %9s MB/s mean %8s us p99 %8s us", name,
                Format.iops(d.iops()), Format.megabytesPerSecond(d.bwBytes()),
                orDash(Format.microsOfNanos(d.latMeanNs())), orDash(Format.microsOfNanos(d.p99Ns()))));
    }

    private static String orDash(String s) {
        return s == null ? "-" : s;
    }

    private static Map<String, Object> figures(DirectionResult d) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (d == null) {
            return m;
        }
        m.put("iops", d.iops());
        m.put("bw_bytes", d.bwBytes());
        m.put("lat_mean_ns", d.latMeanNs());
        m.put("p50_ns", d.p50Ns());
        m.put("p99_ns", d.p99Ns());
        m.put("p99.9_ns", d.p999Ns());
        return m;
    }

    private void print(Object value) {
        if (!label.isEmpty() && value instanceof Map<?, ?> fields) {
            Map<Object, Object> labelled = new LinkedHashMap<>();
            labelled.put("target", label);
            labelled.putAll(fields);
            value = labelled;
        }
        try {
            out.println(JSON_LINES.writeValueAsString(value));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new java.io.UncheckedIOException(e);
        }
        out.flush();
    }

    private void clearProgress() {
        if (terminal && lineLength > 0) {
            err.print("\r" + " ".repeat(lineLength) + "\r");
            err.flush();
            lineLength = 0;
        }
    }

    private static String shorten(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }

    private static String clock(Duration d) {
        long s = d.toSeconds();
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
