package io.drivelab.workload;

import java.time.Duration;
import java.util.Locale;

/**
 * A plan's estimate in words, the same in the window and on the command line. A checkpoint plan's time is what the
 * drive needs to write its checkpoints, so it is said as what they write ("36 checkpoints writing 7.7 times the
 * target"), where passes over the region (8, rounded) read as if they were the plan's 3 passes.
 */
public final class PlanEstimate {
    /** A target and a write speed to put a checkpoint plan's drive-bound time in figures. */
    private static final long EXAMPLE_TARGET = 1_000_000_000_000L;
    private static final double EXAMPLE_SPEED = 2e9;

    private PlanEstimate() {
    }

    /** What a plan's checkpoints write: how many, times the target (share-sized ones) and bytes (fixed-size ones). */
    private record Written(int checkpoints, double targets, long bytes) {
        static Written by(TestPlan plan) {
            int checkpoints = 0;
            double targets = 0;
            long bytes = 0;
            for (Step s : plan.steps()) {
                if (s instanceof CheckpointStep cs) {
                    Checkpoint c = cs.checkpoint();
                    checkpoints += c.total();
                    if (c.size() == null) {
                        targets += c.sharePercent() / 100 * c.total();
                    } else {
                        bytes += c.size() * c.total();
                    }
                }
            }
            return new Written(checkpoints, targets, bytes);
        }

        /** "36 checkpoints writing 7.7 times the target", "+ 64 GiB" for fixed sizes. */
        String describe() {
            StringBuilder sb = new StringBuilder().append(checkpoints).append(" checkpoints writing ");
            if (targets > 0) {
                sb.append(String.format(Locale.ROOT, "%.1f times the target", targets));
            }
            if (bytes > 0) {
                sb.append(targets > 0 ? " + " : "").append(Units.formatSize(bytes));
            }
            return sb.toString();
        }

        /**
         * "as long as the drive takes, e.g. about 1 h 04 min on a 1 TB target written at 2 GB/s": the whole plan's
         * time at that speed, its fills' too.
         */
        String example(Estimate whole) {
            return "as long as the drive takes, e.g. about "
                    + Units.formatDuration(whole.total(EXAMPLE_TARGET, EXAMPLE_SPEED))
                    + (whole.regionPasses() > 0 ? " on a 1 TB target" : "") + " written at 2 GB/s";
        }

        /** The plan's estimate without what its checkpoints write: its timed parts and its fills. */
        Estimate withoutCheckpoints(TestPlan plan, Estimate whole) {
            double fillPasses = 0;
            long fillBytes = 0;
            for (PlanItem item : plan.expand()) {
                if (item.point() == null || !item.point().isCheckpoint()) {
                    fillPasses += item.regionPasses();
                    fillBytes += item.fixedBytes();
                }
            }
            return new Estimate(whole.timed(), fillPasses, fillBytes);
        }
    }

    /**
     * "16 points, about 1 min 36 s per target"; for checkpoints, how much they write and what that takes at an
     * example speed, since their time is what the drive needs.
     */
    public static String sentence(TestPlan plan) {
        long points = plan.points().size();
        String count = points + (points == 1 ? " point" : " points");
        Written w = Written.by(plan);
        Estimate e = plan.estimatedDuration();
        if (w.checkpoints() == 0) {
            return count + ", about " + e.describe() + " per target";
        }
        return count + ", " + duration(plan, w, e) + ": " + w.example(e);
    }

    /**
     * "1 min 36 s", "4 h 47 min + 3 passes over the region" (fills); for checkpoints, what they write instead of
     * passes: "36 checkpoints writing 7.7 times the target", after the plan's timed parts and fills if it has any.
     */
    public static String duration(TestPlan plan) {
        return duration(plan, Written.by(plan), plan.estimatedDuration());
    }

    /** {@link #duration(TestPlan)} from what was already worked out of the plan (each a pass over its items). */
    private static String duration(TestPlan plan, Written w, Estimate e) {
        if (w.checkpoints() == 0) {
            return e.describe();
        }
        Estimate rest = w.withoutCheckpoints(plan, e);
        // "0 s" before the checkpoints says nothing
        String before = rest.timed().isZero() && !rest.dependsOnDrive() ? "" : rest.describe() + " + ";
        return before + w.describe();
    }

    /** {@link #duration}, and for checkpoints what that takes at an example speed: `drivelab plan show`'s. */
    public static String detailed(TestPlan plan) {
        Written w = Written.by(plan);
        Estimate e = plan.estimatedDuration();
        String duration = duration(plan, w, e);
        return w.checkpoints() == 0 ? duration : duration + ": " + w.example(e);
    }
}
