package io.drivelab.workload;

/**
 * One entry of a plan's steps, in order: a precondition, a workload measured over a matrix, or AI training
 * checkpoints.
 */
public sealed interface Step permits Precondition, WorkloadStep, CheckpointStep {
}
