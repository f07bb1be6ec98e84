package io.drivelab.store;

import java.util.Objects;

/**
 * What the runner knows when a run starts.
 *
 * @param name          the user's label for the run
 * @param planJson      the whole plan as run, so a run can be repeated or resumed without the plan file
 * @param planName      the plan's own name, for grouping runs of the same plan (may be null)
 * @param target        the device or file path measured
 * @param targetKind    "block" or "file", as the engine reports it
 * @param driveId       the drive measured, or null for a file or a device without a serial
 * @param host          host name of the machine that ran it
 * @param engineVersion the engine's version (from its start line)
 * @param plannedPoints the number of points the plan measures (so a list of runs needs no plan read), or null
 * @param cpusAllowed   the CPUs every point keeps to (fio's list: "1", "0-3", "0,2"), or null: unpinned
 */
public record NewRun(String name, String planJson, String planName, String target, String targetKind,
                     Long driveId, String host, String engineVersion, Integer plannedPoints, String cpusAllowed) {
    public NewRun {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(planJson, "planJson");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(targetKind, "targetKind");
    }

    /** A run left to the scheduler's placement, as every run is by default. */
    public NewRun(String name, String planJson, String planName, String target, String targetKind,
                  Long driveId, String host, String engineVersion, Integer plannedPoints) {
        this(name, planJson, planName, target, targetKind, driveId, host, engineVersion, plannedPoints, null);
    }

    /** The same run kept to {@code cpus} (null: unpinned). */
    public NewRun keptTo(String cpus) {
        return new NewRun(name, planJson, planName, target, targetKind, driveId, host, engineVersion, plannedPoints,
                cpus);
    }

    /** A run whose planned points are not known: a list of runs reads its plan for them. */
    public NewRun(String name, String planJson, String planName, String target, String targetKind,
                  Long driveId, String host, String engineVersion) {
        this(name, planJson, planName, target, targetKind, driveId, host, engineVersion, null);
    }
}
