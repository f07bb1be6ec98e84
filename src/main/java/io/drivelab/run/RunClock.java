package io.drivelab.run;

import io.drivelab.store.PointResult;
import io.drivelab.workload.PlanItem;

import java.time.Duration;
import java.util.List;

/**
 * Elapsed time, fraction done and ETA of a run from the plan's own estimates; fills, whose time depends on the
 * drive, are estimated from the throughput fills have shown so far.
 */
final class RunClock {
    /** Until a fill has shown the drive's speed, fills are estimated at this rate. */
    private static final double ASSUMED_FILL_BYTES_PER_SECOND = 1e9;

    private final List<PlanItem> items;
    private final long regionBytes;
    private final double[] estimate;
    private final boolean[] done;
    private final long startNanos = System.nanoTime();
    private double fillBytesPerSecond = ASSUMED_FILL_BYTES_PER_SECOND;
    private int index;
    private long itemStartNanos = System.nanoTime();

    RunClock(List<PlanItem> items, long regionBytes) {
        this.items = items;
        this.regionBytes = regionBytes;
        this.estimate = new double[items.size()];
        this.done = new boolean[items.size()];
        estimateAll();
    }

    private void estimateAll() {
        for (int i = 0; i < items.size(); i++) {
            PlanItem item = items.get(i);
            double bytes = (double) item.fixedBytes() + (double) item.regionPasses() * regionBytes;
            estimate[i] = item.estimatedSeconds() + bytes / fillBytesPerSecond;
        }
    }

    synchronized void startItem(int i) {
        index = i;
        itemStartNanos = System.nanoTime();
    }

    synchronized void skip(int i) {
        estimate[i] = 0;
    }

    synchronized void finishItem(int i) {
        done[i] = true;
    }

    /** A fill showed how fast the drive writes: the fills still to come are estimated at that rate. */
    synchronized void sawThroughput(PlanItem item, PointResult r) {
        if (item.regionPasses() > 0 || item.fixedBytes() > 0) {
            double bw = Passes.throughput(r);
            if (bw > 0) {
                fillBytesPerSecond = bw;
                double spent = estimate[index];
                estimateAll();
                estimate[index] = spent;
            }
        }
    }

    synchronized RunProgress now() {
        double total = 0, spent = 0;
        for (int i = 0; i < estimate.length; i++) {
            total += estimate[i];
            if (done[i]) {
                spent += estimate[i];
            }
        }
        double inItem = (System.nanoTime() - itemStartNanos) / 1e9;
        if (index < estimate.length && !done[index]) {
            spent += Math.min(inItem, estimate[index]);
        }
        double fraction = total > 0 ? Math.min(1, spent / total) : 1;
        String current = index < items.size() ? items.get(index).describe() : "";
        return new RunProgress(index, items.size(), current, Duration.ofNanos(System.nanoTime() - startNanos),
                Duration.ofMillis(Math.round(Math.max(0, total - spent) * 1000)), fraction);
    }
}
