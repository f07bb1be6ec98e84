package io.drivelab.safety;

import io.drivelab.IntegrationTest;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.IntervalEvent;
import io.drivelab.run.PlanRunner;
import io.drivelab.run.RunListener;
import io.drivelab.run.RunProgress;
import io.drivelab.run.TargetRefused;
import io.drivelab.store.PointStatus;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Faults of the target during a run, on real loop devices and small filesystems: the failing point is stored
 * FAILED with the engine's words, the points before it are kept, and the run resumes once the fault is gone.
 */
@IntegrationTest
@Timeout(120)
class TargetFaultTest {
    private static final long MIB = 1 << 20;
    private static final Path ENGINE = Path.of(System.getProperty("drivelab.engine", "target/drivelab-engine"));

    @TempDir
    Path dir;
    Store store;
    Loop loop;
    final List<Path> mounts = new ArrayList<>();

    @BeforeEach
    void open() {
        store = Store.open(dir.resolve("d.db"));
    }

    @AfterEach
    void cleanUp() throws Exception {
        store.close();
        if (loop != null) {
            loop.close();
        }
        for (Path m : mounts) {
            Loop.unmount(m);
        }
    }

    /** A runner whose second point has started measuring when {@code secondPointRuns} is down. */
    private PlanRunner runner(CountDownLatch secondPointRuns) {
        AtomicInteger started = new AtomicInteger();
        return new PlanRunner(store, ENGINE, new DeviceDiscovery(), new RunListener() {
            @Override
            public void pointStarted(RunProgress progress, PlanItem item, String key) {
                started.incrementAndGet();
            }

            @Override
            public void sample(PlanItem item, IntervalEvent sample) {
                if (started.get() == 2) {
                    secondPointRuns.countDown();
                }
            }
        }).statusInterval(200);
    }

    private static TestPlan plan(Region region, Rw first, Rw second, int runtime) {
        return new TestPlan("faults", "", region, List.of(
                new WorkloadStep(Workload.of(first, 4096), Matrix.single(1, 1, 1, 0, 0)),
                new WorkloadStep(Workload.of(second, 4096), Matrix.single(4, 1, runtime, 0, 0))));
    }

    /** Executes on a thread of its own (the engine lives as long as the thread that starts it). */
    private static Thread execute(PlanRunner runner, long id, String allowDestroy, AtomicReference<RunStatus> ended) {
        Thread thread = new Thread(() -> ended.set(runner.execute(id, allowDestroy)), "runner");
        thread.start();
        return thread;
    }

    @Test
    void aDeviceThatDisappearsMidRunFailsThePointWithTheEnginesWordsKeepsTheFirstAndResumes() throws Exception {
        loop = Loop.attach(dir.resolve("disk.img"), 32 * MIB);
        CountDownLatch secondPointRuns = new CountDownLatch(1);
        PlanRunner runner = runner(secondPointRuns);
        long id = runner.createRun(plan(Region.WHOLE, Rw.RANDREAD, Rw.RANDREAD, 4), loop.device, null, null);
        AtomicReference<RunStatus> ended = new AtomicReference<>();
        Thread thread = execute(runner, id, null, ended);

        assertTrue(secondPointRuns.await(30, TimeUnit.SECONDS), "the second point never ran");
        loop.resize(0);  // the medium is gone, as when a USB drive is pulled
        thread.join(30_000);

        assertEquals(RunStatus.FAILED, ended.get());
        List<StoredPoint> points = store.listPoints(id);
        assertEquals(2, points.size());
        assertEquals(PointStatus.COMPLETE, points.get(0).point().status());
        assertEquals(PointStatus.FAILED, points.get(1).point().status());
        String error = points.get(1).point().error();
        assertTrue(error.contains("the device went away") && error.contains(loop.device.toString()), error);
        assertTrue(store.getRun(id).orElseThrow().error().contains("the device went away"));

        loop.resize(32 * MIB);
        assertEquals(RunStatus.COMPLETE, runner(new CountDownLatch(1)).resume(id, null));
        assertEquals(2, store.completedPointKeys(id).size());
    }

    @Test
    void aThinDeviceThatRunsOutOfSpaceMidRunFailsTheWritePointWithEnospc() throws Exception {
        // 64 MiB of device backed by a file on 8 MiB of tmpfs: the writes run out of room after about 8 MiB
        Path thin = dir.resolve("thin");
        Loop.mountTmpfs(thin, "8m");
        mounts.add(thin);
        loop = Loop.attach(thin.resolve("backing.img"), 64 * MIB);
        PlanRunner runner = runner(new CountDownLatch(1));
        long id = runner.createRun(plan(Region.WHOLE, Rw.RANDREAD, Rw.RANDWRITE, 20), loop.device, null,
                loop.device.toString());

        assertEquals(RunStatus.FAILED, runner.execute(id, loop.device.toString()));

        List<StoredPoint> points = store.listPoints(id);
        assertEquals(PointStatus.COMPLETE, points.get(0).point().status());
        assertEquals(PointStatus.FAILED, points.get(1).point().status());
        assertTrue(points.get(1).point().error().contains("No space left on device"), points.get(1).point().error());
        assertTrue(points.get(1).point().write().iops() > 0, "the writes before the fault are kept as measured");
    }

    @Test
    void aFileTargetOnAFullFilesystemFailsLeavesNothingBehindAndResumesOnceThereIsRoom() throws Exception {
        Path small = dir.resolve("small");
        Loop.mountTmpfs(small, "2m");
        mounts.add(small);
        Path target = small.resolve("test.img");
        TestPlan plan = plan(Region.ofSize(4 * MIB), Rw.RANDREAD, Rw.RANDWRITE, 1);
        PlanRunner runner = runner(new CountDownLatch(1));

        // before a run is filed (the engine found it at the first point's layout: a failed run of no points)
        TargetRefused refused = assertThrows(TargetRefused.class, () -> runner.preflight(plan, target, null));
        assertEquals(TargetRefused.Kind.NO_SPACE, refused.kind());
        assertTrue(refused.getMessage().matches("cannot create .*test\\.img: the test file needs 4 MiB and the "
                + "filesystem of .*small has 2\\.0 MiB free; give a smaller size or a folder with more space"),
                refused.getMessage());
        assertEquals(2 * MIB, refused.fittingBytes().orElseThrow());

        // a run filed when there was room, the room gone before it runs: failed as it starts, with the same words
        Loop.check(Loop.exec("mount", "-o", "remount,size=16m", small.toString()));
        long id = runner.createRun(plan, target, null, null);
        Loop.check(Loop.exec("mount", "-o", "remount,size=2m", small.toString()));
        assertThrows(TargetRefused.class, () -> runner.execute(id, null));
        assertEquals(RunStatus.FAILED, store.getRun(id).orElseThrow().status());
        assertTrue(store.getRun(id).orElseThrow().error().contains("needs 4 MiB"), store.getRun(id).get().error());
        assertEquals(List.of(), store.listPoints(id));
        assertFalse(Files.exists(target), "a test file left behind");

        Loop.check(Loop.exec("mount", "-o", "remount,size=16m", small.toString()));
        assertEquals(RunStatus.COMPLETE, runner(new CountDownLatch(1)).resume(id, null));
        assertEquals(2, store.completedPointKeys(id).size());
    }
}
