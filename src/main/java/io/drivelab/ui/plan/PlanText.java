package io.drivelab.ui.plan;

import java.time.Duration;
import java.util.Locale;

import io.drivelab.workload.Checkpoint;
import io.drivelab.workload.CheckpointStep;
import io.drivelab.workload.Estimate;
import io.drivelab.workload.Step;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Units;

/** What the Plan panel says about a plan: its checkpoints and its estimate, from the plan itself. */
final class PlanText {
    /** A target and a write speed to put a checkpoint plan's drive-bound time in figures. */
    private static final long EXAMPLE_TARGET = 1_000_000_000_000L;
    private static final double EXAMPLE_SPEED = 2e9;

    private PlanText() {
    }

    /** "DLIO checkpoint: 8 ranks, 1m writes, 12 per pass x 3 passes of 21.3 % of the target ..., buffered". */
    static String checkpoint(CheckpointStep step) {
        return step.name() + ": " + step.ranks() + " ranks, " + Units.formatSize(step.bs()) + " writes, "
                + step.checkpoint().describe();
    }

    /**
     * "16 points, about 1 min 36 s per target"; for checkpoints, how much they write and what that takes at an
     * example speed, since their time is what the drive needs.
     */
    static String estimate(TestPlan plan) {
        long points = plan.points().size();
        String count = points + (points == 1 ? " point" : " points");
        int checkpoints = 0;
        double targetsWritten = 0;
        long bytes = 0;
        for (Step s : plan.steps()) {
            if (s instanceof CheckpointStep cs) {
                Checkpoint c = cs.checkpoint();
                checkpoints += c.total();
                if (c.size() == null) {
                    targetsWritten += c.sharePercent() / 100 * c.total();
                } else {
                    bytes += c.size() * c.total();
                }
            }
        }
        Estimate e = plan.estimatedDuration();
        if (checkpoints == 0) {
            return count + ", about " + e.describe() + " per target";
        }
        StringBuilder sb = new StringBuilder(count).append(", ").append(checkpoints).append(" checkpoints writing ");
        if (targetsWritten > 0) {
            sb.append(String.format(Locale.ROOT, "%.1f times the target", targetsWritten));
        }
        if (bytes > 0) {
            sb.append(targetsWritten > 0 ? " + " : "").append(Units.formatSize(bytes));
        }
        long seconds = Math.round((targetsWritten * EXAMPLE_TARGET + bytes) / EXAMPLE_SPEED)
                + e.timed().getSeconds();
        sb.append(": as long as the drive takes, e.g. about ").append(Units.formatDuration(Duration.ofSeconds(seconds)))
                .append(targetsWritten > 0 ? " on a 1 TB target" : "").append(" written at 2 GB/s");
        return sb.toString();
    }
}
