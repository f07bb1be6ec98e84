package io.drivelab.run;

import io.drivelab.workload.PointKinds;
import io.drivelab.workload.WorkloadKind;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.StoredPoint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The runs of a group (one plan on several targets at the same time) summed point by point: what the targets did
 * together. Throughput and IOPS add up. The mean latency is the IOPS-weighted mean of the targets' means; a
 * percentile cannot be combined from percentiles, so p50/p99/p99.9 are the slowest target's (an upper bound). For
 * checkpoints, which the targets write at the same time, GB/s add up and a checkpoint counts as done when the
 * slowest target's is: its seconds are the slowest target's.
 */
public final class CombinedResults {
    private CombinedResults() {
    }

    /**
     * One point of the plan over the group's runs.
     *
     * @param targets how many of the runs have the point (fewer than all when a run stopped early)
     * @param status  COMPLETE when every run completed it, else the worst of theirs (FAILED over PARTIAL)
     */
    public record Point(PointMeta meta, PointStatus status, int targets, DirectionResult read, DirectionResult write) {
    }

    /** Every point key of the runs (in the first run's order, then any others), combined; kinds from their plan. */
    public static List<Point> combine(List<List<StoredPoint>> runs, PointKinds kinds) {
        Map<String, List<PointResult>> byKey = new LinkedHashMap<>();
        for (List<StoredPoint> run : runs) {
            for (StoredPoint p : run) {
                byKey.computeIfAbsent(p.point().meta().pointKey(), k -> new ArrayList<>()).add(p.point());
            }
        }
        List<Point> combined = new ArrayList<>();
        for (List<PointResult> same : byKey.values()) {
            boolean checkpoint = kinds.kindOf(same.get(0).meta().pointKey()) == WorkloadKind.CHECKPOINT;
            PointStatus status = PointStatus.COMPLETE;
            for (PointResult r : same) {
                if (r.status() == PointStatus.FAILED || (r.status() == PointStatus.PARTIAL
                        && status == PointStatus.COMPLETE)) {
                    status = r.status();
                }
            }
            if (same.size() < runs.size() && status == PointStatus.COMPLETE) {
                status = PointStatus.PARTIAL;
            }
            combined.add(new Point(same.get(0).meta(), status, same.size(), sum(same, PointResult::read, checkpoint),
                    sum(same, PointResult::write, checkpoint)));
        }
        return combined;
    }

    private static DirectionResult sum(List<PointResult> points, Function<PointResult, DirectionResult> direction,
                                       boolean checkpoint) {
        double iops = 0, weighted = 0, plain = 0, slowest = 0;
        long bw = 0;
        Long p50 = null, p99 = null, p999 = null;
        int withLatency = 0;
        boolean any = false;
        for (PointResult p : points) {
            DirectionResult d = direction.apply(p);
            if (d == null) {
                continue;
            }
            any = true;
            iops += d.iops();
            bw += d.bwBytes();
            if (d.latMeanNs() != null) {
                withLatency++;
                weighted += d.latMeanNs() * d.iops();
                plain += d.latMeanNs();
                slowest = Math.max(slowest, d.latMeanNs());
            }
            p50 = max(p50, d.p50Ns());
            p99 = max(p99, d.p99Ns());
            p999 = max(p999, d.p999Ns());
        }
        if (!any) {
            return null;
        }
        Double mean = withLatency == 0 ? null
                : checkpoint ? slowest : iops > 0 ? weighted / iops : plain / withLatency;
        return new DirectionResult(iops, bw, mean, p50, p99, p999);
    }

    private static Long max(Long a, Long b) {
        return a == null ? b : b == null ? a : Long.valueOf(Math.max(a, b));
    }
}
