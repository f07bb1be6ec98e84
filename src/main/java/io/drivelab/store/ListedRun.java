package io.drivelab.store;

import java.time.Instant;

/**
 * A run as a list of runs shows it: a {@link Run} without its plan and runner, with the number of its complete
 * measured points (preconditions and failed points not counted). plannedPoints is null for runs filed before
 * DriveLab stored it ({@link Store#plansOfRunsWithoutPlannedPoints()} gives their plans).
 */
public record ListedRun(long id, String name, String planName, String target, String targetKind, Long driveId,
                        String host, String engineVersion, Instant startedAt, Instant endedAt, RunStatus status,
                        String error, Integer plannedPoints, int measuredPoints) {
}
