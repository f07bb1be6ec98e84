package io.drivelab.run;

import io.drivelab.workload.PointKinds;
import io.drivelab.workload.WorkloadKind;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.StoredPoint;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Summing the runs of several targets run at the same time. */
class CombinedResultsTest {

    private static StoredPoint point(String key, String rw, PointStatus status, DirectionResult write) {
        PointMeta meta = new PointMeta(key, 1, PointKind.MEASURE, "w", rw, 4096L, null, null, 1, 1);
        return new StoredPoint(1, 1, new PointResult(meta, status, 1000L, null, write, null, List.of(), null,
                Instant.EPOCH, Instant.EPOCH));
    }

    private static DirectionResult figures(double iops, long bw, double meanNs, long p99Ns) {
        return new DirectionResult(iops, bw, meanNs, p99Ns / 2, p99Ns, p99Ns * 2);
    }

    @Test
    void iopsAndThroughputAddUpAndTheMeanLatencyIsWeightedByIops() {
        var a = point("p", "randwrite", PointStatus.COMPLETE, figures(3000, 300, 100_000, 500_000));
        var b = point("p", "randwrite", PointStatus.COMPLETE, figures(1000, 100, 200_000, 900_000));

        CombinedResults.Point c = CombinedResults.combine(List.of(List.of(a), List.of(b)), PointKinds.NONE).get(0);

        assertEquals(4000, c.write().iops());
        assertEquals(400, c.write().bwBytes());
        assertEquals((3000 * 100_000.0 + 1000 * 200_000.0) / 4000, c.write().latMeanNs(), 1e-9);
        assertEquals(900_000L, c.write().p99Ns(), "percentiles do not add: the slowest target's");
        assertNull(c.read());
        assertEquals(PointStatus.COMPLETE, c.status());
    }

    @Test
    void aCheckpointAcrossTargetsTakesAsLongAsTheSlowest() {
        PointKinds kinds = PointKinds.of(java.util.Map.of("c", WorkloadKind.CHECKPOINT));
        var a = point("c", "checkpoint", PointStatus.COMPLETE, figures(10, 2_000_000_000L, 3e9, 4_000_000_000L));
        var b = point("c", "checkpoint", PointStatus.COMPLETE, figures(10, 1_000_000_000L, 5e9, 6_000_000_000L));

        CombinedResults.Point c = CombinedResults.combine(List.of(List.of(a), List.of(b)), kinds).get(0);

        assertEquals(3_000_000_000L, c.write().bwBytes(), "GB/s add up");
        assertEquals(5e9, c.write().latMeanNs());
    }

    @Test
    void aPointOnlySomeTargetsFinishedIsPartial() {
        var a = point("p", "read", PointStatus.COMPLETE, figures(1, 1, 1, 1));
        var b = point("p", "read", PointStatus.FAILED, null);
        var only = point("q", "read", PointStatus.COMPLETE, figures(1, 1, 1, 1));

        List<CombinedResults.Point> c = CombinedResults.combine(List.of(List.of(a, only), List.of(b)), PointKinds.NONE);

        assertEquals(PointStatus.FAILED, c.get(0).status());
        assertEquals(PointStatus.PARTIAL, c.get(1).status());
        assertEquals(1, c.get(1).targets());
    }
}
