package io.drivelab.run;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.store.PointResult;
import io.drivelab.store.RunGroup;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.TempStore;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One plan on two targets at the same time: the real engine, temp files (and loop devices as root). */
@Timeout(120)
@ExtendWith(TempStore.class)
class MultiTargetRunTest {
    private static final long MIB = 1 << 20;
    private static final Path ENGINE = Path.of(System.getProperty("drivelab.engine", "target/drivelab-engine"));

    @TempDir
    Path dir;
    final Store store;

    MultiTargetRunTest(Store store) {
        this.store = store;
    }

    private PlanRunner runner() {
        return new PlanRunner(store, ENGINE, new DeviceDiscovery(), RunListener.NONE).statusInterval(200);
    }

    /** Random reads at IODepth 1 and 4, 1 s each. */
    private static TestPlan reads(long region) {
        return new TestPlan("reads", "", Region.ofSize(region), List.of(new WorkloadStep(
                Workload.of(Rw.RANDREAD, 4096), Matrix.of(List.of(1, 4), List.of(1), 1, 0, 0))));
    }

    private MultiTargetRun start(TestPlan plan, Path a, Path b) {
        return MultiTargetRun.create(store, plan, List.of(new MultiTargetRun.Target(a, runner(), null),
                new MultiTargetRun.Target(b, runner(), null)), null);
    }

    private static PointResult point(List<StoredPoint> points, String key) {
        return points.stream().map(StoredPoint::point).filter(p -> p.meta().pointKey().equals(key)).findFirst()
                .orElseThrow();
    }

    @Test
    void eachTargetGetsItsOwnRunAndTheRunsAreGrouped() {
        MultiTargetRun multi = start(reads(32 * MIB), dir.resolve("a.img"), dir.resolve("b.img"));

        assertEquals(List.of(RunStatus.COMPLETE, RunStatus.COMPLETE), multi.execute());

        RunGroup group = store.findRunGroup(multi.runIds().get(1)).orElseThrow();
        assertEquals(multi.runIds(), group.runIds());
        assertEquals("reads on " + dir.resolve("a.img") + " + " + dir.resolve("b.img"), group.name());
        for (long id : multi.runIds()) {
            assertEquals(2, store.listPoints(id).size());
        }
        assertEquals(dir.resolve("b.img").toString(), store.getRun(multi.runIds().get(1)).orElseThrow().target());
    }

    @Test
    void theTargetsRunEachPointAtTheSameTime() throws IOException {
        // a.img exists; b.img is new, so its first point first writes 1 GiB of test data: b is late for point 2
        // unless the runners wait for each other
        Path a = dir.resolve("a.img");
        try (RandomAccessFile file = new RandomAccessFile(a.toFile(), "rw")) {
            file.setLength(1024 * MIB);
        }
        MultiTargetRun multi = start(reads(1024 * MIB), a, dir.resolve("b.img"));

        multi.execute();

        List<StoredPoint> pa = store.listPoints(multi.runIds().get(0));
        List<StoredPoint> pb = store.listPoints(multi.runIds().get(1));
        Duration firstA = Duration.between(point(pa, "01-randread-4k-qd1-j1").startedAt(),
                point(pa, "01-randread-4k-qd1-j1").endedAt());
        Duration firstB = Duration.between(point(pb, "01-randread-4k-qd1-j1").startedAt(),
                point(pb, "01-randread-4k-qd1-j1").endedAt());
        assertTrue(firstB.minus(firstA).toMillis() > 300, "the setup must delay b: " + firstA + " vs " + firstB);
        Duration apart = Duration.between(point(pa, "01-randread-4k-qd4-j1").startedAt(),
                point(pb, "01-randread-4k-qd4-j1").startedAt()).abs();
        assertTrue(apart.toMillis() < 100, "point 2 started " + apart.toMillis() + " ms apart");
    }

    @Test
    void theCombinedPointIsTheSumOfTheTargets() {
        MultiTargetRun multi = start(reads(32 * MIB), dir.resolve("a.img"), dir.resolve("b.img"));
        multi.execute();

        List<List<StoredPoint>> runs = new ArrayList<>();
        multi.runIds().forEach(id -> runs.add(store.listPoints(id)));
        List<CombinedResults.Point> combined = CombinedResults.combine(runs,
                io.drivelab.workload.PointKinds.ofPlanJson(store.getRun(multi.runIds().get(0)).orElseThrow().planJson()));

        assertEquals(2, combined.size());
        for (CombinedResults.Point c : combined) {
            PointResult a = point(runs.get(0), c.meta().pointKey());
            PointResult b = point(runs.get(1), c.meta().pointKey());
            assertEquals(a.read().iops() + b.read().iops(), c.read().iops(), 1e-6);
            assertEquals(a.read().bwBytes() + b.read().bwBytes(), c.read().bwBytes());
            assertEquals(2, c.targets());
        }
    }

    @Test
    void aRefusedTargetStartsNothingAndSaysWhich() throws IOException {
        Path foreign = dir.resolve("notes.txt");
        Files.writeString(foreign, "someone's data", StandardCharsets.UTF_8);
        TestPlan writes = new TestPlan("w", "", Region.ofSize(32 * MIB), List.of(new WorkloadStep(
                Workload.of(Rw.RANDWRITE, 4096), Matrix.single(1, 1, 1, 0, 0))));

        RunException e = assertThrows(RunException.class, () -> start(writes, dir.resolve("a.img"), foreign));

        assertTrue(e.getMessage().startsWith(foreign + ": "), e.getMessage());
        assertTrue(store.listRuns().isEmpty(), "every target passes the preflight before any run is filed");
        assertEquals("someone's data", Files.readString(foreign));
    }

    @Test
    void twoLoopDevicesRunTogether() throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "loop devices need root");
        List<Path> devices = new ArrayList<>();
        List<Path> backings = new ArrayList<>();
        try {
            for (String name : List.of("loop-a.img", "loop-b.img")) {
                Path backing = dir.resolve(name);
                try (RandomAccessFile file = new RandomAccessFile(backing.toFile(), "rw")) {
                    file.setLength(64 * MIB);
                }
                backings.add(backing);
                String device = exec("losetup", "--find", "--show", backing.toString());
                Assumptions.assumeTrue(device != null && device.startsWith("/dev/loop"), "no loop device: " + device);
                devices.add(Path.of(device));
            }
            TestPlan writes = new TestPlan("w", "", Region.WHOLE, List.of(new WorkloadStep(
                    Workload.of(Rw.RANDWRITE, 4096), Matrix.single(4, 1, 1, 0, 0))));
            MultiTargetRun multi = MultiTargetRun.create(store, writes, List.of(
                    new MultiTargetRun.Target(devices.get(0), runner(), devices.get(0).toString()),
                    new MultiTargetRun.Target(devices.get(1), runner(), devices.get(1).toString())), "loops");

            assertEquals(List.of(RunStatus.COMPLETE, RunStatus.COMPLETE), multi.execute());
            for (long id : multi.runIds()) {
                assertEquals("block", store.getRun(id).orElseThrow().targetKind());
                assertTrue(store.listPoints(id).get(0).point().write().iops() > 0);
            }
        } finally {
            for (Path device : devices) {
                exec("losetup", "--detach", device.toString());
            }
        }
    }

    private static String exec(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (!p.waitFor(20, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return null;
        }
        return p.exitValue() == 0 ? out : "failed: " + out;
    }
}
