package io.drivelab.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import io.drivelab.export.Csv;
import io.drivelab.reference.Disagreement;
import io.drivelab.reference.ReferenceFigure;
import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.reference.ReferenceReview;
import io.drivelab.reference.ReferenceStore;
import io.drivelab.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code drivelab reference}: the published figures DriveLab compares results with, and where each comes from. */
@Command(name = "reference", mixinStandardHelpOptions = true,
        description = {"List the reference library: every figure the shipped reviews publish, with its drive, its "
                + "source (review, copy of the review, section) and its workload.",
                "",
                "CSV columns: drive, capacity, source, test, rw, bs (a size, or a named mix such as \"CDN read "
                        + "mix\"), iodepth, numjobs (empty when the review gives only a peak), metric, value, unit "
                        + "(IOPS, MB/s = 10^6 B/s, GiB/s, us, ms, s, W, TBW, h), note (approximate, at least, at "
                        + "most, derived, range low/high, and what the review says).",
                "",
                "The library is loaded into the database on first use and again whenever this DriveLab ships "
                        + "newer data; your runs are not touched."})
public final class ReferenceCommand implements Callable<Integer> {

    /** The CSV header, as documented. */
    static final List<String> CSV_COLUMNS = List.of("drive", "capacity", "source", "test", "rw", "bs", "iodepth",
            "numjobs", "metric", "value", "unit", "note");

    enum OutputFormat {
        table, csv, json
    }

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOption store;

    @Option(names = "--drive", paramLabel = "TEXT",
            description = "Only drives whose name contains TEXT, e.g. \"DC3000ME\" or \"kioxia\" (any case).")
    String drive;

    @Option(names = "--test", paramLabel = "TEXT",
            description = "Only figures whose test, section or suite contains TEXT, e.g. \"4K random read\", "
                    + "\"CDN\", \"DLIO\", \"specification\".")
    String test;

    @Option(names = "--format", paramLabel = "table|csv|json", defaultValue = "table",
            description = "table (default), csv or json.")
    OutputFormat format;

    @Option(names = "--disagreements",
            description = "Instead of figures: where the copies of a review disagree and how each was resolved.")
    boolean disagreements;

    @Override
    public Integer call() {
        ReferenceLibrary library;
        try (Store s = store.open()) {
            library = ReferenceStore.load(s);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (disagreements) {
            printDisagreements(out, library);
            return 0;
        }
        List<ReferenceFigure> figures = library.select(drive, test);
        switch (format) {
            case csv -> out.print(csv(figures));
            case json -> CliJson.print(out, figures.stream().map(FigureJson::of).toList());
            case table -> table(out, figures);
        }
        out.flush();
        if (figures.isEmpty()) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("drivelab: no reference figure matches" + (drive == null ? "" : " --drive \"" + drive + "\"")
                    + (test == null ? "" : " --test \"" + test + "\"") + "; `drivelab reference` lists them all");
            err.flush();
        }
        return 0;
    }

    static String csv(List<ReferenceFigure> figures) {
        StringBuilder sb = new StringBuilder(Csv.line(CSV_COLUMNS));
        for (ReferenceFigure f : figures) {
            sb.append(Csv.line(java.util.Arrays.asList(f.drive().name(), f.drive().capacity(), f.sourceLabel(),
                    f.test(), f.rw() == null ? null : f.rw().value(), f.transferLabel(), f.iodepth(), f.numjobs(),
                    f.metric().label(), f.valueText(), f.unit().symbol(), f.noteText())));
        }
        return sb.toString();
    }

    private static void table(PrintWriter out, List<ReferenceFigure> figures) {
        Table table = new Table("DRIVE", "TEST", "WORKLOAD", "METRIC", "VALUE", "UNIT", "QUALIFIER", "SEED")
                .alignRight(4);
        for (ReferenceFigure f : figures) {
            table.row(f.drive().label(), f.test(), workload(f), f.metric().label(), f.valueText(), f.unit().symbol(),
                    f.qualifier() == null ? null : f.qualifier().label(), String.join(" + ", f.seeds()));
        }
        table.print(out);
        Set<String> drives = figures.stream().map(f -> f.drive().label()).collect(Collectors.toSet());
        out.println(figures.size() + (figures.size() == 1 ? " figure" : " figures") + " of " + drives.size()
                + (drives.size() == 1 ? " drive" : " drives") + "; --format csv adds each figure's section and note");
    }

    /** "randread 4k QD16/16", "read 128k", "" when the figure has no workload (DLIO, specifications of power). */
    private static String workload(ReferenceFigure f) {
        StringBuilder sb = new StringBuilder();
        if (f.rw() != null) {
            sb.append(f.rw().value());
        }
        if (f.transferLabel() != null) {
            sb.append(sb.length() > 0 ? " " : "").append(f.transferLabel());
        }
        if (f.configurationLabel() != null) {
            sb.append(sb.length() > 0 ? " " : "").append(f.configurationLabel());
        }
        return sb.length() == 0 ? null : sb.toString();
    }

    private static void printDisagreements(PrintWriter out, ReferenceLibrary library) {
        for (ReferenceReview review : library.reviews()) {
            if (review.disagreements().isEmpty()) {
                continue;
            }
            out.println(review.source().shortTitle() + " (" + review.source().file() + ")");
            for (Disagreement d : review.disagreements()) {
                out.println("  " + d.figure());
                d.copies().forEach((seed, text) -> out.println("    " + seed + ": " + text));
                out.println("    resolved: " + d.resolution());
            }
        }
    }

    /** A figure in --format json: everything the library knows about it. */
    record FigureJson(String drive, String vendor, String model, String capacity, String formFactor,
                      String iface, String kind, String review, String reviewFile, List<String> seeds,
                      String section, String suite, String test, String rw, String bs, Integer iodepth,
                      Integer numjobs, String metric, java.math.BigDecimal value, String unit, String qualifier,
                      String note) {
        static FigureJson of(ReferenceFigure f) {
            return new FigureJson(f.drive().name(), f.drive().vendor(), f.drive().model(), f.drive().capacity(),
                    f.drive().formFactor(), f.drive().iface(), f.kind().label(), f.source().title(),
                    f.source().file(), f.seeds(), f.section(), f.suite(), f.test(),
                    f.rw() == null ? null : f.rw().value(), f.transferLabel(), f.iodepth(), f.numjobs(),
                    f.metric().label(), new java.math.BigDecimal(f.valueText()), f.unit().symbol(),
                    f.qualifier() == null ? null : f.qualifier().label(), f.note());
        }
    }
}
