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

    /** Eight seconds of 4 KiB random reads; the drive heats and slows from the fourth interval on. */
    static TestPlan hotPlan() {
        return new TestPlan("hot", "a drive that heats", Region.ofSize(64L << 20), List.of(
                new WorkloadStep(Workload.of(Rw.RANDREAD, 4096), Matrix.of(List.of(4), List.of(1), 8, 0, 0))));
    }

    /**
     * Heats the saved drive and throttles the engine once the point has measured its start: the listener a run
     * needs to throttle. Closes the throttle when the run ends.
     */
    static final class Heater implements RunListener, AutoCloseable {
        private final SavedSysfs sysfs;
        private final Path target;
        private final RunListener next;
        private ReadThrottle throttle;
        final List<double[]> temperatures = Collections.synchronizedList(new ArrayList<>());

        Heater(SavedSysfs sysfs, Path target, RunListener next) {
            this.sysfs = sysfs;
            this.target = target;
            this.next = next;
        }

        @Override
        public void sample(PlanItem item, IntervalEvent sample) {
            if (!sample.ramp() && sample.tMs() >= Throttling.START_INTERVALS * 1000L && throttle == null) {
                try {
                    sysfs.setComposite(83.5);
                    throttle = ReadThrottle.start(target, 100);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            next.sample(item, sample);
        }

        @Override
        public void temperature(PlanItem item, long tMs, double celsius, Double thresholdCelsius) {
            temperatures.add(new double[] {tMs, celsius, thresholdCelsius});
            next.temperature(item, tMs, celsius, thresholdCelsius);
        }

        @Override
        public void close() throws IOException {
            if (throttle != null) {
                throttle.close();
            }
        }
    }

    /** The saved NVMe tree, its drive holding {@code dir}'s file system, at 41.85 °C; sampled by the next run. */
    static SavedSysfs hotDrive(Path dir) throws IOException {
        SavedSysfs sysfs = SavedSysfs.copy("nvme-thermal", dir.resolve("saved")).holding("nvme0n1", dir);
        System.setProperty(DriveSensors.SYSFS_PROPERTY, sysfs.sys().toString());
        return sysfs;
    }

    @Test
    void aPointWhoseDriveHeatsPastItsWarningWhileThroughputFallsIsMarkedThrottled() throws IOException {
        Assumptions.assumeTrue(ReadThrottle.available(), "needs root and the blkio cgroup");
        Path target = dir.resolve("test.img");
        SavedSysfs sysfs = hotDrive(dir);
        try (Store store = Store.open(dir.resolve("drivelab.db"));
             Heater heater = new Heater(sysfs, target, RunListener.NONE)) {
            PlanRunner runner = new PlanRunner(store, ENGINE, new DeviceDiscovery(), heater).statusInterval(1000);
            long runId = runner.createRun(hotPlan(), target, null, null);

            assertEquals(RunStatus.COMPLETE, runner.execute(runId, null));

            StoredPoint point = store.listPoints(runId).get(0);
            PointTemperatures t = store.temperatures(point.id()).orElseThrow();
            assertEquals("nvme0n1", t.drive());
            assertEquals(List.of("Composite", "Sensor 1", "Sensor 2"),
                    t.sensors().stream().map(PointTemperatures.Sensor::label).toList());
            assertTrue(t.primary().readings().size() >= 7, "a reading a second: " + t.primary().readings());
            assertEquals(81.85, t.primary().threshold(), 1e-9);
            Optional<Throttling.Mark> mark = Throttling.of(store.listSamples(point.id()), t);
            assertTrue(mark.isPresent(), "samples " + store.listSamples(point.id()) + " temperatures " + t);
            assertEquals(83.5, mark.get().hottestCelsius(), 1e-9);
            assertTrue(mark.get().fromMs() >= Throttling.START_INTERVALS * 1000L, mark.get().toString());
            assertFalse(heater.temperatures.isEmpty(), "the listener saw the readings live");
            assertEquals(81.85, heater.temperatures.get(0)[2], 1e-9);
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
