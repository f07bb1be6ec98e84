package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.TestPlan;

class ExportCommandTest {

    static final String HEADER = "run_id,point_key,kind,workload,rw,rwmixread,bs,bssplit,iodepth,numjobs,status,"
            + "runtime_ms,iops,mb_s,"
            + "read_iops,read_mb_s,read_lat_mean_us,read_p50_us,read_p99_us,read_p99_9_us,"
            + "write_iops,write_mb_s,write_lat_mean_us,write_p50_us,write_p99_us,write_p99_9_us,error,"
            + "temp_drive,temp_sensor,temp_min_c,temp_max_c,temp_threshold_c,throttled,throttled_from_s,"
            + "throttled_to_s,temp_unavailable";

    @TempDir
    Path dir;
    String db;
    long runId;

    /** A quick run: a sequential write, a random read, a failed point; then a run with one randrw point. */
    @BeforeEach
    void runs() {
        db = dir.resolve("drivelab.db").toString();
        try (Store store = Store.open(Path.of(db))) {
            TestPlan quick = StoredRuns.quick();
            runId = StoredRuns.createRun(store, "nightly", quick, "/tmp/x.img");
            StoredRuns.savePoint(store, runId, quick, 0, StoredRuns.SEQWRITE_128K);
            StoredRuns.savePoint(store, runId, quick, 10, StoredRuns.RANDREAD_4K);
            StoredRuns.saveFailedPoint(store, runId, quick, 11, "engine: cannot open /tmp/x.img, \"busy\"");
            store.updateRunStatus(runId, RunStatus.COMPLETE, null);
            TestPlan mixed = StoredRuns.mixedPlan();
            long mixedRun = StoredRuns.createRun(store, "mix", mixed, "/tmp/x.img");
            StoredRuns.savePoint(store, mixedRun, mixed, 0, StoredRuns.RANDRW_4K_70);
        }
    }

