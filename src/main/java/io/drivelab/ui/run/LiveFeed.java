package io.drivelab.ui.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

import io.drivelab.engine.CheckpointEvent;
import io.drivelab.engine.DirectionStats;
import io.drivelab.engine.IntervalEvent;
import io.drivelab.engine.LayoutEvent;
import io.drivelab.report.Percentiles;
import io.drivelab.run.RunListener;
import io.drivelab.run.RunProgress;
import io.drivelab.run.SteadyStateDetector;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointResult;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.TestPlan;

/**
 * What a run reports, queued for the UI thread: the runner and the engine's reader call in on their threads, the
 * events are converted there (engine output is never parsed on the UI thread), and the UI thread takes them all
 * at its own pace with {@link #drain()}.
 */
final class LiveFeed implements RunListener {

    /** One event of a run, as the UI shows it. */
    interface Event {
    }

    /** A run starts with {@code items}, its plan expanded; {@code run} and {@code plan} as stored, or null. */
    record RunStarted(long runId, List<PlanItem> items, Run run, TestPlan plan) implements Event {
    }

    record PointStarted(RunProgress progress, PlanItem item, String key) implements Event {
    }

    record Layout(PlanItem item, long doneBytes, long totalBytes) implements Event {
    }

    /**
     * One status interval: seconds since the point's first I/O; read and write together; latencies in µs (the
     * higher p99 of the two directions).
     */
    record Sample(PlanItem item, double seconds, boolean ramp, double iops, double bytesPerSecond, Double meanUs,
                  Double p99Us) implements Event {
    }

    record PointFinished(RunProgress progress, PlanItem item, PointResult result, List<Percentiles.Row> percentiles)
            implements Event {
    }

    record SteadyState(PlanItem item, String verdict) implements Event {
    }

    /** A checkpoint of a checkpoint point is durable. */
    record Checkpoint(PlanItem item, CheckpointEvent checkpoint) implements Event {
    }

    record Progress(RunProgress progress) implements Event {
    }

    record RunFinished(long runId, RunStatus status, String error) implements Event {
    }

    /** A target could not be run at all (the write guard said no, the store failed). */
    record TargetFailed(String target, String message) implements Event {
    }

    /**
     * A run that went at the same time as the one shown ended, having stored {@code points} measured points.
     */
    record AlongsideFinished(long runId, RunStatus status, String error, int points) implements Event {
    }

    /** A sample of a target running at the same time as the one shown: a line of its own on the time chart. */
    record AlongsideSample(String target, Sample sample) implements Event {
    }

    /** A point of a target running at the same time as the one shown starts: its line starts afresh. */
    record AlongsidePointStarted(String target) implements Event {
    }

    /**
     * Runs filed to go at the same time, the first shown live: their targets in the same order, and whether one
     * failing stops the others.
     */
    record Together(List<Long> runIds, List<String> targets, boolean stopOthersOnFailure) implements Event {
    }

    /** Every target is done, or the user stopped. */
    record AllFinished() implements Event {
    }

    private final ConcurrentLinkedQueue<Event> queue = new ConcurrentLinkedQueue<>();
    private final Store store;

    /** @param store where the runs are filed (null: their stored plan is not looked up) */
    LiveFeed(Store store) {
        this.store = store;
    }

    /**
     * Where a run going at the same time as the shown one, on {@code target}, reports: its samples (a line of its
     * own on the time chart) and its end, with the points it measured (a point measured again counted once).
     */
    RunListener alongside(String target) {
        Set<String> measured = ConcurrentHashMap.newKeySet();
        return new RunListener() {
            @Override
            public void pointStarted(RunProgress progress, PlanItem item, String pointKey) {
                post(new AlongsidePointStarted(target));
            }

            @Override
            public void sample(PlanItem item, IntervalEvent e) {
                post(new AlongsideSample(target, sampleOf(item, e)));
            }

            @Override
            public void pointFinished(RunProgress progress, PlanItem item, PointResult result) {
                if (result.meta().kind() == PointKind.MEASURE) {
                    measured.add(result.meta().pointKey());
                }
            }

            @Override
            public void runFinished(long runId, RunStatus status, String error) {
                post(new AlongsideFinished(runId, status, error, measured.size()));
            }
        };
    }

    boolean pending() {
        return !queue.isEmpty();
    }

    void post(Event event) {
        queue.add(event);
    }

    /** Every event queued so far, oldest first; progress events but the last of a row are dropped. */
    List<Event> drain() {
        List<Event> events = new ArrayList<>();
        for (Event e = queue.poll(); e != null; e = queue.poll()) {
            if (e instanceof Progress && !events.isEmpty() && events.get(events.size() - 1) instanceof Progress) {
                events.set(events.size() - 1, e);
            } else {
                events.add(e);
            }
        }
        return events;
    }

    @Override
    public void runStarted(long runId, List<PlanItem> items) {
        // read here, on the run's thread: the UI thread never waits for the store
        Run run = store == null ? null : store.getRun(runId).orElse(null);
        TestPlan plan = null;
        try {
            plan = run == null ? null : PlanFiles.fromJson(run.planJson(), "run " + runId);
        } catch (RuntimeException e) {
            // a plan that cannot be read shows no CrystalDiskMark grid; the run itself goes on
        }
        post(new RunStarted(runId, List.copyOf(items), run, plan));
    }

    @Override
    public void pointStarted(RunProgress progress, PlanItem item, String pointKey) {
        post(new PointStarted(progress, item, pointKey));
    }

    @Override
    public void layout(PlanItem item, LayoutEvent layout) {
        post(new Layout(item, layout.doneBytes(), layout.totalBytes()));
    }

    @Override
    public void sample(PlanItem item, IntervalEvent e) {
        post(sampleOf(item, e));
    }

    /** An interval as the UI shows it, converted on the reader's thread. */
    private static Sample sampleOf(PlanItem item, IntervalEvent e) {
        DirectionStats r = e.read() == null ? DirectionStats.NONE : e.read();
        DirectionStats w = e.write() == null ? DirectionStats.NONE : e.write();
        double iops = r.iops() + w.iops();
        double ios = r.ios() + w.ios();
        Double mean = ios == 0 ? null : (r.lat().mean() * r.ios() + w.lat().mean() * w.ios()) / ios / 1000;
        long p99 = Math.max(r.ios() > 0 ? r.lat().percentile("99") : -1, w.ios() > 0 ? w.lat().percentile("99") : -1);
        return new Sample(item, e.tMs() / 1000.0, e.ramp(), iops, r.bwBytes() + w.bwBytes(), mean,
                p99 < 0 ? null : p99 / 1000.0);
    }

    @Override
    public void temperature(PlanItem item, long tMs, double celsius, Double thresholdCelsius) {
        post(new LiveTemperature.Reading(item, tMs, celsius, thresholdCelsius));
    }

    @Override
    public void checkpoint(PlanItem item, CheckpointEvent checkpoint) {
        post(new Checkpoint(item, checkpoint));
    }

    @Override
    public void pointFinished(RunProgress progress, PlanItem item, PointResult result) {
        post(new PointFinished(progress, item, result, Percentiles.of(result)));
    }

    @Override
    public void steadyState(PlanItem item, SteadyStateDetector.Verdict verdict) {
        post(new SteadyState(item, verdict.describe()));
    }

    @Override
    public void progress(RunProgress progress) {
        post(new Progress(progress));
    }

    @Override
    public void runFinished(long runId, RunStatus status, String error) {
        post(new RunFinished(runId, status, error));
    }
}
