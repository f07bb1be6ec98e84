package io.drivelab.engine;

/**
 * Figures for one status interval only.
 *
 * @param tMs  end of the interval, counted from the first I/O (ramp included)
 * @param ramp true when the interval ends inside the ramp time, so it is excluded from the result
 * @param rate for a run at a rate (--rate_iops, --rate): the rate held so far; null otherwise
 */
public record IntervalEvent(long tMs, boolean ramp, DirectionStats read, DirectionStats write, RateSoFar rate)
        implements EngineEvent {

    /**
     * A rated run's rate so far: over the ramp while in it, then over the measured time.
     *
     * @param target      every job's rate together, in I/Os per second or, when {@code iops} is false, bytes per
     *                    second
     * @param achievedPct what was achieved so far, in % of {@code target}
     */
    public record RateSoFar(double target, boolean iops, double achievedPct) {
    }

    /** An interval of a run without a rate. */
    public IntervalEvent(long tMs, boolean ramp, DirectionStats read, DirectionStats write) {
        this(tMs, ramp, read, write, null);
    }
}
