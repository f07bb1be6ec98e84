package io.drivelab.run;

import io.drivelab.IntegrationTest;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.IntervalEvent;
import io.drivelab.store.HealthSnapshot;
import io.drivelab.store.PointTemperatures;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.telemetry.DriveSensors;
import io.drivelab.telemetry.HotRun;
import io.drivelab.telemetry.ReadThrottle;
import io.drivelab.telemetry.SavedSysfs;
import io.drivelab.telemetry.Throttling;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real run on a test file whose drive is the saved NVMe sysfs tree's: the drive's composite sensor is raised past
 * its warning threshold (81.85 °C) and the engine's reads are throttled by the kernel at the same moment, so the
 * point throttles as docs/telemetry.md defines it. Needs root (the block throttle).
 */
@IntegrationTest
class ThermalThrottlingRunTest {
    private static final Path ENGINE = Path.of(System.getProperty("drivelab.engine", "target/drivelab-engine"));

    @TempDir
    Path dir;

    @AfterEach
    void forgetTheSavedTree() {
        System.clearProperty(DriveSensors.SYSFS_PROPERTY);
    }

    @Test
    void aPointWhoseDriveHeatsPastItsWarningWhileThroughputFallsIsMarkedThrottled() throws IOException {
        Assumptions.assumeTrue(ReadThrottle.available(), "needs root and the blkio cgroup");
        List<double[]> live = Collections.synchronizedList(new ArrayList<>());
        RunListener seen = new RunListener() {
            @Override
            public void temperature(PlanItem item, long tMs, double celsius, Double thresholdCelsius) {
                live.add(new double[] {tMs, celsius, thresholdCelsius});
            }
        };
        try (Store store = Store.open(dir.resolve("drivelab.db")); HotRun hot = new HotRun(dir, seen)) {
            long runId = hot.run(store);

            assertEquals(RunStatus.COMPLETE, store.getRun(runId).orElseThrow().status());
            StoredPoint point = store.listPoints(runId).get(0);
            PointTemperatures t = store.temperatures(point.id()).orElseThrow();
            assertEquals("nvme0n1", t.drive());
            assertEquals(List.of("Composite", "Sensor 1", "Sensor 2"),
                    t.sensors().stream().map(PointTemperatures.Sensor::label).toList());
            assertTrue(t.primary().readings().size() >= 7, "a reading a second: " + t.primary().readings());
            assertEquals(81.85, t.primary().threshold(), 1e-9);
            Optional<Throttling.Mark> mark = Throttling.of(store.listSamples(point.id()), t);
            assertTrue(mark.isPresent(), "samples " + store.listSamples(point.id()) + " temperatures " + t);
            assertEquals(HotRun.HOT_CELSIUS, mark.get().hottestCelsius(), 1e-9);
            assertTrue(mark.get().fromMs() >= Throttling.START_INTERVALS * 1000L, mark.get().toString());
            assertFalse(live.isEmpty(), "the listener saw the readings live");
            assertEquals(81.85, live.get(0)[2], 1e-9);
            List<HealthSnapshot> health = store.health(runId);
            assertEquals(List.of(HealthSnapshot.BEFORE, HealthSnapshot.AFTER),
                    health.stream().map(HealthSnapshot::moment).toList());
            assertEquals("nvme0n1", health.get(0).drive());
        }
    }

    @Test
    void aFileOnNoDriveIsMeasuredWithNoDriveKeptNotZero() throws IOException {
        Path target = dir.resolve("test.img");
        SavedSysfs sysfs = SavedSysfs.copy("nvme-thermal", dir.resolve("saved"));  // 259:0 holds no folder here
        System.setProperty(DriveSensors.SYSFS_PROPERTY, sysfs.sys().toString());
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            TestPlan plan = new TestPlan("short", "one second", Region.ofSize(16L << 20), List.of(
                    new WorkloadStep(Workload.of(Rw.RANDREAD, 4096), Matrix.of(List.of(1), List.of(1), 1, 0, 0))));
            PlanRunner runner = new PlanRunner(store, ENGINE, new DeviceDiscovery(), RunListener.NONE);
            long runId = runner.createRun(plan, target, null, null);

            runner.execute(runId, null);

            PointTemperatures t = store.temperatures(store.listPoints(runId).get(0).id()).orElseThrow();
            assertEquals(DriveSensors.NO_DRIVE, t.unavailable());
            assertEquals(List.of(), t.sensors());
            assertEquals(DriveSensors.NO_DRIVE, store.health(runId).get(0).unavailable());
        }
    }
}
