package io.drivelab.ui.plan;

import io.drivelab.workload.CheckpointStep;
import io.drivelab.workload.Units;

/** What the Plan panel says about a plan's checkpoints, from the plan itself. */
final class PlanText {
    private PlanText() {
    }

    /** "DLIO checkpoint: 8 ranks, 1m writes, 12 per pass x 3 passes of 21.3 % of the target ..., buffered". */
    static String checkpoint(CheckpointStep step) {
        return step.name() + ": " + step.ranks() + " ranks, " + Units.formatSize(step.bs()) + " writes, "
                + step.checkpoint().describe();
    }
}
