package io.drivelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;

import io.drivelab.reference.FioImport;
import io.drivelab.reference.FioImportException;
import io.drivelab.reference.ReferenceFigure;
import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.reference.ReferenceMatch;
import io.drivelab.reference.ReferenceStore;
import io.drivelab.report.PointFigures;
import io.drivelab.store.PointResult;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code drivelab import-fio FILE... --drive NAME}: fio results as runs, next to the reference drives. */
@Command(name = "import-fio", mixinStandardHelpOptions = true,
        description = {"Import fio 3.x output (--output-format=json or json+) as runs: one run per file, one point "
                + "per fio job, filed under the drive NAME. Per-job output (without group_reporting) is added up "
                + "into one point per job, as group_reporting would.",
                "",
                "Every file is checked before anything is stored, and all are stored in one transaction: a file "
                        + "that is not fio JSON (or is cut short) is named and nothing is imported.",
                "",
                "Each imported point is then shown next to the published figures of the same workload (or the "
                        + "nearest configuration): `drivelab reference` lists them all."})
public final class ImportFioCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOption store;

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "fio JSON output files.")
    List<Path> files;

    @Option(names = "--drive", paramLabel = "NAME", required = true,
            description = "The drive the files measured, e.g. \"Samsung PM1743 7.68TB\".")
    String drive;

    @Override
    public Integer call() {
        if (drive.isBlank()) {
            throw CommandException.badInput("--drive needs the drive's name");
        }
        PrintWriter out = spec.commandLine().getOut();
        try (Store s = store.open()) {
            List<FioImport.Imported> imported;
            try {
                imported = FioImport.importFiles(s, files, drive);
            } catch (FioImportException e) {
                throw CommandException.badInput(e.getMessage() + "; nothing was imported");
            }
            ReferenceLibrary library = ReferenceStore.load(s);
            for (FioImport.Imported file : imported) {
                List<StoredPoint> points = s.listPoints(file.runId());
                out.println("run " + file.runId() + ": " + file.file().file() + " (" + file.file().fioVersion() + ", "
                        + points.size() + (points.size() == 1 ? " point" : " points") + ")");
                for (StoredPoint point : points) {
                    printPoint(out, point.point(), library.match(point.point().meta()));
                }
            }
        }
        out.flush();
        return 0;
    }

    private static void printPoint(PrintWriter out, PointResult point, ReferenceMatch match) {
        out.println("  " + point.meta().workload() + ": " + Format.rw(point.meta()) + " "
                + PointFigures.transfer(point.meta()) + " QD" + point.meta().iodepth() + "/" + point.meta().numjobs()
                + ", " + point.status().dbValue());
        if (match.isEmpty()) {
            out.println("    no published figure of this workload");
            return;
        }
        Table table = new Table("    REFERENCE", "AT", "METRIC", "PUBLISHED", "THIS RUN").alignRight(3, 4);
        for (ReferenceFigure f : match.same()) {
            table.row("    " + f.drive().label(), "same", f.metric().label(), published(f), yours(f, point));
        }
        for (ReferenceFigure f : match.nearest()) {
            String at = f.configurationLabel() == null ? "peak, config not given" : "nearest " + f.configurationLabel();
            table.row("    " + f.drive().label(), at, f.metric().label(), published(f), yours(f, point));
        }
        table.print(out);
    }

    private static String published(ReferenceFigure f) {
        String prefix = f.qualifier() == null ? "" : switch (f.qualifier()) {
            case APPROXIMATE, DERIVED -> "~";
            case AT_LEAST -> ">";
            case AT_MOST -> "<";
            case RANGE_LOW, RANGE_HIGH -> "";
        };
        return prefix + f.valueText() + " " + f.unit().symbol();
    }

    private static String yours(ReferenceFigure f, PointResult point) {
        OptionalDouble value = f.comparableValue(point);
        if (value.isEmpty()) {
            return null;
        }
        double v = value.getAsDouble();
        return String.format(Locale.ROOT, v >= 100 ? "%.0f %s" : "%.2f %s", v, f.unit().symbol());
    }
}
