package io.drivelab.store;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static io.drivelab.store.StoreTest.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A point's temperatures and a run's health logs, in a real SQLite file. */
class TelemetryStoreTest {

    @TempDir
    Path dir;
    Store store;
    long runId;
    long pointId;

    @BeforeEach
    void open() {
        store = Store.open(dir.resolve("drivelab.db"));
        runId = store.createRun(StoreTest.newRun("hot"));
        pointId = store.savePoint(runId, StoreTest.measured("p1", 0), StoreTest.samples());
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void aPointKeepsEachSensorsReadingsAndThresholds() {
        PointTemperatures saved = new PointTemperatures("nvme0n1", null, List.of(
                new PointTemperatures.Sensor("Composite", 81.85, 84.85,
                        List.of(new PointTemperatures.Reading(-300, 41.85), new PointTemperatures.Reading(700, 43.0))),
                new PointTemperatures.Sensor("Sensor 1", null, null,
                        List.of(new PointTemperatures.Reading(700, 45.5)))));

        store.saveTemperatures(pointId, saved);

        assertEquals(Optional.of(saved), store.temperatures(pointId));
    }

    @Test
    void noSensorIsKeptAsSuchWithoutReadings() {
        store.saveTemperatures(pointId, PointTemperatures.unavailable("nvme0n1", "no sensor"));

        PointTemperatures t = store.temperatures(pointId).orElseThrow();
        assertEquals("no sensor", t.unavailable());
        assertEquals(List.of(), t.sensors());
    }

    @Test
    void aPointMeasuredWithoutTelemetryHasNone() {
        assertTrue(store.temperatures(pointId).isEmpty());
    }

    @Test
    void measuringAPointAgainReplacesItsTemperatures() {
        store.saveTemperatures(pointId, PointTemperatures.unavailable(null, "no drive"));
        long again = store.savePoint(runId, StoreTest.measured("p1", 0), StoreTest.samples());

        assertTrue(store.temperatures(again).isEmpty());
    }

    @Test
    void aRunKeepsItsHealthBeforeAndAfter() {
        HealthSnapshot before = new HealthSnapshot(HealthSnapshot.BEFORE, T0, "nvme0n1", "nvme-cli", null,
                1_000_000L, 2_000_000L, 2, 0L, 0L, 0, 41.85);
        HealthSnapshot after = HealthSnapshot.unavailable(HealthSnapshot.AFTER, T0.plusSeconds(60), "nvme0n1",
                "not permitted");

        store.saveHealth(runId, after);
        store.saveHealth(runId, before);

        assertEquals(List.of(before, after), store.health(runId));
    }
}
