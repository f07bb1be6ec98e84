package io.drivelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.drivelab.export.ExportException;
import io.drivelab.export.RunExport;
import io.drivelab.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code drivelab export RUN --format csv|json}: a run's points for spreadsheets and scripts. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Export a run's points, one row per point in plan order (preconditions included, see "
                + "kind).",
                "",
                "Columns: run_id, point_key, kind (measure|precondition), workload, rw, rwmixread, bs (e.g. 4k; "
                        + "empty for a mix), bssplit (the mix, e.g. 128k/83.21:64k/16.79), iodepth, numjobs, status "
                        + "(complete|partial|failed), runtime_ms, iops and mb_s (read and write together), then "
                        + "per direction read_iops, read_mb_s, read_lat_mean_us, read_p50_us, read_p99_us, "
                        + "read_p99_9_us and the same for write_, and error.",
                "",
                "A direction the point did not do (the write side of a randread) has empty cells (null in JSON). "
                        + "MB/s are 10^6 bytes per second; latencies are in microseconds, from submission to "
                        + "completion.",
                "",
                "JSON: {\"run\": {...}, \"points\": [{column: value, ...}, ...]} with the same columns."})
public final class ExportCommand implements Callable<Integer> {

    enum OutputFormat {
        csv, json
    }

    @Spec
    CommandSpec spec;

    @Mixin
    RunArgument stored;

    @Option(names = "--format", paramLabel = "csv|json", defaultValue = "csv",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of stdout.")
    Path outFile;

    @Option(names = "--combined", description = "For a run of several targets at once: the group's runs summed "
            + "point by point (as `drivelab show RUN --combined`), with a targets column after run_id (how many "
            + "targets have the point); run_id is RUN. JSON has the group instead of the run.")
    boolean combined;

    @Override
    public Integer call() {
        RunExport.Format as = RunExport.Format.valueOf(format.name().toUpperCase(Locale.ROOT));
        RunExport.Text export;
        try (Store s = stored.open()) {
            stored.in(s);
            export = outFile == null ? RunExport.of(s, stored.id(), as, combined)
                    : RunExport.write(s, stored.id(), as, combined, outFile);
        } catch (ExportException e) {
            throw CommandException.badInput(e.getMessage() + (combined ? "; --combined sums the runs of several "
                    + "targets run at once (`drivelab run` with --target given twice)" : ""));
        }
        return Exports.print(spec, export, outFile, "drivelab: wrote " + export.points()
                + (export.points() == 1 ? " point" : " points") + " of run " + stored.id() + " to " + outFile);
    }
}
