package io.drivelab.run;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.ChildProcesses;
import io.drivelab.engine.IntervalEvent;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** issue 10 item 9: a point whose engine was stopped (SIGSTOP) is not stored as a complete point. */
@Timeout(120)
class HeldUpPointTest {
    private static final Path ENGINE = Path.of(System.getProperty("drivelab.engine", "target/drivelab-engine"));
    /** How long the engine stays stopped: longer than the point's runtime, as in the report (20 s for 3 s). */
    private static final long STALL_MS = 2500;

    @TempDir
    Path dir;

    @Test
    void aPointStoppedWithSigstopIsStoredPartialAndTheRunResumesIt() throws Exception {
        Path target = dir.resolve("x.img");
        TestPlan plan = new TestPlan("held", "one 2 s point", Region.ofSize(16 << 20), List.of(new WorkloadStep(
                Workload.of(Rw.RANDREAD, 4096), Matrix.of(List.of(1), List.of(1), 2, 0, 0))));
        try (Store store = Store.open(dir.resolve("d.db"))) {
            CountDownLatch measuring = new CountDownLatch(1);
            PlanRunner runner = new PlanRunner(store, ENGINE, new DeviceDiscovery(), new RunListener() {
                @Override
                public void sample(PlanItem item, IntervalEvent sample) {
                    measuring.countDown();
                }
            }).statusInterval(200);
            long id = runner.createRun(plan, target, null, null);
            Thread run = new Thread(() -> runner.execute(id, null));
            run.start();
            assertTrue(measuring.await(30, TimeUnit.SECONDS), "the engine never reported");
            long engine = ChildProcesses.engineOf(ProcessHandle.current().pid(), target.toString())
                    .orElseThrow(() -> new AssertionError("no engine among this JVM's children"));
            signal("STOP", engine);
            Thread.sleep(STALL_MS);  // the stall itself is what is tested: its length is the input, not a wait
            signal("CONT", engine);
            run.join(30_000);

            PointResult point = store.listPoints(id).get(0).point();
            assertEquals(PointStatus.PARTIAL, point.status(), "a held-up point is not complete");
            assertTrue(point.runtimeMs() > 2200, "runtime_ms " + point.runtimeMs());
            assertTrue(point.error().contains("held up"), point.error());
            var stored = store.getRun(id).orElseThrow();
            assertEquals(RunStatus.FAILED, stored.status());
            assertTrue(stored.error().contains("resume run " + id), stored.error());

            PlanRunner again = new PlanRunner(store, ENGINE, new DeviceDiscovery(), RunListener.NONE);
            assertEquals(RunStatus.COMPLETE, again.resume(id, null));
            assertEquals(PointStatus.COMPLETE, store.listPoints(id).get(0).point().status());
        }
    }

    private static void signal(String name, long pid) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + name, Long.toString(pid)).start().waitFor());
    }
}
