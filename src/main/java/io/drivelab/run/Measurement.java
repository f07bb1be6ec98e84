package io.drivelab.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.engine.CheckpointEvent;
import io.drivelab.engine.DirectionStats;
import io.drivelab.engine.EngineException;
import io.drivelab.engine.EngineListener;
import io.drivelab.engine.CpuList;
import io.drivelab.engine.EngineSession;
import io.drivelab.engine.IntervalEvent;
import io.drivelab.engine.LayoutEvent;
import io.drivelab.engine.ResultEvent;
import io.drivelab.engine.StartEvent;
import io.drivelab.fio.FioBinary;
import io.drivelab.fio.FioProcess;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Sample;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Point;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The bridge to the run's engine session (one engine process for every point on the target) for one point: its options, the engine's events turned into samples and listener calls,
 * and its result line turned into a {@link PointResult}. Never throws for an engine failure: that becomes a FAILED
 * point with the engine's words.
 */
final class Measurement {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final EngineSession session;
    private final Path target;
    private final List<String> extras;
    private final String cpusAllowed;
    private final int statusIntervalMs;
    private final RunListener listener;
    private final TestFile testFile;
    private final Supplier<RunProgress> progress;
    private final FioBinary fio;
    private final RemoteTarget remote;
    private final RunTelemetry telemetry;
    private volatile Runnable stopCurrent;
    private volatile boolean stopped;

    /**
     * @param session the run's engine, or null when fio measures
     * @param fio     measures instead of DriveLab's engine when not null
     * @param remote  the target on another machine (measured by fio through its server there), or null
     * @param extras  the engine's options for every point
     * @param cpus    the CPUs every point keeps to (the engine's request and fio's job alike); null: the scheduler
     *                places them
     */
    Measurement(EngineSession session, FioBinary fio, RemoteTarget remote, Path target, List<String> extras,
                CpuList cpus, int statusIntervalMs, RunListener listener, TestFile testFile,
                Supplier<RunProgress> progress, RunTelemetry telemetry) {
        this.session = session;
        this.fio = fio;
        this.remote = remote;
        this.target = target;
        List<String> options = new ArrayList<>(extras);
        if (cpus != null) {
            options.add(cpus.engineOption());  // per point: the session's request line carries it
        }
        this.extras = List.copyOf(options);
        this.cpusAllowed = cpus == null ? null : cpus.text();
        this.statusIntervalMs = statusIntervalMs;
        this.listener = listener;
        this.testFile = testFile;
        this.progress = progress;
        this.telemetry = telemetry;
    }

    /** Stops the engine running now, and every later one at once: the point ends with a partial result. */
    void stop() {
        stopped = true;
        Runnable running = stopCurrent;
        if (running != null) {
            running.run();
        } else if (session != null) {
            session.stop();
        }
    }

    /** One engine run of {@code point} stored under {@code key}, with the drive's temperatures meanwhile. */
    Measured measure(PlanItem item, Point point, String key, int seq) {
        RunTelemetry.PointSampling sampling = telemetry.start(item, listener);
        try {
            return measure(item, point, key, seq, sampling).withTemperatures(sampling.finish());
        } finally {
            sampling.close();  // when the measuring threw
        }
    }

    private Measured measure(PlanItem item, Point point, String key, int seq, RunTelemetry.PointSampling sampling) {
        PointMeta meta = meta(item, point, key, seq);
        List<Sample> samples = Collections.synchronizedList(new ArrayList<>());
        // the wall clock between reports: a stopped engine's own clock hides the stop (it ends a timed point on time)
        long[] lastReportNanos = {0};
        long[] longestSilenceNanos = {0};
        listener.pointStarted(progress.get(), item, key);
        Instant started = Instant.now();
        EngineListener events = new EngineListener() {
            @Override
            public void onStart(StartEvent start) {
                if (start.created()) {
                    testFile.engineCreatedIt();
                }
                listener.engineStarted(item, start);
            }

            @Override
            public void onLayout(LayoutEvent layout) {
                listener.layout(item, layout);
                listener.progress(progress.get());
            }

            @Override
            public void onInterval(IntervalEvent interval) {
                long now = System.nanoTime();
                if (lastReportNanos[0] != 0) {
                    longestSilenceNanos[0] = Math.max(longestSilenceNanos[0], now - lastReportNanos[0]);
                }
                lastReportNanos[0] = now;
                sampling.interval(interval.tMs());
                samples.add(sample(interval));
                if (remote == null) {  // a host's seconds come at its point's end: the live view had its progress
                    listener.sample(item, interval);
                    listener.progress(progress.get());
                }
            }

            @Override
            public void onCheckpoint(CheckpointEvent checkpoint) {
                listener.checkpoint(item, checkpoint);
            }
        };
        try {
            ResultEvent result = run(point, events, live -> {
                listener.sample(item, live);
                listener.progress(progress.get());
            });
            // a checkpoint point's figures are its checkpoints' (GB/s, seconds per checkpoint)
            PointResult r = CheckpointFigures.apply(PointResult.fromEngineResult(meta, parse(result.rawJson()),
                    started, Instant.now()));
            long silenceMs = lastReportNanos[0] == 0 ? 0 : Math.max(longestSilenceNanos[0],
                    System.nanoTime() - lastReportNanos[0]) / 1_000_000;
            return new Measured(flagOverrun(point, r, statusIntervalMs, silenceMs), samples);
        } catch (EngineException e) {
            String why = "point " + key + " (" + point.describe() + ") failed: " + e.getMessage();
            PointResult failed = e.partialResult()
                    .map(r -> CheckpointFigures.apply(PointResult.fromEngineResult(meta, parse(r.rawJson()),
                            started, Instant.now())).withError(why))
                    .orElseGet(() -> PointResult.failed(meta, why, started, Instant.now()));
            return new Measured(failed, samples);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop();
            return new Measured(PointResult.failed(meta, "point " + key + " interrupted", started, Instant.now()),
                    samples);
        } finally {
            stopCurrent = null;
        }
    }

