package io.drivelab.store;

/**
 * One interval line of a point: the curve over time. t_ms counts from the first I/O, ramp included.
 *
 * @param read  read figures of the interval, or null when the line had no read object
 * @param write write figures of the interval, or null when the line had no write object
 */
public record Sample(long tMs, boolean ramp, Figures read, Figures write) {

    /**
     * One direction in one interval. IOPS and bandwidth are 0 when nothing completed (a stall is a result);
     * latencies are null then, as there is nothing to report.
     */
    public record Figures(double iops, long bwBytes, Double latMeanNs, Long p99Ns) {
    }
}
