package io.drivelab.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import io.drivelab.workload.PlanEstimate;
import io.drivelab.workload.Presets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code drivelab presets}: the built-in test plans with how long they take. */
@Command(name = "presets", mixinStandardHelpOptions = true,
        description = {"List the built-in test plans: estimated duration, measured points, what they run.",
                "",
                "Fills take as long as the drive needs to write the region, so a plan with fills shows them as "
                        + "passes over the region on top of its timed parts, and a plan of checkpoints as what they "
                        + "write. `drivelab plan show NAME` gives the details."})
public final class PresetsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Table table = new Table("PRESET", "DURATION", "POINTS", "SUMMARY").alignRight(2);
        for (Presets.Preset preset : Presets.all()) {
            table.row(preset.name(), PlanEstimate.duration(preset.plan()), preset.plan().points().size(),
                    preset.summary());
        }
        table.print(out);
        return 0;
    }
}
