package io.drivelab.telemetry;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.IntervalEvent;
import io.drivelab.run.PlanRunner;
import io.drivelab.run.RunListener;
import io.drivelab.store.Store;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A drive that heats and slows during a real run: a test file in a folder whose file system the saved NVMe sysfs
 * tree's drive holds (the sampler reads that tree, {@code drivelab.sysfs}); once the point has measured its start,
 * the composite sensor is raised past its warning threshold (81.85 °C) and the kernel's block throttle holds the
 * engine's reads to 100 a second. Needs root ({@link ReadThrottle#available()}).
 */
public final class HotRun implements RunListener, AutoCloseable {
    public static final double HOT_CELSIUS = 83.5;
    private static final Path ENGINE = Path.of(System.getProperty("drivelab.engine", "target/drivelab-engine"));

    private final SavedSysfs sysfs;
    private final Path target;
    private final RunListener next;
    private ReadThrottle throttle;

    /** @param next gets every event as well (a view, a console) */
    public HotRun(Path dir, RunListener next) throws IOException {
        this.sysfs = SavedSysfs.copy("nvme-thermal", dir.resolve("saved")).holding("nvme0n1", dir);
        this.target = dir.resolve("test.img");
        this.next = next;
        System.setProperty(DriveSensors.SYSFS_PROPERTY, sysfs.sys().toString());
    }

    public Path target() {
        return target;
    }

    /** Eight seconds of 4 KiB random reads at IODepth 4, a status line a second. */
    public static TestPlan plan() {
        return new TestPlan("hot", "a drive that heats", Region.ofSize(64L << 20), List.of(
                new WorkloadStep(Workload.of(Rw.RANDREAD, 4096), Matrix.of(List.of(4), List.of(1), 8, 0, 0))));
    }

    /** Files and executes the hot plan; its run id. */
    public long run(Store store) {
        PlanRunner runner = new PlanRunner(store, ENGINE, new DeviceDiscovery(), this).statusInterval(1000);
        long runId = runner.createRun(plan(), target, null, null);
        runner.execute(runId, null);
        return runId;
    }

    @Override
    public void sample(PlanItem item, IntervalEvent sample) {
        if (!sample.ramp() && sample.tMs() >= Throttling.START_INTERVALS * 1000L && throttle == null) {
            try {
                sysfs.setComposite(HOT_CELSIUS);
                throttle = ReadThrottle.start(target, 100);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        next.sample(item, sample);
    }

    @Override
    public void runStarted(long runId, List<PlanItem> items) {
        next.runStarted(runId, items);
    }

    @Override
    public void pointStarted(io.drivelab.run.RunProgress progress, PlanItem item, String pointKey) {
        next.pointStarted(progress, item, pointKey);
    }

    @Override
    public void engineStarted(PlanItem item, io.drivelab.engine.StartEvent start) {
        next.engineStarted(item, start);
    }

    @Override
    public void temperature(PlanItem item, long tMs, double celsius, Double thresholdCelsius) {
        next.temperature(item, tMs, celsius, thresholdCelsius);
    }

    @Override
    public void pointFinished(io.drivelab.run.RunProgress progress, PlanItem item,
                              io.drivelab.store.PointResult result) {
        next.pointFinished(progress, item, result);
    }

    @Override
    public void progress(io.drivelab.run.RunProgress progress) {
        next.progress(progress);
    }

    @Override
    public void runFinished(long runId, io.drivelab.store.RunStatus status, String error) {
        next.runFinished(runId, status, error);
    }

    /** Lifts the throttle and forgets the saved tree. */
    @Override
    public void close() throws IOException {
        System.clearProperty(DriveSensors.SYSFS_PROPERTY);
        if (throttle != null) {
            throttle.close();
        }
    }
}
