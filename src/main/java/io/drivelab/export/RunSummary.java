package io.drivelab.export;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.drivelab.store.PointKind;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoreException;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.Point;

/** A run as exports and `runs --json` give it; pointsTotal is null when the stored plan cannot be read. */
public record RunSummary(long id, String name, String plan, String target, String targetKind, Long driveId,
                         String host, String engineVersion, Instant startedAt, Instant endedAt, RunStatus status,
                         String error, int pointsDone, Integer pointsTotal) {

    /** Measured points done, and the number the plan measures (null when its stored plan cannot be read). */
    public record Progress(int done, Integer total) {
        @Override
        public String toString() {
            return total == null ? Integer.toString(done) : done + "/" + total;
        }
    }

    public static RunSummary of(Store store, Run run) {
        return of(run, progress(store, run));
    }

    public static RunSummary of(Run run, Progress progress) {
        return new RunSummary(run.id(), run.name(), run.planName(), run.target(), run.targetKind(), run.driveId(),
                run.host(), run.engineVersion(), run.startedAt(), run.endedAt(), run.status(), run.error(),
                progress.done(), progress.total());
    }

    /** Counted against the stored plan's measured points, so preconditions and failed points are not "done". */
    public static Progress progress(Store store, Run run) {
        List<String> planned = plannedKeys(run);
        return planned == null ? measuredPoints(store, run) : progress(planned, store.completedPointKeys(run.id()));
    }

    /**
     * Every run in the store, newest first, with its complete measured points and the number its plan measures:
     * the runs and their points counted in one read, no plan read but, for runs filed before DriveLab stored that
     * number, each plan they were filed with once (most share a preset's, or differ only in name and description);
     * their numbers are then stored, when no other process is writing.
     */
    public static List<RunSummary> ofEveryRun(Store store) {
        Map<Long, Integer> plannedOfOlderRuns = new HashMap<>();
        store.plansOfRunsWithoutPlannedPoints().forEach((planJson, runIds) -> {
            Integer planned = plannedPoints(planJson);
            if (planned != null) {
                runIds.forEach(id -> plannedOfOlderRuns.put(id, planned));
            }
        });
        if (!plannedOfOlderRuns.isEmpty()) {
            try {
                // Once: the next list reads no plan (grouping a thousand plans by SQLite takes 0.1 s).
                store.fillPlannedPoints(plannedOfOlderRuns);
            } catch (StoreException e) {
                // A list of runs works without it; a write that needs the database says what is wrong.
            }
        }
        return store.listRunsWithoutPlans().stream().map(run -> new RunSummary(run.id(), run.name(), run.planName(),
                run.target(), run.targetKind(), run.driveId(), run.host(), run.engineVersion(), run.startedAt(),
                run.endedAt(), run.status(), run.error(), run.measuredPoints(),
                run.plannedPoints() != null ? run.plannedPoints() : plannedOfOlderRuns.get(run.id()))).toList();
    }

    /** The number of points a stored plan measures, or null when this version cannot read the plan. */
    private static Integer plannedPoints(String planJson) {
        try {
            return PlanFiles.fromJson(planJson, "a stored run's plan").points().size();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The keys of the points the run's stored plan measures, or null when this version cannot read the plan. */
    private static List<String> plannedKeys(Run run) {
        try {
            return PlanFiles.fromJson(run.planJson(), "run " + run.id()).points().stream().map(Point::key).toList();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static Progress progress(List<String> planned, Set<String> completed) {
        return new Progress((int) planned.stream().filter(completed::contains).count(), planned.size());
    }

    /** For a plan this version cannot read: what the database says was measured. */
    private static Progress measuredPoints(Store store, Run run) {
        int done = (int) store.listPoints(run.id()).stream()
                .filter(p -> p.point().meta().kind() == PointKind.MEASURE
                        && p.point().status() == PointStatus.COMPLETE)
                .count();
        return new Progress(done, null);
    }
}
