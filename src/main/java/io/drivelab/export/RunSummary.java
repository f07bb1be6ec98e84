package io.drivelab.export;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.Point;

/** A run as exports and `runs --json` give it; pointsTotal is null when the stored plan cannot be read. */
public record RunSummary(long id, String name, String plan, String target, String targetKind, Long driveId,
                         String host, String engineVersion, Instant startedAt, Instant endedAt, RunStatus status,
                         String error, int pointsDone, Integer pointsTotal) {

    private static final ObjectMapper JSON = new ObjectMapper();

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
     * The progress of any of the store's runs, as {@link #progress(Store, Run)} gives it, for a list of many: every
     * run's measured points are counted at once against the planned points stored with the run. Runs filed before
     * DriveLab stored that number have their plan read (each stored plan once: most runs share a preset's).
     */
    public static Function<Run, Progress> progressOfEveryRun(Store store) {
        Map<Long, Integer> measured = store.measuredPointCountOfEveryRun();
        Map<String, Optional<List<String>>> plans = new HashMap<>();
        var completed = new Object() {
            Map<Long, Set<String>> keys;

            Set<String> of(Run run) {
                if (keys == null) {
                    keys = store.completedPointKeysOfEveryRun();
                }
                return keys.getOrDefault(run.id(), Set.of());
            }
        };
        return run -> {
            if (run.plannedPoints() != null) {
                return new Progress(measured.getOrDefault(run.id(), 0), run.plannedPoints());
            }
            return plans.computeIfAbsent(pointsOnly(run.planJson()), json -> Optional.ofNullable(plannedKeys(run)))
                    .map(planned -> progress(planned, completed.of(run)))
                    .orElseGet(() -> measuredPoints(store, run));
        };
    }

    /**
     * The plan without its name and description, which do not change its points: imported files each describe
     * themselves, and a plan read and expanded costs far more than this.
     */
    private static String pointsOnly(String planJson) {
        try {
            JsonNode plan = JSON.readTree(planJson);
            if (plan instanceof ObjectNode fields) {
                fields.remove(List.of("name", "description"));
            }
            return plan.toString();
        } catch (JsonProcessingException e) {
            return planJson;
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
