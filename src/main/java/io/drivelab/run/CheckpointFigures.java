package io.drivelab.run;

import io.drivelab.engine.CheckpointEvent;
import io.drivelab.engine.CheckpointSummary;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointResult;

import java.util.Arrays;

/**
 * A checkpoint point's headline figures, so that lists, exports and charts show what the reviews compare: the write
 * direction's throughput is checkpoint bytes over checkpoint time (GB/s), and its latencies are checkpoint times
 * (mean, median, 99th and 99.9th percentile, nearest rank) rather than single writes. IOPS stay the engine's writes
 * per second of checkpoint time. The engine's whole result, with every checkpoint and the pass averages, is kept in
 * {@link PointResult#resultJson()}; {@link CheckpointSummary#fromResultJson(String)} reads it back.
 */
public final class CheckpointFigures {
    private CheckpointFigures() {
    }

    /** {@code r} with checkpoint figures when its result is a checkpoint run's; otherwise {@code r} itself. */
    public static PointResult apply(PointResult r) {
        return CheckpointSummary.fromResultJson(r.resultJson()).map(s -> withFigures(r, s)).orElse(r);
    }

    private static PointResult withFigures(PointResult r, CheckpointSummary s) {
        double iops = r.write() == null ? 0 : r.write().iops();
        DirectionResult write;
        if (s.checkpoints().isEmpty()) {
            // stopped before the first checkpoint was durable: there is no checkpoint time to report
            write = new DirectionResult(iops, 0, null, null, null, null);
        } else {
            long[] ns = s.checkpoints().stream().mapToLong(c -> Math.round(c.seconds() * 1e9)).sorted().toArray();
            double mean = Arrays.stream(ns).average().orElse(0);
            write = new DirectionResult(iops, Math.round(s.gbPerS() * 1e9), mean, rank(ns, 50), rank(ns, 99),
                    rank(ns, 99.9));
        }
        return new PointResult(r.meta(), r.status(), r.runtimeMs(), r.read(), write, r.resultJson(), r.histograms(),
                r.error(), r.startedAt(), r.endedAt());
    }

    /** Nearest-rank percentile of sorted values: with 36 checkpoints, the 99th is the slowest. */
    static long rank(long[] sorted, double percentile) {
        int index = (int) Math.ceil(percentile / 100 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    /** Mean seconds per checkpoint of a point with checkpoint figures, or null when it has none. */
    public static Double meanSeconds(PointResult r) {
        return r.write() == null || r.write().latMeanNs() == null ? null : r.write().latMeanNs() / 1e9;
    }

    /**
     * A reviewed drive's DLIO time (seconds per 1,636 GB checkpoint, or a pass average of them) as GB/s, the figure
     * that compares with a checkpoint point of any size.
     */
    public static double reviewedGbPerS(double seconds) {
        return io.drivelab.workload.Checkpoint.REVIEWED_CHECKPOINT_BYTES / seconds / 1e9;
    }

    /** One line for a console: "pass 1 #3 2.41 s (write 1.90 + fsync 0.51), 0.362 GB/s, deleted ckpt-001-001". */
    public static String describe(CheckpointEvent c) {
        String f = c.seconds() < 10 ? "%.3f" : "%.2f";  // a small checkpoint in milliseconds too
        String line = String.format(java.util.Locale.ROOT, "pass %d #%d " + f + " s (write " + f + " + fsync " + f
                + "), %.3f GB/s", c.pass(), c.index(), c.seconds(), c.writeSeconds(), c.fsyncSeconds(), c.gbPerS());
        if (!c.deleted().isEmpty()) {
            line += (c.slot() != null ? ", overwrote " : ", deleted ") + String.join(" ", c.deleted());
        }
        return line;
    }
}
