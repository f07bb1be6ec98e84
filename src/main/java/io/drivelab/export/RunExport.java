package io.drivelab.export;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.drivelab.files.OutputFile;
import io.drivelab.reference.FioJsonExport;
import io.drivelab.run.CombinedResults;
import io.drivelab.store.Run;
import io.drivelab.store.RunGroup;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;

/**
 * A run's export, the same for the command line and the window: CSV (one row per point in plan order, {@link
 * PointRows}, then the drive's temperature during it, {@link TemperatureColumns}), JSON (with every temperature
 * reading) ({"run": {...}, "points": [...]}), fio 3.x JSON ({@link FioJsonExport}); or, for a run of several
 * targets at once, the group's runs summed point by point ({"group": {...}, "points": [...]}).
 */
public final class RunExport {

    public enum Format {
        CSV, JSON, FIO_JSON
    }

    /**
     * The text of an export and how many points it holds.
     *
     * @param points the rows (CSV, JSON) or fio jobs written
     */
    public record Text(String text, int points) {
    }

    private RunExport() {
    }

    /**
     * Exports a run (or with {@code combined} its group) as text.
     *
     * @throws ExportException when there is no such run, or no group for a combined export
     */
    public static Text of(Store store, long runId, Format format, boolean combined) {
        Run run = store.getRun(runId).orElseThrow(() -> new ExportException("there is no run " + runId + " in "
                + store.path()));
        if (combined) {
            return combined(store, runId, format);
        }
        List<StoredPoint> stored = store.listPoints(runId);
        if (format == Format.FIO_JSON) {
            return new Text(FioJsonExport.write(run, stored), stored.size());
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (StoredPoint p : stored) {
            Map<String, Object> row = PointRows.row(runId, p.point());
            row.putAll(TemperatureColumns.of(store, p));
            if (format == Format.JSON) {
                row.put("temperatures", TemperatureColumns.readings(store, p));
            }
            rows.add(row);
        }
        List<String> columns = new ArrayList<>(PointRows.columns());
        columns.addAll(TemperatureColumns.columns());
        String text = format == Format.CSV ? csv(rows, columns) : json("run", RunSummary.of(store, run), rows);
        return new Text(text, rows.size());
    }

    /** Writes the export to a file through {@link OutputFile} (a device or folder there is refused). */
    public static Text write(Store store, long runId, Format format, boolean combined, Path file) {
        Text export = of(store, runId, format, combined);
        OutputFile.at(file).writeString(export.text());
        return export;
    }

    private static Text combined(Store store, long runId, Format format) {
        RunGroup group = store.findRunGroup(runId).orElseThrow(() -> new ExportException("run " + runId
                + " ran on one target: only a run of several targets at once has combined results"));
        if (format == Format.FIO_JSON) {
            throw new ExportException("combined results have no fio JSON form: export each run of the group");
        }
        List<List<StoredPoint>> runs = new ArrayList<>();
        for (long id : group.runIds()) {
            runs.add(store.listPoints(id));
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        var kinds = io.drivelab.workload.PointKinds.ofPlanJson(store.getRun(runId).orElseThrow().planJson());
        for (CombinedResults.Point p : CombinedResults.combine(runs, kinds)) {
            rows.add(PointRows.combinedRow(runId, p));
        }
        String text = format == Format.CSV ? csv(rows, PointRows.combinedColumns()) : json("group", group, rows);
        return new Text(text, rows.size());
    }

    /** The header, then one line per row; the header alone when there are no rows yet. */
    static String csv(List<Map<String, Object>> rows, List<String> columns) {
        StringBuilder sb = new StringBuilder(Csv.line(columns));
        for (Map<String, Object> row : rows) {
            sb.append(Csv.line(new ArrayList<>(row.values())));
        }
        return sb.toString();
    }

    /** {"run" or "group": {...}, "points": [...]}: what the points belong to first. */
    private static String json(String owner, Object of, List<Map<String, Object>> rows) {
        Map<String, Object> document = new LinkedHashMap<>();
        document.put(owner, of);
        document.put("points", rows);
        return ExportJson.write(document) + "\n";
    }
}
