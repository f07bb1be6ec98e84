package io.drivelab.engine;

/**
 * Figures for one status interval only.
 *
 * @param tMs  end of the interval, counted from the first I/O (ramp included)
 * @param ramp true when the interval ends inside the ramp time, so it is excluded from the result
 */
public record IntervalEvent(long tMs, boolean ramp, DirectionStats read, DirectionStats write)
        implements EngineEvent {
}
