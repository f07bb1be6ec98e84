package io.drivelab.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.store.NewRun;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointTemperatures;
import io.drivelab.store.Sample;
import io.drivelab.store.Store;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run's CSV and JSON exports carry each point's drive temperature: the charted sensor's range, its threshold and
 * the throttled interval; JSON every reading; a point without readings says why.
 */
class TemperatureExportTest {
    private static final Instant T0 = Instant.parse("2026-12-01T18:00:00Z");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Store store;
    long runId;

    @BeforeEach
    void threePoints() throws Exception {
        store = Store.open(dir.resolve("drivelab.db"));
        runId = store.createRun(new NewRun("hot", "{\"name\":\"p\",\"steps\":[]}", "p", "/dev/nvme0n1", "device",
                null, "lab1", "0.1.0"));
        // 100 MB/s for 4 s, then 10 MB/s at 85 °C against a warning threshold of 80 °C: throttled from 4 s to 8 s
        List<Sample> samples = new ArrayList<>();
        List<PointTemperatures.Reading> readings = new ArrayList<>();
        for (int s = 1; s <= 8; s++) {
            samples.add(new Sample(s * 1000L, false, null,
                    new Sample.Figures(100, s <= 4 ? 100_000_000L : 10_000_000L, 1000.0, 2000L)));
            readings.add(new PointTemperatures.Reading(s * 1000L - 500, s <= 4 ? 70 + s : 85.25));
        }
        long hot = store.savePoint(runId, point("01-hot", 0), samples);
        store.saveTemperatures(hot, new PointTemperatures("nvme0n1", null, List.of(
                new PointTemperatures.Sensor("Composite", 80.0, 85.0, readings),
                new PointTemperatures.Sensor("Sensor 1", null, null,
                        List.of(new PointTemperatures.Reading(500, 60.0))))));
        long cold = store.savePoint(runId, point("02-no-sensor", 1), List.of());
        store.saveTemperatures(cold, PointTemperatures.unavailable("nvme0n1", "no sensor"));
        store.savePoint(runId, point("03-before-telemetry", 2), List.of());
    }

    @AfterEach
    void close() {
        store.close();
    }

    private static PointResult point(String key, int seq) throws Exception {
        String result = "{\"type\":\"result\",\"partial\":false,\"runtime_ms\":8000,"
                + "\"read\":{\"io_bytes\":0,\"ios\":0,\"iops\":0,\"bw_bytes\":0},"
                + "\"write\":{\"io_bytes\":440000000,\"ios\":800,\"iops\":100,\"bw_bytes\":55000000,"
                + "\"lat_ns\":{\"mean\":1000,\"percentiles\":{\"50\":900,\"99\":2000}}}}";
        return PointResult.fromEngineResult(new PointMeta(key, seq, PointKind.MEASURE, "128K write", "write",
                131072L, null, null, 16, 1), JSON.readTree(result), T0, T0.plusSeconds(8));
    }

    /** CSV records by the header (no quoted commas in these rows). */
    private static List<Map<String, String>> csv(String text) {
        List<String> lines = text.lines().toList();
        List<String> header = List.of(lines.get(0).split(",", -1));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.split(",", -1);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), fields[i]);
            }
            rows.add(row);
        }
        return rows;
    }

    @Test
    void csvHasEachPointsTemperatureRangeThresholdAndThrottledInterval() {
        List<Map<String, String>> rows = csv(RunExport.of(store, runId, RunExport.Format.CSV, false).text());

        Map<String, String> hot = rows.get(0);
        assertEquals("nvme0n1", hot.get("temp_drive"));
        assertEquals("Composite", hot.get("temp_sensor"));
        assertEquals("71", hot.get("temp_min_c"));
        assertEquals("85.25", hot.get("temp_max_c"));
        assertEquals("80", hot.get("temp_threshold_c"));
        assertEquals("yes", hot.get("throttled"));
        assertEquals("4", hot.get("throttled_from_s"));
        assertEquals("8", hot.get("throttled_to_s"));
        assertEquals("", hot.get("temp_unavailable"));
    }

    @Test
    void aPointWithoutReadingsSaysWhyAndHasNoTemperature() {
        List<Map<String, String>> rows = csv(RunExport.of(store, runId, RunExport.Format.CSV, false).text());

        assertEquals("no sensor", rows.get(1).get("temp_unavailable"));
        assertEquals("", rows.get(1).get("temp_max_c"));
        assertEquals("", rows.get(1).get("throttled"), "not judged: not \"no\"");
        assertEquals(TemperatureColumns.NOT_RECORDED, rows.get(2).get("temp_unavailable"));
        assertEquals("", rows.get(2).get("temp_min_c"));
    }

    @Test
    void jsonAddsEverySensorsReadings() throws Exception {
        JsonNode points = JSON.readTree(RunExport.of(store, runId, RunExport.Format.JSON, false).text())
                .get("points");

        JsonNode hot = points.get(0);
        assertEquals("yes", hot.get("throttled").asText());
        assertEquals(85.25, hot.get("temp_max_c").asDouble());
        JsonNode sensors = hot.get("temperatures").get("sensors");
        assertEquals(2, sensors.size());
        assertEquals("Composite", sensors.get(0).get("label").asText());
        assertEquals(80.0, sensors.get(0).get("warning_celsius").asDouble());
        assertEquals(8, sensors.get(0).get("readings").size());
        assertEquals(4500, sensors.get(0).get("readings").get(4).get("t_ms").asLong());
        assertEquals(85.25, sensors.get(0).get("readings").get(4).get("celsius").asDouble());
        assertEquals("no sensor", points.get(1).get("temperatures").get("unavailable").asText());
        assertTrue(points.get(2).get("temperatures").isNull());
        assertEquals(TemperatureColumns.NOT_RECORDED, points.get(2).get("temp_unavailable").asText());
    }
}
