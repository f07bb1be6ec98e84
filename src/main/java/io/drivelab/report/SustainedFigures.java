package io.drivelab.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointResult;
import io.drivelab.store.Run;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.Presets;
import io.drivelab.workload.SustainedPresets.KvCacheReview;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A sustained-rate run's figures beside the review's it reproduces: for the kv-cache-offload preset, the rate
 * held, the time it was not, and write latency from the scheduled time, after the PS1030 review's KV-cache array.
 */
final class SustainedFigures {
    private SustainedFigures() {
    }

    /** Report header lines; none for runs of other plans. */
    static List<String> header(Run run, List<StoredPoint> stored) {
        if (!Presets.KV_CACHE_OFFLOAD.equals(run.planName())) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(KvCacheReview.lines());
        for (StoredPoint sp : stored) {
            PointResult p = sp.point();
            JsonNode rate = p.meta().kind() == PointKind.MEASURE ? LoadCurves.rate(p).orElse(null) : null;
            if (rate != null) {
                lines.add(thisRun(p, rate));
            }
        }
        return lines;
    }

    /** "This run: 237.4 MB/s for 3600 s, 99.9 % of 237.5 MB/s, behind 0 ms; write latency from ..." */
    static String thisRun(PointResult p, JsonNode rate) {
        long bytes = (p.write() == null ? 0 : p.write().bwBytes()) + (p.read() == null ? 0 : p.read().bwBytes());
        double mbPerS = bytes / 1e6;
        double seconds = p.runtimeMs() == null ? 0 : p.runtimeMs() / 1000.0;
        double pct = rate.path("achieved_pct").asDouble();
        JsonNode sched = rate.path("write_sched_lat_ns").path("percentiles");
        return String.format(Locale.ROOT, "This run (%s, %s): %.1f MB/s for %.0f s, %.1f %% of its target "
                        + "(the review's drive share %.1f MB/s), not held for %.0f ms; write latency from the scheduled "
                        + "time p99 %s, p99.9 %s (review ceiling %.1f µs at 4K random write)", p.meta().workload(),
                p.status().dbValue(), mbPerS, seconds, pct, KvCacheReview.DRIVE_BYTES_PER_SECOND / 1e6,
                rate.path("behind_ms").asDouble(), us(sched.get("99")), us(sched.get("99.9")),
                KvCacheReview.WRITE_LATENCY_CEILING_US);
    }

    private static String us(JsonNode ns) {
        return ns == null || !ns.isNumber() ? "-" : String.format(Locale.ROOT, "%.1f µs", ns.asDouble() / 1000);
    }
}
