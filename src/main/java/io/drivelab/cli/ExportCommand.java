package io.drivelab.cli;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import io.drivelab.run.CombinedResults;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.Run;
import io.drivelab.store.RunGroup;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
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
    StoreOption store;

    @Parameters(paramLabel = "RUN", description = "The run's id (see `drivelab runs`).")
    long runId;

    @Option(names = "--format", paramLabel = "csv|json", defaultValue = "csv",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE instead of stdout.")
    Path outFile;

    @Option(names = "--combined", description = "For a run of several targets at once: the group's runs summed "
            + "point by point (as `drivelab show RUN --combined`), with a targets column after run_id (how many "
            + "targets have the point); run_id is RUN. JSON has the group instead of the run.")
    boolean combined;

    static final List<String> DIRECTION_COLUMNS = List.of("iops", "mb_s", "lat_mean_us", "p50_us", "p99_us",
            "p99_9_us");

    @Override
    public Integer call() {
        String text;
        int rows;
        try (Store s = store.open()) {
            Run run = StoreOption.run(s, runId);
            List<Map<String, Object>> points = new ArrayList<>();
            if (combined) {
                RunGroup group = s.findRunGroup(runId).orElseThrow(() -> CommandException.badInput("run " + runId
                        + " ran on one target; --combined sums the runs of several targets run at once"));
                List<List<StoredPoint>> runs = new ArrayList<>();
                for (long id : group.runIds()) {
                    runs.add(s.listPoints(id));
                }
                for (CombinedResults.Point p : CombinedResults.combine(runs,
                        io.drivelab.workload.PointKinds.ofPlanJson(run.planJson()))) {
                    points.add(combinedRow(runId, p));
                }
                rows = points.size();
                text = format == OutputFormat.csv ? csv(points, new ArrayList<>(combinedColumns()))
                        : groupJson(group, points);
            } else {
                for (StoredPoint p : s.listPoints(runId)) {
                    points.add(row(runId, p.point()));
                }
                rows = points.size();
                text = format == OutputFormat.csv ? csv(points) : json(RunsCommand.summary(s, run), points);
            }
        }
        if (outFile == null) {
            PrintWriter out = spec.commandLine().getOut();
            out.print(text);
            out.flush();
            return 0;
        }
        OutFile.write(outFile, text);
        PrintWriter err = spec.commandLine().getErr();
        err.println("drivelab: wrote " + rows + (rows == 1 ? " point" : " points") + " of run " + runId + " to "
                + outFile);
        err.flush();
        return 0;
    }

    /** The header, then one line per point; the header alone when the run has no points yet. */
    static String csv(List<Map<String, Object>> rows) {
        return csv(rows, columns());
    }

    static String csv(List<Map<String, Object>> rows, List<String> columns) {
        StringBuilder sb = new StringBuilder(Csv.line(columns));
        for (Map<String, Object> row : rows) {
            sb.append(Csv.line(new ArrayList<>(row.values())));
        }
        return sb.toString();
    }

    /** {"group": {...}, "points": [...]}: the group first, as the run comes first in a run's export. */
    static String groupJson(RunGroup group, List<Map<String, Object>> rows) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("group", group);
        document.put("points", rows);
        return CliJson.write(document) + "\n";
    }

    static String json(RunsCommand.RunSummary run, List<Map<String, Object>> rows) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("run", run);
        document.put("points", rows);
        return CliJson.write(document) + "\n";
    }

    static List<String> columns() {
        List<String> columns = new ArrayList<>(List.of("run_id", "point_key", "kind", "workload", "rw", "rwmixread",
                "bs", "bssplit", "iodepth", "numjobs", "status", "runtime_ms", "iops", "mb_s"));
        for (String direction : List.of("read_", "write_")) {
            DIRECTION_COLUMNS.forEach(c -> columns.add(direction + c));
        }
        columns.add("error");
        return columns;
    }

    /** {@link #columns()} with "targets" after run_id: how many of the group's targets have the point. */
    static List<String> combinedColumns() {
        List<String> columns = new ArrayList<>(columns());
        columns.add(1, "targets");
        return columns;
    }

    /** A point summed over a group's runs, under {@link #combinedColumns()}. */
    static Map<String, Object> combinedRow(long runId, CombinedResults.Point p) {
        Map<String, Object> plain = row(runId, new PointResult(p.meta(), p.status(), null, p.read(), p.write(), null,
                List.of(), null, java.time.Instant.EPOCH, java.time.Instant.EPOCH));
        Map<String, Object> row = new LinkedHashMap<>();
        plain.forEach((column, value) -> {
            row.put(column, value);
            if (column.equals("run_id")) {
                row.put("targets", p.targets());
            }
        });
        return row;
    }

    /** One point under {@link #columns()}, in that order. */
    static Map<String, Object> row(long runId, PointResult p) {
        PointMeta meta = p.meta();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("run_id", runId);
        row.put("point_key", meta.pointKey());
        row.put("kind", meta.kind().dbValue());
        row.put("workload", meta.workload());
        row.put("rw", meta.rw());
        row.put("rwmixread", meta.rwmixread());
        row.put("bs", meta.bs() == null ? null : Units.formatSize(meta.bs()));
        row.put("bssplit", meta.bsMix());
        row.put("iodepth", meta.iodepth());
        row.put("numjobs", meta.numjobs());
        row.put("status", p.status().dbValue());
        row.put("runtime_ms", p.runtimeMs());
        boolean measured = p.read() != null || p.write() != null;
        row.put("iops", measured ? iops(sum(p.read(), DirectionResult::iops) + sum(p.write(), DirectionResult::iops))
                : null);
        row.put("mb_s", measured ? megabytes(sum(p.read(), d -> (double) d.bwBytes())
                + sum(p.write(), d -> (double) d.bwBytes())) : null);
        direction(row, "read_", p.read());
        direction(row, "write_", p.write());
        row.put("error", p.error());
        return row;
    }

    private static void direction(Map<String, Object> row, String prefix, DirectionResult d) {
        boolean did = d != null && ShowCommand.didIo(d);
        row.put(prefix + "iops", did ? iops(d.iops()) : null);
        row.put(prefix + "mb_s", did ? megabytes(d.bwBytes()) : null);
        row.put(prefix + "lat_mean_us", did ? micros(d.latMeanNs()) : null);
        row.put(prefix + "p50_us", did ? micros(d.p50Ns()) : null);
        row.put(prefix + "p99_us", did ? micros(d.p99Ns()) : null);
        row.put(prefix + "p99_9_us", did ? micros(d.p999Ns()) : null);
    }

    private static double sum(DirectionResult d, java.util.function.ToDoubleFunction<DirectionResult> figure) {
        return d == null ? 0 : figure.applyAsDouble(d);
    }

    private static BigDecimal iops(double iops) {
        return Format.exact(iops, 3);
    }

    private static BigDecimal megabytes(double bytesPerSecond) {
        return Format.exact(bytesPerSecond / 1e6, 3);
    }

    private static BigDecimal micros(Number nanoseconds) {
        return nanoseconds == null ? null : Format.exact(nanoseconds.doubleValue() / 1000, 3);
    }
}