    /**
     * The point measured by the run's engine session, or by fio when the run is measured by fio; a remote host's
     * progress goes to {@code live} as it comes (shown, not stored).
     */
    private ResultEvent run(Point point, EngineListener events, Consumer<IntervalEvent> live)
            throws EngineException, InterruptedException {
        if (fio != null) {
            try (FioProcess process = remote == null
                    ? FioProcess.start(fio, point, target.toString(), null, cpusAllowed, events)
                    : FioProcess.start(fio, point, remote.path(), remote.host(), events, live)) {
                stopCurrent = process::stop;
                if (stopped) {
                    process.stop();
                }
                return process.awaitResult();
            }
        }
        if (stopped) {
            session.stop();  // the point ends as soon as it starts
        }
        return session.run(point.toEngineArgs(target.toString(), extras), events);
    }

    /**
     * A point that was held up (the engine stopped, the machine starved it) is stored PARTIAL with why, not
     * complete: its figures average over the stall. Seen as a timed point that ran past its runtime by more than
     * one status interval, or as a silence between the engine's reports ({@code silenceMs}, on the wall clock from
     * its first interval report to its result) of more than a second past the interval: a stopped engine ends a
     * timed point on time by its own clock, with the stop inside it. A resume measures it again.
     */
    static PointResult flagOverrun(Point point, PointResult r, int statusIntervalMs, long silenceMs) {
        if (r.status() != PointStatus.COMPLETE || r.runtimeMs() == null) {
            return r;
        }
        String why = null;
        long planned = point.isTimeBased() ? point.runtime() * 1000L : 0;
        long over = r.runtimeMs() - planned;
        if (point.isTimeBased() && over > statusIntervalMs) {
            why = String.format(Locale.ROOT, "measured for %d ms instead of %d ms: the engine was held up "
                    + "(stopped or starved) for about %d ms", r.runtimeMs(), planned, over);
        } else if (silenceMs > statusIntervalMs + HELD_UP_MS) {
            why = String.format(Locale.ROOT, "the engine reported nothing for %d ms (every %d ms expected): it was "
                    + "held up (stopped or starved)", silenceMs, statusIntervalMs);
        }
        if (why == null) {
            return r;
        }
        return r.withStatus(PointStatus.PARTIAL, why + ", so the figures average over the stall; resume the run to "
                + "measure this point again");
    }

    /** A delay the scheduler alone does not cause on a busy machine; a stopped engine does. */
    private static final long HELD_UP_MS = 1000;

    private static PointMeta meta(PlanItem item, Point point, String key, int seq) {
        var w = point.workload();
        return new PointMeta(key, seq, item.isPrecondition() ? PointKind.PRECONDITION : PointKind.MEASURE,
                w.name(), point.engineRw(), w.mix() == null ? w.bs() : null,
                w.mix() == null ? null : w.mix().toEngineSpec(), w.rwmixread(), point.iodepth(), point.numjobs());
    }

    /** The stored sample of an interval: IOPS, bandwidth, mean and p99 latency (none when nothing completed). */
    static Sample sample(IntervalEvent e) {
        return new Sample(e.tMs(), e.ramp(), figures(e.read()), figures(e.write()));
    }

    private static Sample.Figures figures(DirectionStats d) {
        if (d == null) {
            return null;
        }
        if (d.ios() == 0) {
            return new Sample.Figures(d.iops(), d.bwBytes(), null, null);
        }
        long p99 = d.lat().percentile("99");
        return new Sample.Figures(d.iops(), d.bwBytes(), d.lat().mean(), p99 < 0 ? null : p99);
    }

    static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the engine's result line is not JSON: " + e.getOriginalMessage(), e);
        }
    }
}
