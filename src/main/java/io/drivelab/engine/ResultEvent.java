package io.drivelab.engine;

import java.util.List;

/**
 * The run's figures over the measured time (never the ramp).
 *
 * @param partial true when SIGINT/SIGTERM or the parent's death stopped the run early
 * @param rawJson the line as printed; the store saves it as is
 */
public record ResultEvent(
        boolean partial,
        long runtimeMs,
        DirectionStats read,
        DirectionStats write,
        CpuUsage cpu,
        List<JobStats> jobs,
        Histogram histogram,
        String rawJson) implements EngineEvent {

    public record CpuUsage(long usrMs, long sysMs, double usrPct, double sysPct) {
        public static final CpuUsage NONE = new CpuUsage(0, 0, 0, 0);
    }

    public record JobStats(int job, DirectionStats read, DirectionStats write) {
    }

    /**
     * Non-empty latency buckets in fio's layout and numbering ({@code plat_idx_to_val}).
     */
    public record Histogram(String layout, int bits, int groups, List<Bucket> read, List<Bucket> write) {
        public static final Histogram NONE = new Histogram("", 0, 0, List.of(), List.of());

        public record Bucket(int index, long count) {
        }
    }
}
