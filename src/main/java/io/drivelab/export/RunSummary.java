package io.drivelab.export;

import java.time.Instant;
import java.util.List;
import java.util.Set;

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

    /** Measured points done, and the number the plan measures (null when its stored plan cannot be read). */
    public record Progress(int done, Integer total) {
        @Override
        public String toString() {
            return total == null ? Integer.toString(done) : done + "/" + total;
        }
    }

    public static RunSummary of(Store store, Run run) {
        Progress progress = progress(store, run);
        return new RunSummary(run.id(), run.name(), run.planName(), run.target(), run.targetKind(), run.driveId(),
                run.host(), run.engineVersion(), run.startedAt(), run.endedAt(), run.status(), run.error(),
                progress.done(), progress.total());
    }

    /** Counted against the stored plan's measured points, so preconditions and failed points are not "done". */
    public static Progress progress(Store store, Run run) {
        List<Point> planned;
        try {
            planned = PlanFiles.fromJson(run.planJson(), "run " + run.id()).points();
        } catch (RuntimeException e) {
            // A plan this version cannot read: count what the database says was measured.
            int done = (int) store.listPoints(run.id()).stream()
                    .filter(p -> p.point().meta().kind() == PointKind.MEASURE
                            && p.point().status() == PointStatus.COMPLETE)
                    .count();
            return new Progress(done, null);
        }
        Set<String> completed = store.completedPointKeys(run.id());
        int done = (int) planned.stream().filter(p -> completed.contains(p.key())).count();
        return new Progress(done, planned.size());
    }
}