    /** CSV records as column → value, by the header; quoted fields as RFC 4180 has them. */
    static List<Map<String, String>> parseCsv(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
            } else if (c == '\n') {
                record.add(field.toString());
                field.setLength(0);
                records.add(record);
                record = new ArrayList<>();
            } else {
                field.append(c);
            }
        }
        List<String> header = records.get(0);
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<String> r : records.subList(1, records.size())) {
            assertEquals(header.size(), r.size(), "fields in " + r);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), r.get(i));
            }
            rows.add(row);
        }
        return rows;
    }

    @Test
    void csvHasTheDocumentedHeaderAndOneRowPerPoint() {
        Cli.Result result = Cli.run("export", "--db", db, String.valueOf(runId), "--format", "csv");

        assertEquals(0, result.exitCode(), result.toString());
        assertEquals(HEADER, result.lines().get(0));
        assertEquals(3, parseCsv(result.out()).size(), result.out());
    }

    @Test
    void csvIsTheDefaultFormat() {
        Cli.Result result = Cli.run("export", "--db", db, String.valueOf(runId));

        assertEquals(HEADER, result.lines().get(0));
    }

    @Test
    void aReadPointHasReadFiguresAndEmptyWriteColumns() {
        Map<String, String> row = parseCsv(Cli.run("export", "--db", db, String.valueOf(runId)).out()).get(1);

        assertEquals("03-randread-4k-qd32-j1", row.get("point_key"));
        assertEquals("measure", row.get("kind"));
        assertEquals("4K random read", row.get("workload"));
        assertEquals("randread", row.get("rw"));
        assertEquals("", row.get("rwmixread"));
        assertEquals("4k", row.get("bs"));
        assertEquals("", row.get("bssplit"));
        assertEquals("32", row.get("iodepth"));
        assertEquals("1", row.get("numjobs"));
        assertEquals("complete", row.get("status"));
        assertEquals("5000", row.get("runtime_ms"));
        assertEquals("100000.5", row.get("iops"));
        assertEquals("409.602", row.get("mb_s"));
        assertEquals("100000.5", row.get("read_iops"));
        assertEquals("409.602", row.get("read_mb_s"));
        assertEquals("318", row.get("read_lat_mean_us"));
        assertEquals("310", row.get("read_p50_us"));
        assertEquals("520", row.get("read_p99_us"));
        assertEquals("780", row.get("read_p99_9_us"));
        for (String column : io.drivelab.export.PointRows.DIRECTION_COLUMNS) {
            assertEquals("", row.get("write_" + column), column);
        }
    }

    @Test
    void aMixedPointHasReadAndWriteFiguresAndTheirSum() {
        Map<String, String> row = parseCsv(Cli.run("export", "--db", db, String.valueOf(runId + 1)).out()).get(0);

        assertEquals("randrw", row.get("rw"));
        assertEquals("70", row.get("rwmixread"));
        assertEquals("60000", row.get("iops"));
        assertEquals("245.76", row.get("mb_s"));
        assertEquals("42000", row.get("read_iops"));
        assertEquals("172.032", row.get("read_mb_s"));
        assertEquals("520", row.get("read_lat_mean_us"));
        assertEquals("1400", row.get("read_p99_us"));
        assertEquals("18000", row.get("write_iops"));
        assertEquals("73.728", row.get("write_mb_s"));
        assertEquals("610.001", row.get("write_lat_mean_us"));
        assertEquals("560", row.get("write_p50_us"));
        assertEquals("1700", row.get("write_p99_us"));
        assertEquals("2500", row.get("write_p99_9_us"));
    }

    @Test
    void aFailedPointHasItsErrorQuotedAndNoFigures() {
        Cli.Result result = Cli.run("export", "--db", db, String.valueOf(runId));

        assertTrue(result.out().endsWith(",failed,,,," + ",,,,,,".repeat(2)
                + "\"engine: cannot open /tmp/x.img, \"\"busy\"\"\"" + ",".repeat(9)
                + "not recorded with this point\n"),
                result.out());
        assertEquals("engine: cannot open /tmp/x.img, \"busy\"", parseCsv(result.out()).get(2).get("error"));
    }

    @Test
    void aPreconditionIsARowOfKindPrecondition() {
        try (Store store = Store.open(Path.of(db))) {
            Instant t = StoredRuns.T0;
            store.savePoint(runId, PointResult.fromEngineResult(new PointMeta("00-fill-128k-qd256-j1", -1,
                    PointKind.PRECONDITION, "fill", "write", 131072L, null, null, 256, 1),
                    StoredRuns.parse(StoredRuns.SEQWRITE_128K), t, t.plusSeconds(5)), List.of());
        }

        Map<String, String> row = parseCsv(Cli.run("export", "--db", db, String.valueOf(runId)).out()).get(0);

        assertEquals("precondition", row.get("kind"));
        assertEquals("00-fill-128k-qd256-j1", row.get("point_key"));
        assertEquals("8000", row.get("write_iops"));
    }

    @Test
    void jsonHasTheRunAndThePointsWithTheSameColumns() {
        Cli.Result result = Cli.run("export", "--db", db, String.valueOf(runId), "--format", "json");

        assertEquals(0, result.exitCode(), result.toString());
        JsonNode document = StoredRuns.parse(result.out());
        assertEquals("nightly", document.get("run").get("name").asText());
        assertEquals("complete", document.get("run").get("status").asText());
        JsonNode points = document.get("points");
        assertEquals(3, points.size());
        List<String> names = new ArrayList<>();
        points.get(0).fieldNames().forEachRemaining(names::add);
        List<String> columns = new ArrayList<>(List.of(HEADER.split(",")));
        columns.add("temperatures");
        assertEquals(columns, names);
        JsonNode read = points.get(1);
        assertEquals(100000.5, read.get("read_iops").asDouble());
        assertEquals(520, read.get("read_p99_us").asInt());
        assertTrue(read.get("write_iops").isNull(), read.toString());
        assertEquals(32, read.get("iodepth").asInt());
        assertEquals("4k", read.get("bs").asText());
    }

    @Test
    void outWritesTheFileAndLeavesStdoutEmpty() throws Exception {
        Path file = dir.resolve("nightly.csv");

        Cli.Result result = Cli.run("export", "--db", db, String.valueOf(runId), "--out", file.toString());

        assertEquals(0, result.exitCode(), result.toString());
        assertEquals("", result.out());
        assertEquals("drivelab: wrote 3 points of run 1 to " + file + "\n", result.err());
        assertEquals(HEADER, Files.readAllLines(file).get(0));
        assertEquals(3, parseCsv(Files.readString(file)).size());
    }

    @Test
    void anOutFileThatCannotBeWrittenExits1SayingWhy() {
        Path file = dir.resolve("no-such-folder/nightly.csv");

        Cli.Result result = Cli.run("export", "--db", db, String.valueOf(runId), "--out", file.toString());

        assertEquals(1, result.exitCode(), result.toString());
        assertEquals("drivelab: cannot write " + file + ": its folder does not exist\n", result.err());
    }

    @Test
    void anUnknownRunExits2() {
        Cli.Result result = Cli.run("export", "--db", db, "99", "--format", "csv");

        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().startsWith("drivelab: no run 99 in "), result.err());
        assertEquals("", result.out());
    }

    @Test
    void anUnknownFormatIsAUsageError() {
        Cli.Result result = Cli.run("export", "--db", db, String.valueOf(runId), "--format", "xml");

        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("expected one of [csv, json]"), result.err());
        assertTrue(result.err().contains("Usage: drivelab export"), result.err());
    }
}
