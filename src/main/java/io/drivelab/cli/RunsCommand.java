package io.drivelab.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

import io.drivelab.export.RunSummary;
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
            List<RunSummary> runs = RunSummary.ofEveryRun(s);
            if (json) {
                CliJson.print(out, runs);
                return 0;
            }
            if (runs.isEmpty()) {
                out.println("No runs in " + s.path() + ".");
                out.flush();
                return 0;
            }
            Table table = new Table("ID", "NAME", "STARTED", "TARGET", "PLAN", "STATUS", "POINTS")
                    .alignRight(0, 6);
            for (RunSummary run : runs) {
                table.row(run.id(), run.name(), Format.minutes(run.startedAt()), run.target(), run.plan(),
                        run.status().dbValue(), new RunSummary.Progress(run.pointsDone(), run.pointsTotal()));
            }
            table.print(out);
            return 0;
        }
    }
}
