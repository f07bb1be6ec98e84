package io.drivelab.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.engine.CheckpointEvent;
import io.drivelab.engine.DirectionStats;
import io.drivelab.engine.EngineException;
import io.drivelab.engine.EngineListener;
import io.drivelab.engine.EngineProcess;
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
import java.util.function.Supplier;

/**
 * The bridge to the engine for one point: its options, the engine's events turned into samples and listener calls,
 * and its result line turned into a {@link PointResult}. Never throws for an engine failure: that becomes a FAILED
 * point with the engine's words.
 */
final class Measurement {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path engine;
    private final Path target;
    private final List<String> extras;
    private final int statusIntervalMs;
    private final RunListener listener;
    private final TestFile testFile;
    private final Supplier<RunProgress> progress;
    private final FioBinary fio;
    private final RemoteTarget remote;
    private volatile Runnable stopCurrent;
    private volatile boolean stopped;

    /**
     * @param fio    measures instead of DriveLab's engine when not null
     * @param remote the target on another machine (measured by fio through its server there), or null
     */
    Measurement(Path engine, FioBinary fio, RemoteTarget remote, Path target, List<String> extras,
                int statusIntervalMs, RunListener listener, TestFile testFile, Supplier<RunProgress> progress) {
        this.engine = engine;
        this.fio = fio;
        this.remote = remote;
        this.target = target;
        this.extras = extras;
        this.statusIntervalMs = statusIntervalMs;
        this.listener = listener;
        this.testFile = testFile;
        this.progress = progress;
    }

    /** Stops the engine running now, and every later one at once: the point ends with a partial result. */
    void stop() {
        stopped = true;
        Runnable running = stopCurrent;
        if (running != null) {
            running.run();
        }
    }

    /** One engine run of {@code point} stored under {@code key}. */
    Measured measure(PlanItem item, Point point, String key, int seq) {
        PointMeta meta = meta(item, point, key, seq);
        List<Sample> samples = Collections.synchronizedList(new ArrayList<>());
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
                samples.add(sample(interval));
                listener.sample(item, interval);
                listener.progress(progress.get());
            }

            @Override
            public void onCheckpoint(CheckpointEvent checkpoint) {
                listener.checkpoint(item, checkpoint);
            }
        };
        try {
            ResultEvent result = run(point, events);
            // a checkpoint point's figures are its checkpoints' (GB/s, seconds per checkpoint)
            PointResult r = CheckpointFigures.apply(PointResult.fromEngineResult(meta, parse(result.rawJson()),
                    started, Instant.now()));
            return new Measured(flagOverrun(point, r, statusIntervalMs), samples);
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

    /** The point measured by DriveLab's engine, or by fio when the run is measured by fio. */
    private ResultEvent run(Point point, EngineListener events) throws EngineException, InterruptedException {
        if (fio != null) {
            try (FioProcess process = remote == null ? FioProcess.start(fio, point, target.toString(), events)
                    : FioProcess.start(fio, point, remote.path(), remote.host(), events)) {
                stopCurrent = process::stop;
                if (stopped) {
                    process.stop();
                }
                return process.awaitResult();
            }
        }
        try (EngineProcess process = EngineProcess.start(engine, point.toEngineArgs(target.toString(), extras),
                events)) {
            stopCurrent = process::stop;
            if (stopped) {
                process.stop();
            }
            return process.awaitResult();
        }
    }

    /**
     * A timed point whose measured time ran past its runtime by more than one status interval was held up (the
     * engine stopped, the machine starved it): its figures average over the stall, so it is stored PARTIAL with
     * why, not complete. A resume measures it again.
     */
    static PointResult flagOverrun(Point point, PointResult r, int statusIntervalMs) {
        if (r.status() != PointStatus.COMPLETE || !point.isTimeBased() || r.runtimeMs() == null) {
            return r;
        }
        long planned = point.runtime() * 1000L;
        long over = r.runtimeMs() - planned;
        if (over <= statusIntervalMs) {
            return r;
        }
        String why = String.format(Locale.ROOT, "measured for %d ms instead of %d ms: the engine was held up "
                + "(stopped or starved) for about %d ms, so the figures average over the stall; resume the run to "
                + "measure this point again", r.runtimeMs(), planned, over);
        return new PointResult(r.meta(), PointStatus.PARTIAL, r.runtimeMs(), r.read(), r.write(), r.resultJson(),
                r.histograms(), why, r.startedAt(), r.endedAt());
    }

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
