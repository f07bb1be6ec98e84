package io.drivelab.cli;

import java.awt.Dimension;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.drivelab.files.OutputFile;
import io.drivelab.reference.ReferenceStore;
import io.drivelab.report.LibraryCurves;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.report.Report;
import io.drivelab.report.ReportRenderer;
import io.drivelab.report.Reports;
import io.drivelab.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code drivelab report RUN --png FILE}: the GUI's report of a run, rendered headless. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write a run's report as one PNG: a header (drive or test file, host, engine, plan, dates), "
                + "for every workload throughput by IODepth (one line per NumJobs) and mean latency against "
                + "throughput, then a table of every measured point. The same drawing as the GUI's Save report; no "
                + "display needed.",
                "",
                "--compare draws published figures of reference drives (dashed) on the same axes, matched by the "
                        + "workload's access pattern and transfer size; `drivelab reference` lists the drives."})
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    RunArgument stored;


    @Mixin
    RatedEnduranceOption endurance;

    @Option(names = "--png", required = true, paramLabel = "FILE", description = "The PNG to write.")
    Path png;

    @Option(names = "--compare", paramLabel = "DRIVE", arity = "1..*",
            description = "Reference drives to draw: any part of their name, e.g. DC3000ME \"Micron 9550\" (any "
                    + "case); `all` for every drive.")
    List<String> compare = new ArrayList<>();

    @Option(names = "--charts", paramLabel = "DIR",
            description = "Also write each chart on its own into DIR (01-<workload>-scaling.png, ...).")
    Path chartsDir;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        // both paths checked before anything is written: a refusal leaves nothing half done
        OutputFile.at(png).check();
        Report report;
        try (Store s = stored.open()) {
            stored.in(s);
            report = Reports.run(s, stored.id(), references(s), endurance.rated());
        }
        if (chartsDir != null) {
            OutputFile.folder(chartsDir);
        }
        ReportRenderer renderer = new ReportRenderer();
        renderer.writePng(report, png);
        Dimension size = renderer.size(report);
        out.printf(Locale.ROOT, "Report of run %d: %s (%d x %d px, %d workloads)%n", stored.id(), png, size.width,
                size.height, report.panels().size());
        if (chartsDir != null) {
            List<Path> charts = renderer.writeCharts(report, chartsDir);
            out.printf(Locale.ROOT, "%d charts in %s%n", charts.size(), chartsDir);
        }
        out.flush();
        return 0;
    }

    private ReferenceCurves references(Store s) {
        if (compare.isEmpty()) {
            return ReferenceCurves.NONE;
        }
        LibraryCurves library = LibraryCurves.of(ReferenceStore.load(s));
        if (compare.stream().anyMatch(c -> c.equalsIgnoreCase("all"))) {
            return library;
        }
        for (String name : compare) {
            if (library.only(List.of(name)).drives().isEmpty()) {
                throw CommandException.badInput("no reference drive matches \"" + name + "\"; the drives are: "
                        + String.join(", ", library.drives()));
            }
        }
        return library.only(compare);
    }
}
