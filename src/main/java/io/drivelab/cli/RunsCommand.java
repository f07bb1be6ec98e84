package io.drivelab.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Function;

import io.drivelab.export.RunSummary;
import io.drivelab.store.Run;
import io.drivelab.store.Store;
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

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (Store s = store.open()) {
            List<Run> runs = s.listRuns();
            Function<Run, RunSummary.Progress> progress = RunSummary.progressOfEveryRun(s);
            if (json) {
                CliJson.print(out, runs.stream().map(run -> RunSummary.of(run, progress.apply(run))).toList());
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
                        run.status().dbValue(), progress.apply(run));
            }
            table.print(out);
            return 0;
        }
    }
}
