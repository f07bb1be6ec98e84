package io.drivelab.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import io.drivelab.workload.BlockSizeMix;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.PlanEstimate;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Point;
import io.drivelab.workload.Precondition;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Region;
import io.drivelab.workload.CheckpointStep;
import io.drivelab.workload.Step;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Units;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadKind;
import io.drivelab.workload.WorkloadStep;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code drivelab plan show NAME|FILE}: what a plan does, item by item, and how long it takes. */
@Command(name = "plan", mixinStandardHelpOptions = true,
        description = "Look at test plans (built-in presets or plan files).",
        subcommands = PlanCommand.Show.class)
public final class PlanCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand");
    }

    /**
     * A preset by name, else a plan file. A word that is neither (no such preset, no such file, not path-like) is
     * reported as an unknown preset with the known names, since that is the likelier typo.
     *
     * @throws io.drivelab.workload.PlanException for a bad plan file, listing every problem
     */
    public static TestPlan presetOrFile(String nameOrFile) {
        if (Presets.names().contains(nameOrFile)) {
            return Presets.get(nameOrFile);
        }
        Path file = Path.of(nameOrFile);
        boolean looksLikePath = nameOrFile.contains("/") || nameOrFile.endsWith(".json");
        if (!Files.exists(file) && !looksLikePath) {
            throw CommandException.badInput("\"" + nameOrFile + "\" is neither a preset (" + String.join(", ",
                    Presets.names()) + ") nor a plan file");
        }
        return PlanFiles.load(file);
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = {"Show a plan: its steps, every item the runner executes in order (preconditions, "
                    + "measured points with their keys, idle pauses) and the estimated duration.",
                    "",
                    "A plan file with problems gets every problem listed, naming the field and value, and exit "
                            + "code 2."})
    public static final class Show implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "NAME|FILE", description = "A preset name (see `drivelab presets`) or a plan "
                + "JSON file.")
        String plan;

        @Override
        public Integer call() {
            TestPlan p = presetOrFile(plan);
            PrintWriter out = spec.commandLine().getOut();
            List<PlanItem> items = p.expand();
            out.println("Plan:      " + p.name());
            for (String line : Format.wrap(p.description(), 100)) {
                out.println("           " + line);
            }
            out.println("Region:    " + region(p.target()));
            out.println("Estimate:  " + PlanEstimate.detailed(p));
            out.println("Items:     " + count(items, PlanItem.Kind.MEASURE, "measured point", "measured points")
                    + ", " + count(items, PlanItem.Kind.PRECONDITION, "precondition", "preconditions")
                    + ", " + count(items, PlanItem.Kind.IDLE, "idle pause", "idle pauses"));
            if (p.freshPreconditionOnBsChange()) {
                out.println("           fresh precondition whenever the transfer size changes");
            }
            out.println();
            out.println("Steps:");
            Table steps = new Table("#", "STEP", "NAME", "WHAT").alignRight(0);
            int n = 0;
            for (Step step : p.steps()) {
                n++;
                if (step instanceof Precondition pre) {
                    steps.row(n, "precondition", pre.name(), precondition(pre));
                } else if (step instanceof WorkloadStep ws) {
                    steps.row(n, ws.kind() == WorkloadKind.MATRIX ? "workload" : ws.kind().value(),
                            ws.workload().name(), workload(ws));
                } else if (step instanceof CheckpointStep cs) {
                    steps.row(n, "checkpoint", cs.name(), cs.ranks() + " ranks x "
                            + Units.formatSize(cs.bs()) + " writes, " + cs.checkpoint().describe());
                }
            }
            steps.print(out);
            n = 0;
            for (Step step : p.steps()) {
                n++;
                BlockSizeMix mix = step instanceof Precondition pre ? pre.mix()
                        : step instanceof WorkloadStep ws ? ws.workload().mix() : null;
                if (mix != null) {
                    out.println("Step " + n + " mix: " + mix.toEngineSpec());
                }
            }
            out.println();
            out.println("Items, in the order they run:");
            Table table = new Table("#", "KIND", "KEY", "WORKLOAD", "WHAT").alignRight(0);
            n = 0;
            for (PlanItem item : items) {
                n++;
                if (item.isIdle()) {
                    table.row(n, "idle", null, null, "rest " + item.idleSeconds() + " s");
                    continue;
                }
                Point point = item.point();
                Workload w = point.workload();
                // A mix is spelled out once, in the steps; 30+ sizes on every item would bury the list.
                String described = w.mix() == null ? point.describe()
                        : point.describe().replace(w.mix().toEngineSpec(), w.transferLabel());
                String what = described + (item.untilSteady()
                        ? ", rounds until steady, at most " + item.maxRounds() : "");
                table.row(n, item.isMeasure() ? "measure" : "precondition", point.key(), point.workload().name(),
                        what);
            }
            table.print(out);
            return 0;
        }

        private static String count(List<PlanItem> items, PlanItem.Kind kind, String one, String many) {
            long n = items.stream().filter(i -> i.kind() == kind).count();
            return n + " " + (n == 1 ? one : many);
        }
    }

    /** "the whole target", "the first 1g", "8g from offset 1m". */
    static String region(Region region) {
        if (region.size() == null) {
            return region.offset() == null ? "the whole target"
                    : "from offset " + Units.formatSize(region.offset()) + " to the end of the target";
        }
        if (region.offset() == null || region.offset() == 0) {
            return "the first " + Units.formatSize(region.size());
        }
        return Units.formatSize(region.size()) + " from offset " + Units.formatSize(region.offset());
    }

    /** "randread 4k, IODepth 1,32 x NumJobs 1,4 (4 points), 60 s + 5 s ramp, 10 s idle". */
    static String workload(WorkloadStep step) {
        Workload w = step.workload();
        Matrix m = step.matrix();
        StringBuilder sb = new StringBuilder(transfer(w.rw().value(), w));
        if (w.rwmixread() != null) {
            sb.append(" (").append(w.rwmixread()).append("% reads)");
        }
        sb.append(", IODepth ").append(join(m.iodepths())).append(" x NumJobs ").append(join(m.numjobs()));
        if (!step.loads().isEmpty()) {
            // latency under load: the peak, then each offered share of it
            sb.append(" (the peak, then ").append(join(step.loads())).append(" % of it");
        } else {
            sb.append(" (").append(m.size()).append(m.size() == 1 ? " point" : " points");
        }
        if (m.outer() == Matrix.Outer.NUMJOBS && m.numjobs().size() > 1 && m.iodepths().size() > 1) {
            sb.append(", NumJobs outer");
        }
        sb.append("), ").append(m.runtime()).append(" s");
        if (m.ramp() > 0) {
            sb.append(" + ").append(m.ramp()).append(" s ramp");
        }
        if (m.idle() > 0) {
            sb.append(", ").append(m.idle()).append(" s idle");
        }
        if (m.passes() > 1) {
            sb.append(", ").append(m.keep().value()).append(" of ").append(m.passes()).append(" passes");
        }
        return sb.toString();
    }

    /** "fill write 128k QD256/1, 2 passes over the region", "saturate randwrite 128k-mix QD32/4, 3 h". */
    static String precondition(Precondition p) {
        String head = p.type() + ": " + transfer(p.workload().rw().value(), p.workload())
                + String.format(Locale.ROOT, " QD%d/%d, ", p.iodepth(), p.numjobs());
        if (p instanceof Precondition.Fill f) {
            return head + (f.ioSize() != null ? Units.formatSize(f.ioSize()) + " per job"
                    : f.loops() + (f.loops() == 1 ? " pass" : " passes") + " over the region");
        }
        if (p instanceof Precondition.Saturate s) {
            return head + Units.formatDuration(java.time.Duration.ofSeconds(s.runtime()));
        }
        Precondition.UntilSteady u = (Precondition.UntilSteady) p;
        return head + "rounds of " + u.roundRuntime() + " s until steady, at most " + u.maxRounds();
    }

    /** "randread 4k", "randwrite 128k-mix" (the whole mix is listed below the steps). */
    private static String transfer(String rw, Workload w) {
        return rw + " " + w.transferLabel();
    }

    private static String join(List<Integer> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
