package io.drivelab.run;

import io.drivelab.store.Direction;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.Histogram;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.workload.Matrix;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Combining the passes of a point: the best one, or the mean with latencies of all I/Os of all passes. */
class PassesTest {

    /** A pass whose every read took {@code ns} (fio bucket {@code ns} for values under 128). */
    private static Measured pass(double iops, long bw, int ns, long ios) {
        PointResult r = RunnerFixtures.result("k", iops, bw);
        String json = "{\"type\":\"result\",\"read\":{\"ios\":" + ios + ",\"iops\":" + iops + ",\"lat_ns\":{\"min\":"
                + ns + ",\"max\":" + ns + ",\"mean\":" + ns + "}},\"write\":{\"ios\":0}}";
        Histogram h = new Histogram(Direction.READ, "fio", 6, 29, List.of(new Histogram.Bucket(ns, ios)));
        return new Measured(new PointResult(r.meta(), PointStatus.COMPLETE, r.runtimeMs(),
                new DirectionResult(iops, bw, (double) ns, (long) ns, (long) ns, (long) ns), r.write(), json,
                List.of(h), null, r.startedAt(), r.endedAt()), List.of());
    }

    @Test
    void bestOfKeepsTheHighestThroughput() {
        Measured slow = pass(100, 400_000, 50, 100), fast = pass(300, 1_200_000, 20, 300);
        assertEquals(fast.result(), Passes.combine(List.of(slow, fast), Matrix.Keep.BEST, 2).result());
    }

    @Test
    void meanAveragesThroughputAndKeepsEveryPass() {
        PointResult mean = Passes.combine(List.of(pass(100, 400_000, 50, 100), pass(300, 1_200_000, 20, 300)),
                Matrix.Keep.MEAN, 2).result();
        assertEquals(200, mean.read().iops(), 1e-9);
        assertEquals(800_000, mean.read().bwBytes());
        assertNotNull(mean.resultJson());
        assertTrue(mean.resultJson().contains("\"passes\""));
    }

    @Test
    void meanPercentilesComeFromTheMergedHistogramNotFromAveragedPercentiles() {
        // 99 fast I/Os in four passes and one slow pass of one I/O: 1 % of all I/Os are slow
        Measured fast = pass(1000, 4_000_000, 20, 99);
        Measured slow = pass(10, 40_000, 100, 1);
        PointResult mean = Passes.combine(List.of(fast, fast, fast, fast, slow), Matrix.Keep.MEAN, 5).result();

        // of 397 I/Os, 396 took 20 ns: p50 and p99 are 20 ns (an average of p99s would say 36 ns), p99.9 is 100
        assertEquals(20L, mean.read().p50Ns());
        assertEquals(20L, mean.read().p99Ns());
        assertEquals(100L, mean.read().p999Ns());
        assertEquals((396 * 20 + 100) / 397.0, mean.read().latMeanNs(), 1e-9, "the mean is over every I/O");
        Histogram merged = mean.histograms().get(0);
        assertEquals(397, merged.totalCount(), "the stored histogram holds every pass's I/Os");
        assertEquals(List.of(new Histogram.Bucket(20, 396), new Histogram.Bucket(100, 1)), merged.buckets());
    }
}
