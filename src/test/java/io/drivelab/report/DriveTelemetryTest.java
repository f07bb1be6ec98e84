package io.drivelab.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.store.NewRun;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointTemperatures;
import io.drivelab.store.Store;
import io.drivelab.telemetry.DriveSensors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The temperature lines of the report and {@code drivelab show}: one per point read, one per reason for the rest. */
class DriveTelemetryTest {
    private static final Instant T0 = Instant.parse("2026-12-03T15:00:00Z");

    @TempDir
    Path dir;
    Store store;
    long runId;

    @BeforeEach
    void open() {
        store = Store.open(dir.resolve("drivelab.db"));
        runId = store.createRun(new NewRun("telemetry", "{\"name\":\"p\",\"steps\":[]}", "p", "/tmp/t.img", "file",
                null, "lab1", "0.1.0"));
    }

    @AfterEach
    void close() {
        store.close();
    }

    private void point(String key, PointTemperatures temperatures) throws Exception {
        String result = "{\"type\":\"result\",\"partial\":false,\"runtime_ms\":1000,"
                + "\"read\":{\"io_bytes\":4096000,\"ios\":1000,\"iops\":1000,\"bw_bytes\":4096000,"
                + "\"lat_ns\":{\"mean\":1000,\"percentiles\":{\"50\":900,\"99\":2000}}},"
                + "\"write\":{\"io_bytes\":0,\"ios\":0,\"iops\":0,\"bw_bytes\":0}}";
        PointMeta meta = new PointMeta(key, 0, PointKind.MEASURE, "4K random read", "randread", 4096L, null, null,
                1, 1);
        long id = store.savePoint(runId, PointResult.fromEngineResult(meta, new ObjectMapper().readTree(result), T0,
                T0.plusSeconds(1)), List.of());
        store.saveTemperatures(id, temperatures);
    }

    private List<String> temperatureLines() {
        return DriveTelemetry.of(store, runId).lines().stream().filter(l -> l.startsWith("Temperature")).toList();
    }

    @Test
    void aTestFileWithoutADriveSaysSoOnceNotOncePerPoint() throws Exception {
        for (int qd : new int[]{1, 32}) {
            for (int jobs : new int[]{1, 2}) {
                point("03-randread-4k-qd" + qd + "-j" + jobs, PointTemperatures.unavailable(null,
                        DriveSensors.NO_DRIVE));
            }
        }

        assertEquals(List.of("Temperature, every point: no drive"), temperatureLines());
    }

    @Test
    void pointsReadKeepTheirOwnLinesAndThoseNotReadAreNamedTogetherByWhy() throws Exception {
        PointTemperatures.Sensor composite = new PointTemperatures.Sensor("Composite", 81.9, 84.9, List.of(
                new PointTemperatures.Reading(0, 41.9), new PointTemperatures.Reading(1000, 43.5)));
        point("01-randread-4k-qd1-j1", new PointTemperatures("nvme0n1", null, List.of(composite)));
        point("01-randread-4k-qd32-j1", PointTemperatures.unavailable("nvme0n1", "not permitted"));
        point("01-randread-4k-qd1-j2", new PointTemperatures("nvme0n1", null, List.of(composite)));
        point("01-randread-4k-qd32-j2", PointTemperatures.unavailable("nvme0n1", "not permitted"));

        assertEquals(List.of(
                "Temperature, 01-randread-4k-qd1-j1: 41.9 to 43.5 °C (Composite of nvme0n1, warning at 81.9 °C)",
                "Temperature, 01-randread-4k-qd1-j2: 41.9 to 43.5 °C (Composite of nvme0n1, warning at 81.9 °C)",
                "Temperature, 2 points (01-randread-4k-qd32-j1, 01-randread-4k-qd32-j2): not permitted (nvme0n1)"),
                temperatureLines());
    }
}
