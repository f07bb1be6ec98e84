package io.drivelab.workload;

import java.util.Objects;

/** A workload measured at every cell of a matrix. */
public record WorkloadStep(Workload workload, Matrix matrix) implements Step {
    public WorkloadStep {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(matrix, "matrix");
        for (int i = 0; i < matrix.iodepths().size(); i++) {
            int qd = matrix.iodepths().get(i);
            Checks.require("matrix.iodepths[" + i + "]", qd, Checks.buffers(qd, workload.maxBs()));
        }
    }

    /** Same workload, other times (null keeps the matrix's). */
    public WorkloadStep withTimes(Integer runtime, Integer ramp, Integer idle) {
        return new WorkloadStep(workload, matrix.withTimes(runtime, ramp, idle));
    }
}
