package io.drivelab.workload;

/** One entry of a plan's steps, in order: a precondition, or a workload measured over a matrix. */
public sealed interface Step permits Precondition, WorkloadStep {
}
