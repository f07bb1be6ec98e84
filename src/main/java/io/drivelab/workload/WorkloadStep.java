package io.drivelab.workload;

import java.util.Objects;

/**
 * A workload measured at every cell of a matrix.
 *
 * @param kind MATRIX, or GDSIO_SWEEP for gdsio's sweep (sequential read or write of one block size)
 */
public record WorkloadStep(Workload workload, Matrix matrix, WorkloadKind kind) implements Step {
    public WorkloadStep {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(matrix, "matrix");
        kind = kind == null ? WorkloadKind.MATRIX : kind;
        for (int i = 0; i < matrix.iodepths().size(); i++) {
            int qd = matrix.iodepths().get(i);
            Checks.require("matrix.iodepths[" + i + "]", qd, Checks.buffers(qd, workload.maxBs()));
        }
        Checks.require("kind", problemWithKind(kind, workload));
    }

    public WorkloadStep(Workload workload, Matrix matrix) {
        this(workload, matrix, WorkloadKind.MATRIX);
    }

    static String problemWithKind(WorkloadKind kind, Workload workload) {
        return switch (kind) {
            case MATRIX -> null;
            case CHECKPOINT -> "a workload step is not a checkpoint; write a {\"checkpoint\": ...} step";
            case GDSIO_SWEEP -> workload.bs() != null && (workload.rw() == Rw.READ || workload.rw() == Rw.WRITE) ? null
                    : "a gdsio sweep is sequential read or write of one block size (rw read or write, and bs)";
        };
    }

    /** Same workload, other times (null keeps the matrix's). */
    public WorkloadStep withTimes(Integer runtime, Integer ramp, Integer idle) {
        return new WorkloadStep(workload, matrix.withTimes(runtime, ramp, idle), kind);
    }
}
