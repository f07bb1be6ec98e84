package io.drivelab.engine;

import java.util.Map;

/** Figures for one direction (read or write); {@code ios == 0} when the direction did no I/O. */
public record DirectionStats(long ioBytes, long ios, double iops, long bwBytes, Latency lat) {

    public static final DirectionStats NONE = new DirectionStats(0, 0, 0, 0, Latency.NONE);

    /** Average transfer size in bytes; 0 when there was no I/O. */
    public double meanBlockSize() {
        return ios == 0 ? 0 : (double) ioBytes / ios;
    }

    /**
     * Per-I/O latency in nanoseconds, submission to completion.
     *
     * @param percentiles keyed as the engine prints them ("50", "99.9", ...), in the engine's order
     */
    public record Latency(long min, long max, double mean, double stddev, Map<String, Long> percentiles) {
        public static final Latency NONE = new Latency(0, 0, 0, 0, Map.of());

        /** The percentile printed under {@code key} (e.g. "99.9"), or -1 when the engine did not print it. */
        public long percentile(String key) {
            Long value = percentiles.get(key);
            return value == null ? -1 : value;
        }
    }
}
