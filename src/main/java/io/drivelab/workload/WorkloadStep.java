package io.drivelab.workload;

import java.util.List;
import java.util.Objects;

/**
 * A workload measured at every cell of a matrix.
 *
 * @param kind  MATRIX, GDSIO_SWEEP for gdsio's sweep (sequential read or write of one block size), or
 *              LATENCY_UNDER_LOAD for offered rates below the peak of the matrix's one cell
 * @param loads for LATENCY_UNDER_LOAD: the offered rates as % of the peak measured first, rising (e.g. 10, 20 …
 *              100); empty for the other kinds
 */
public record WorkloadStep(Workload workload, Matrix matrix, WorkloadKind kind, List<Integer> loads)
        implements Step {
    /** Ten offered rates, 10 % to 100 % of the peak. */
    public static final List<Integer> TEN_LOADS = List.of(10, 20, 30, 40, 50, 60, 70, 80, 90, 100);

    public WorkloadStep {
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(matrix, "matrix");
        kind = kind == null ? WorkloadKind.MATRIX : kind;
        loads = loads == null ? List.of() : List.copyOf(loads);
        for (int i = 0; i < matrix.iodepths().size(); i++) {
            int qd = matrix.iodepths().get(i);
            Checks.require("matrix.iodepths[" + i + "]", qd, Checks.buffers(qd, workload.maxBs()));
        }
        Checks.require("kind", problemWithKind(kind, workload));
        if (kind == WorkloadKind.LATENCY_UNDER_LOAD) {
            Checks.require("matrix", matrix.size() == 1 ? null
                    : "latency under load is measured at one IODepth and NumJobs: give one value in each");
            Checks.require("workload.rateIops", workload.rateIops() == null ? null
                    : "latency under load sets the rate itself, as shares of the measured peak: leave it out");
            Checks.require("loads", Checks.loads(loads));
        } else {
            Checks.require("loads", loads.isEmpty() ? null : "only a latency-under-load step has loads");
        }
    }

    public WorkloadStep(Workload workload, Matrix matrix, WorkloadKind kind) {
        this(workload, matrix, kind, List.of());
    }

    public WorkloadStep(Workload workload, Matrix matrix) {
        this(workload, matrix, WorkloadKind.MATRIX);
    }

    /** Latency under load: the peak at {@code matrix}'s one cell, then {@code loads} % of it. */
    public static WorkloadStep underLoad(Workload workload, Matrix matrix, List<Integer> loads) {
        return new WorkloadStep(workload, matrix, WorkloadKind.LATENCY_UNDER_LOAD, loads);
    }

    static String problemWithKind(WorkloadKind kind, Workload workload) {
        return switch (kind) {
            case MATRIX, LATENCY_UNDER_LOAD -> null;
            case CHECKPOINT -> "a workload step is not a checkpoint; write a {\"checkpoint\": ...} step";
            case GDSIO_SWEEP -> workload.bs() != null && (workload.rw() == Rw.READ || workload.rw() == Rw.WRITE) ? null
                    : "a gdsio sweep is sequential read or write of one block size (rw read or write, and bs)";
        };
    }

    /** Same workload, other times (null keeps the matrix's). */
    public WorkloadStep withTimes(Integer runtime, Integer ramp, Integer idle) {
        return new WorkloadStep(workload, matrix.withTimes(runtime, ramp, idle), kind, loads);
    }
}
