package io.drivelab.workload;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Objects;

/**
 * One thing the runner does, in the order of {@link TestPlan#expand()}: measure a point, run a precondition, or let
 * the drive rest.
 *
 * @param kind        what it is
 * @param point       the engine run; null for IDLE
 * @param idleSeconds for IDLE: how long; otherwise 0
 * @param maxRounds   for a steady-state precondition: run {@code point} (one round) again and again until the
 *                    rounds are steady ({@link io.drivelab.run.SteadyStateDetector}), at most this often;
 *                    otherwise 0 (run once)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlanItem(Kind kind, Point point, int idleSeconds, int maxRounds) {

    public enum Kind {
        /** A point whose results are the plan's results. */
        MEASURE,
        /** A fill or random write that prepares the drive; its results are kept for the record only. */
        PRECONDITION,
        /** The drive rests. */
        IDLE
    }

    public PlanItem {
        Objects.requireNonNull(kind, "kind");
        if ((kind == Kind.IDLE) != (point == null)) {
            throw new IllegalArgumentException(kind + " item " + (point == null ? "without" : "with") + " a point");
        }
    }

    public static PlanItem measure(Point p) {
        return new PlanItem(Kind.MEASURE, p, 0, 0);
    }

    /** A precondition run once. */
    public static PlanItem precondition(Point p) {
        return new PlanItem(Kind.PRECONDITION, p, 0, 0);
    }

    /** A precondition repeated in rounds of {@code p} until steady, at most {@code maxRounds}. */
    public static PlanItem untilSteady(Point p, int maxRounds) {
        return new PlanItem(Kind.PRECONDITION, p, 0, maxRounds);
    }

    public static PlanItem idle(int seconds) {
        return new PlanItem(Kind.IDLE, null, seconds, 0);
    }

    @JsonIgnore
    public boolean isMeasure() {
        return kind == Kind.MEASURE;
    }

    @JsonIgnore
    public boolean isPrecondition() {
        return kind == Kind.PRECONDITION;
    }

    @JsonIgnore
    public boolean isIdle() {
        return kind == Kind.IDLE;
    }

    /** A precondition that runs in rounds until steady state. */
    @JsonIgnore
    public boolean untilSteady() {
        return maxRounds > 0;
    }

    /**
     * The timed part of this item in seconds: idle time; all passes of a measured point; every round of a
     * steady-state precondition (the worst case: the rule may hold sooner); 0 for a fill.
     */
    @JsonIgnore
    public long estimatedSeconds() {
        return switch (kind) {
            case IDLE -> idleSeconds;
            case MEASURE -> point.estimatedSeconds();
            case PRECONDITION -> point.estimatedSeconds() * Math.max(1, maxRounds);
        };
    }

    /**
     * Passes over the region a fill makes (fills take as long as the drive needs); for checkpoints that are a share
     * of the target, what they write in all as passes over the region (7.68 for 36 of 21.3 %, not rounded: the ETA
     * of a run is made of it); 0 otherwise.
     */
    @JsonIgnore
    public double regionPasses() {
        if (point != null && point.isCheckpoint()) {
            Checkpoint c = point.checkpoint();
            return c.size() == null ? c.sharePercent() / 100 * c.total() : 0;
        }
        return kind == Kind.PRECONDITION && point.loops() != null && point.ioSize() == null ? point.loops() : 0;
    }

    /** Bytes a fill with a fixed amount per job, or checkpoints of a fixed size, write in all; 0 otherwise. */
    @JsonIgnore
    public long fixedBytes() {
        if (point != null && point.isCheckpoint()) {
            Checkpoint c = point.checkpoint();
            return c.size() == null ? 0 : c.size() * c.total();
        }
        return kind == Kind.PRECONDITION && point.ioSize() != null ? point.ioSize() * point.numjobs() : 0;
    }

    /** One line for progress and logs: "measure 03-randread-4k-qd32-j8: randread 4k QD32/8, 60 s". */
    public String describe() {
        return switch (kind) {
            case IDLE -> "idle " + idleSeconds + " s";
            case MEASURE -> "measure " + point.key() + ": " + point.describe();
            case PRECONDITION -> "precondition " + point.key() + " (" + point.workload().name() + "): "
                    + point.describe() + (untilSteady() ? ", rounds until steady, at most " + maxRounds : "");
        };
    }
}
