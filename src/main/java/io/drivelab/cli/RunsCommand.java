package io.drivelab.cli;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

import io.drivelab.store.PointKind;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.Point;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code drivelab runs}: every run in the database, newest first. */
@Command(name = "runs", mixinStandardHelpOptions = true,
        description = {"List the runs in the results database, newest first.",
                "",
                "POINTS: measured points completed / points the plan measures. STATUS: running, complete, "
                        + "interrupted (its process stopped; `drivelab resume RUN` finishes it) or failed."})
public final class RunsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOption store;

    @Option(names = "--json", description = "Print the runs as JSON.")
    boolean json;

    /** A run as `runs --json` prints it; pointsTotal is null when the stored plan cannot be read. */
    record RunSummary(long id, String name, String plan, String target, String targetKind, Long driveId,
                      String host, String engineVersion, Instant startedAt, Instant endedAt, RunStatus status,
                      String error, int pointsDone, Integer pointsTotal) {
    }

    /** Measured points done, and the number the plan measures (null when its stored plan cannot be read). */
    record Progress(int done, Integer total) {
        @Override
        public String toString() {
            return total == null ? Integer.toString(done) : done + "/" + total;
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (Store s = store.open()) {
            List<Run> runs = s.listRuns();
            if (json) {
                CliJson.print(out, runs.stream().map(run -> summary(s, run)).toList());
                return 0;
            }
            if (runs.isEmpty()) {
                out.println("No runs in " + s.path() + ".");
                out.flush();
                return 0;
            }
            Table table = new Table("ID", "NAME", "STARTED", "TARGET", "PLAN", "STATUS", "POINTS")
                    .alignRight(0, 6);
            for (Run run : runs) {
                table.row(run.id(), run.name(), Format.minutes(run.startedAt()), run.target(), run.planName(),
                        run.status().dbValue(), progress(s, run));
            }
            table.print(out);
            return 0;
        }
    }

    static RunSummary summary(Store store, Run run) {
        Progress progress = progress(store, run);
        return new RunSummary(run.id(), run.name(), run.planName(), run.target(), run.targetKind(), run.driveId(),
                run.host(), run.engineVersion(), run.startedAt(), run.endedAt(), run.status(), run.error(),
                progress.done(), progress.total());
    }

    /** Counted against the stored plan's measured points, so preconditions and failed points are not "done". */
    static Progress progress(Store store, Run run) {
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
