package io.drivelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import io.drivelab.files.OutputFile;
import io.drivelab.store.Run;
import io.drivelab.store.Store;
import io.drivelab.workload.FioJobFile;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.Presets;
import io.drivelab.workload.TestPlan;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code drivelab fio-job}: a run's, preset's or plan file's plan as an equivalent fio job file. */
@Command(name = "fio-job", mixinStandardHelpOptions = true,
        description = {"Print the fio job file equivalent to a run's plan, a preset or a plan file, so the "
                + "measurement can be reproduced with fio (3.29 or later).",
                "",
                "Every point is one fio job run after the previous one; idle pauses are sleep jobs. Where fio cannot "
                        + "say exactly what DriveLab does, a comment says how it differs (fio's bssplit takes whole "
                        + "percentages, so a decimal mix is rounded)."},
        footer = {"", "Give exactly one of RUN, --preset, --plan."})
public final class FioJobCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOption store;

    @Parameters(paramLabel = "RUN", arity = "0..1",
            description = "A run's id: the plan it ran, on its target unless --target is given.")
    Long runId;

    @Option(names = "--preset", paramLabel = "NAME", description = "A preset (see `drivelab presets`).")
    String preset;

    @Option(names = "--plan", paramLabel = "FILE", description = "A plan JSON file.")
    Path planFile;

    @Option(names = "--target", paramLabel = "PATH", description = "The device or file the job file measures. "
            + "Default: a run's own target; for a preset or plan file, $${DRIVELAB_TARGET}, which fio takes from "
            + "the environment.")
    String target;

    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of stdout.")
    Path outFile;

    @Override
    public Integer call() {
        int sources = (runId != null ? 1 : 0) + (preset != null ? 1 : 0) + (planFile != null ? 1 : 0);
        if (sources != 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), sources == 0
                    ? "Missing the plan: give RUN, --preset NAME or --plan FILE"
                    : "Give only one of RUN, --preset and --plan");
        }
        String jobFile;
        try {
            jobFile = runId != null ? fromRun() : FioJobFile.render(plan(), target);
        } catch (IllegalArgumentException e) {
            // A plan fio cannot express (e.g. sequential jobs on a target of unknown size).
            throw CommandException.badInput(e.getMessage());
        }
        if (outFile == null) {
            PrintWriter out = spec.commandLine().getOut();
            out.print(jobFile);
            out.flush();
            return 0;
        }
        OutputFile.at(outFile).writeString(jobFile);
        PrintWriter err = spec.commandLine().getErr();
        err.println("drivelab: wrote " + outFile + "; run it with: fio " + outFile);
        err.flush();
        return 0;
    }

    private TestPlan plan() {
        return preset != null ? Presets.get(preset) : PlanFiles.load(planFile);
    }

    private String fromRun() {
        try (Store s = store.open()) {
            Run run = StoreOption.run(s, runId);
            TestPlan plan = PlanFiles.fromJson(run.planJson(), "run " + run.id());
            String title = "DriveLab run " + run.id() + " \"" + run.name() + "\" (plan \"" + plan.name()
                    + "\", started " + Format.minutes(run.startedAt()) + " on " + run.target()
                    + ") as a fio job file.";
            // a run kept to some CPUs is reproduced on them
            return FioJobFile.render(plan.expand(), target != null ? target : run.target(),
                    List.of(title, plan.description()), run.cpusAllowed());
        }
    }
}
