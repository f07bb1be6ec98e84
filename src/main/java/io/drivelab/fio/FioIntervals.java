package io.drivelab.fio;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import io.drivelab.engine.DirectionStats;
import io.drivelab.engine.IntervalEvent;
import io.drivelab.reference.FioHistogram;

/**
 * fio's per-interval reports are running totals; the engine's interval lines cover one interval each. This turns
 * each report into the difference from the one before, as an {@link IntervalEvent}.
 *
 * <p>fio zeroes its totals when the ramp time ends: the first report after the ramp counts from there, over the
 * measured time so far. A report is in the ramp while fio's elapsed seconds are within the ramp time.
 */
final class FioIntervals {
    /** A report this soon after the previous one is fio's last report at exit, not an interval: not a rate. */
    static final long SHORTEST_INTERVAL_MS = 250;

    private final long rampMs;
    private Totals previous;
    private long firstTimestampMs = -1;
    private long firstElapsedMs;

    FioIntervals(long rampMs) {
        this.rampMs = rampMs;
    }

    /** Running totals of one direction in a report, over all its entries. */
    record Totals(long timestampMs, boolean ramp, long measuredMs, Direction read, Direction write) {
    }

    record Direction(long ios, long bytes, long latN, double latSum, double latSquares, SortedMap<Integer, Long> bins) {
        static final Direction NONE = new Direction(0, 0, 0, 0, 0, new TreeMap<>());
    }

    /** The interval that {@code report} ends; null for a report too soon after the previous to be a rate. */
    IntervalEvent next(JsonNode report) {
        List<JsonNode> entries = FioReports.entries(report);
        long elapsedMs = entries.stream().mapToLong(e -> e.path("elapsed").asLong()).max().orElse(0) * 1000;
        long now = report.path("timestamp_ms").asLong(report.path("timestamp").asLong() * 1000);
        if (firstTimestampMs < 0) {
            firstTimestampMs = now;
            firstElapsedMs = elapsedMs;
        }
        boolean ramp = rampMs > 0 && elapsedMs <= rampMs && (previous == null || previous.ramp());
        long measuredMs = entries.stream().mapToLong(e -> Math.max(e.path("read").path("runtime").asLong(),
                e.path("write").path("runtime").asLong())).max().orElse(0);
        Totals current = new Totals(now, ramp, measuredMs, totals(entries, "read"), totals(entries, "write"));
        // after the ramp fio starts counting again: the base is zero, the time the measured time so far
        boolean restarted = previous == null || (previous.ramp() && !ramp);
        Totals base = restarted ? null : previous;
        long periodMs = restarted ? (ramp ? elapsedMs : measuredMs) : now - previous.timestampMs();
        previous = current;
        if (periodMs < SHORTEST_INTERVAL_MS) {
            return null;
        }
        long tMs = firstElapsedMs + (now - firstTimestampMs);
        return new IntervalEvent(tMs, ramp,
                stats(current.read(), base == null ? Direction.NONE : base.read(), periodMs),
                stats(current.write(), base == null ? Direction.NONE : base.write(), periodMs));
    }

    private static Direction totals(List<JsonNode> entries, String direction) {
        long ios = 0;
        long bytes = 0;
        long n = 0;
        double sum = 0;
        double squares = 0;
        SortedMap<Integer, Long> bins = new TreeMap<>();
        for (JsonNode entry : entries) {
            JsonNode dir = entry.path(direction);
            ios += dir.path("total_ios").asLong();
            bytes += dir.path("io_bytes").asLong();
            JsonNode lat = dir.path("lat_ns");
            long count = lat.path("N").asLong();
            double mean = lat.path("mean").asDouble();
            double sd = lat.path("stddev").asDouble();
            n += count;
            sum += mean * count;
            squares += count * (sd * sd + mean * mean);
            lat.path("bins").properties().forEach(bin -> bins.merge(FioHistogram.index(Long.parseLong(bin.getKey())),
                    bin.getValue().asLong(), Long::sum));
        }
        return new Direction(ios, bytes, n, sum, squares, bins);
    }

    private static DirectionStats stats(Direction now, Direction before, long periodMs) {
        long ios = now.ios() - before.ios();
        long bytes = now.bytes() - before.bytes();
        if (ios <= 0) {
            return DirectionStats.NONE;
        }
        double seconds = periodMs / 1000.0;
        return new DirectionStats(bytes, ios, ios / seconds, Math.round(bytes / seconds), latency(now, before));
    }

    /** Latency of the I/O completed in the interval: the difference of fio's running sums and histograms. */
    private static DirectionStats.Latency latency(Direction now, Direction before) {
        long n = now.latN() - before.latN();
        if (n <= 0) {
            return DirectionStats.Latency.NONE;
        }
        double mean = (now.latSum() - before.latSum()) / n;
        double variance = (now.latSquares() - before.latSquares()) / n - mean * mean;
        SortedMap<Integer, Long> bins = new TreeMap<>();
        now.bins().forEach((idx, count) -> {
            long d = count - before.bins().getOrDefault(idx, 0L);
            if (d > 0) {
                bins.put(idx, d);
            }
        });
        if (bins.isEmpty()) {
            return new DirectionStats.Latency(0, 0, mean, Math.sqrt(Math.max(0, variance)), Map.of());
        }
        long min = FioHistogram.value(bins.firstKey());
        long max = FioHistogram.value(bins.lastKey());
        return new DirectionStats.Latency(min, max, mean, Math.sqrt(Math.max(0, variance)),
                FioHistogram.percentiles(bins, min, max));
    }
}
