package io.drivelab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;

import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import org.junit.jupiter.api.Test;

/** Points grouped into a workload's curves. */
class WorkloadResultsTest {
    private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

    private static PointResult point(String workload, String rw, long bs, int qd, int jobs, double readIops,
                                     double writeIops, double latNs, PointStatus status) {
        PointMeta meta = new PointMeta("01-" + rw + "-qd" + qd + "-j" + jobs, 1, PointKind.MEASURE, workload, rw, bs,
                null, null, qd, jobs);
        DirectionResult read = new DirectionResult(readIops, (long) (readIops * bs),
                readIops > 0 ? latNs : null, null, readIops > 0 ? (long) latNs * 2 : null, null);
        DirectionResult write = new DirectionResult(writeIops, (long) (writeIops * bs),
                writeIops > 0 ? latNs : null, null, writeIops > 0 ? (long) latNs * 2 : null, null);
        return new PointResult(meta, status, 1000L, read, write, "{}", List.of(), null, T, T);
    }

    @Test
    void curvesAreOneLinePerNumjobsInIodepthOrder() {
        List<WorkloadResults> w = WorkloadResults.of(List.of(
                point("4K random read", "randread", 4096, 32, 1, 9000, 0, 100_000, PointStatus.COMPLETE),
                point("4K random read", "randread", 4096, 1, 1, 1000, 0, 50_000, PointStatus.COMPLETE),
                point("4K random read", "randread", 4096, 1, 2, 2000, 0, 60_000, PointStatus.COMPLETE)));
        assertEquals(1, w.size());
        assertEquals(List.of(
                        new Curve("", "1 job", List.of(new Curve.XY(1, 1000), new Curve.XY(32, 9000))),
                        new Curve("", "2 jobs", List.of(new Curve.XY(1, 2000)))),
                w.get(0).scalingCurves(""));
        assertEquals(new Curve("run 1", "1 job", List.of(new Curve.XY(1000, 50), new Curve.XY(9000, 100))),
                w.get(0).latencyCurves("run 1").get(0));
    }

    @Test
    void aPeakFromAPointStoppedPartWaySaysSo() {
        // the comparison's Peaks table and History gave a stopped point's figure as the workload's peak, unmarked
        WorkloadResults w = WorkloadResults.of(List.of(
                point("4K random read", "randread", 4096, 1, 1, 1000, 0, 50_000, PointStatus.COMPLETE),
                point("4K random read", "randread", 4096, 32, 1, 9000, 0, 90_000, PointStatus.PARTIAL))).get(0);
        assertEquals("QD32/1 (partial)", w.peak().orElseThrow().peakAt());
        assertEquals(List.of(new Curve.XY(1, 1000), new Curve.XY(32, 9000, true)),
                w.scalingCurves("").get(0).points(), "drawn hollow");
        assertEquals("QD1/1", w.points().get(0).peakAt());
    }

    @Test
    void aMixedPointCountsReadsAndWrites() {
        WorkloadResults w = WorkloadResults.of(List.of(
                point("8K mix", "randrw", 8192, 4, 1, 700, 300, 80_000, PointStatus.COMPLETE))).get(0);
        assertEquals(1000, w.points().get(0).iops(), 1e-9);
        assertEquals(80, w.points().get(0).latMeanUs(), 1e-9);
        assertEquals(Throughput.IOPS, w.unit());
    }

    @Test
    void aPointThatMeasuredNothingIsNotDrawn() {
        PointMeta meta = new PointMeta("01-randread-4k-qd2-j1", 1, PointKind.MEASURE, "4K random read",
                "randread", 4096L, null, null, 2, 1);
        WorkloadResults w = WorkloadResults.of(List.of(
                point("4K random read", "randread", 4096, 1, 1, 1000, 0, 50_000, PointStatus.COMPLETE),
                PointResult.failed(meta, "point 01-randread-4k-qd2-j1 failed: no space", T, T))).get(0);
        assertEquals(List.of(new Curve.XY(1, 1000)), w.scalingCurves("").get(0).points());
        assertEquals(2, w.points().size());
    }

    @Test
    void theFigureIsIopsUpTo16kAndMegabytesPerSecondAbove() {
        assertEquals(Throughput.IOPS, Throughput.forTransfer(16 * 1024L));
        assertEquals(Throughput.MB_S, Throughput.forTransfer(64 * 1024L));
        assertEquals(Throughput.MB_S, Throughput.forTransfer(null));
    }
}
