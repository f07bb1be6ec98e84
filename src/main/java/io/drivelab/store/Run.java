package io.drivelab.store;

import java.time.Instant;

/**
 * A stored run. endedAt is null while running; error is set for FAILED and INTERRUPTED runs; plannedPoints (the
 * points its plan measures) is null for runs filed before DriveLab stored it; cpusAllowed (the CPUs every point
 * keeps to, fio's list) is null for a run the scheduler places, the default.
 */
public record Run(long id, String name, String planJson, String planName, String target, String targetKind,
                  Long driveId, String host, String engineVersion, Instant startedAt, Instant endedAt,
                  RunStatus status, String error, RunnerProcess runner, Integer plannedPoints, String cpusAllowed) {

    /** A run the scheduler places. */
    public Run(long id, String name, String planJson, String planName, String target, String targetKind,
               Long driveId, String host, String engineVersion, Instant startedAt, Instant endedAt,
               RunStatus status, String error, RunnerProcess runner, Integer plannedPoints) {
        this(id, name, planJson, planName, target, targetKind, driveId, host, engineVersion, startedAt, endedAt,
                status, error, runner, plannedPoints, null);
    }

    /** A run whose planned points are not stored. */
    public Run(long id, String name, String planJson, String planName, String target, String targetKind,
               Long driveId, String host, String engineVersion, Instant startedAt, Instant endedAt,
               RunStatus status, String error, RunnerProcess runner) {
        this(id, name, planJson, planName, target, targetKind, driveId, host, engineVersion, startedAt, endedAt,
                status, error, runner, null, null);
    }

    /** What {@link #error()} is: a stopped run's "Reason" (a user's stop, a signal, a DriveLab gone), else "Error". */
    public String errorLabel() {
        return status == RunStatus.INTERRUPTED ? "Reason" : "Error";
    }

    /** Whether a live process runs it now; a run left RUNNING by a process that is gone is stale. */
    public boolean runsInALiveProcess() {
        return status == RunStatus.RUNNING && runner != null && runner.isAlive();
    }
}
