package io.drivelab.run;

import io.drivelab.engine.CheckpointEvent;
import io.drivelab.engine.IntervalEvent;
import io.drivelab.engine.LayoutEvent;
import io.drivelab.engine.StartEvent;
import io.drivelab.store.PointResult;
import io.drivelab.store.RunStatus;
import io.drivelab.workload.PlanItem;

import java.util.List;

/**
 * What a run reports while it goes: the CLI's progress line, later the GUI's live charts. Methods are called on
 * the runner's thread or the engine's reader threads, never the UI thread: hand over to it yourself. Every
 * method defaults to doing nothing.
 */
public interface RunListener {
    RunListener NONE = new RunListener() {
    };

    default void runStarted(long runId, List<PlanItem> items) {
    }

    /** An engine run starts: a point, one pass of it, or one round of a precondition. */
    default void pointStarted(RunProgress progress, PlanItem item, String pointKey) {
    }

    default void engineStarted(PlanItem item, StartEvent start) {
    }

    /** The engine is laying out a new target file before measuring. */
    default void layout(PlanItem item, LayoutEvent layout) {
    }

    /** One status interval of the running point (ramp included, flagged). */
    default void sample(PlanItem item, IntervalEvent sample) {
    }

    /** A checkpoint of a checkpoint point is durable (its last fsync returned). */
    default void checkpoint(PlanItem item, CheckpointEvent checkpoint) {
    }

    /**
     * The drive's temperature during the running point, once a second (its composite sensor), on the point's sample
     * clock; {@code thresholdCelsius} is its warning threshold, or null when the drive gives none. Called on the
     * sampler's thread.
     */
    default void temperature(PlanItem item, long tMs, double celsius, Double thresholdCelsius) {
    }

    /** A point was measured (or failed) and is stored. */
    default void pointFinished(RunProgress progress, PlanItem item, PointResult result) {
    }

    /** A round of a steady-state precondition ended; the verdict says whether the rule holds. */
    default void steadyState(PlanItem item, SteadyStateDetector.Verdict verdict) {
    }

    /** Progress and ETA, at least once a second while the run goes (idle included). */
    default void progress(RunProgress progress) {
    }

    default void runFinished(long runId, RunStatus status, String error) {
    }
}
