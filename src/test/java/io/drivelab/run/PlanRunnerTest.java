package io.drivelab.run;

import io.drivelab.IntegrationTest;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.IntervalEvent;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Precondition;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The runner with the real engine on temp files and a real SQLite file. */
@IntegrationTest
class PlanRunnerTest {
    private static final long MIB = 1 << 20;
    private static final Path ENGINE = Path.of(System.getProperty("drivelab.engine", "target/drivelab-engine"));

    @TempDir
    Path dir;
    Store store;
    Path target;

    @BeforeEach
    void open() {
        store = Store.open(dir.resolve("drivelab.db"));
        target = dir.resolve("target.img");
    }

    @AfterEach
    void close() {
        store.close();
    }

    private PlanRunner runner(RunListener listener) {
        return new PlanRunner(store, ENGINE, new DeviceDiscovery(), listener).statusInterval(200);
    }

    /** Two workloads of two points each, 1 s per point, with an optional idle between points. */
    private static TestPlan smallPlan(int idle) {
        return new TestPlan("small", "test plan", Region.ofSize(32 * MIB), List.of(
                new WorkloadStep(Workload.of(Rw.RANDREAD, 4096), Matrix.of(List.of(1, 4), List.of(1), 1, 0, idle)),
                new WorkloadStep(Workload.of(Rw.RANDWRITE, 4096), Matrix.of(List.of(1, 4), List.of(1), 1, 0, idle))));
    }

    @Test
    void aTargetAnotherRunIsBusyOnIsRefusedNamingThatRunBeforeARunIsFiled() {
        try (TargetLock other = TargetLock.acquire(target, 41, dir.resolve("other.db"))) {
            RunException e = assertThrows(RunException.class,
                    () -> runner(RunListener.NONE).createRun(smallPlan(0), target, null, null));

            assertTrue(e.getMessage().startsWith(target + " is being tested by run 41 (drivelab pid "
                    + ProcessHandle.current().pid()) && e.getMessage().contains(dir.resolve("other.db").toString()),
                    e.getMessage());
            assertEquals(List.of(), store.listRuns(), "a run was filed");
        }
    }

    @Test
    void aRunHoldsItsTargetFromThePreflightAndItsLockNamesItOnceFiled() throws IOException {
        PlanRunner runner = runner(RunListener.NONE);
        runner.preflight(smallPlan(0), target, null);
        RunException early = assertThrows(RunException.class, () -> TargetLock.acquire(target, 2, null));
        long id = runner.createRun(smallPlan(0), target, null, null);
        TargetLock.Holder filed = TargetLock.holderOf(target).orElseThrow();
        runner.endSession();  // it will not execute: the target is free again

        assertTrue(early.getMessage().contains("is being tested by a run being started"), early.getMessage());
        assertEquals(id, filed.run());
        TargetLock.acquire(target, 3, null).close();
    }

    @Test
    void quickPresetRunsEveryPointInOrderAndStoresThem() {
        TestPlan plan = Presets.get(Presets.QUICK).withTimes(1, 0, 0).withTarget(Region.ofSize(64 * MIB));
        PlanRunner runner = runner(RunListener.NONE);
        long id = runner.createRun(plan, target, null, null);

        assertEquals(RunStatus.COMPLETE, runner.execute(id, null));

        List<String> expected = plan.expand().stream().filter(i -> !i.isIdle()).map(i -> i.point().key()).toList();
        List<StoredPoint> points = store.listPoints(id);
        assertEquals(expected, points.stream().map(p -> p.point().meta().pointKey()).toList());
        for (StoredPoint p : points) {
            PointResult r = p.point();
            assertEquals(PointStatus.COMPLETE, r.status(), r.meta().pointKey());
            double iops = r.read().iops() + r.write().iops();
            assertTrue(iops > 0, r.meta().pointKey() + " measured no I/O");
            assertFalse(store.listSamples(p.id()).isEmpty(), r.meta().pointKey() + " has no samples");
        }
        assertEquals(RunStatus.COMPLETE, store.getRun(id).orElseThrow().status());
    }

    @Test
    void idleRestsBetweenPoints() {
        PlanRunner runner = runner(RunListener.NONE);
        long id = runner.createRun(smallPlan(2), target, "idle", null);
        runner.execute(id, null);

        List<StoredPoint> points = store.listPoints(id);
        assertEquals(4, points.size());
        for (int i = 1; i < points.size(); i++) {
            Duration gap = Duration.between(points.get(i - 1).point().endedAt(), points.get(i).point().startedAt());
            assertTrue(gap.toMillis() >= 1900, "only " + gap.toMillis() + " ms between points " + i + " and " + (i + 1));
        }
    }

    @Test
    void progressReachesTheEndAndEtaShrinks() {
        List<RunProgress> seen = Collections.synchronizedList(new ArrayList<>());
        PlanRunner runner = runner(new RunListener() {
            @Override
            public void progress(RunProgress progress) {
                seen.add(progress);
            }
        });
        long id = runner.createRun(smallPlan(0), target, null, null);
        runner.execute(id, null);

        assertTrue(seen.size() >= 8, "progress came only " + seen.size() + " times in 4 s");
        RunProgress first = seen.get(0), last = seen.get(seen.size() - 1);
        assertTrue(last.fraction() > first.fraction(), first + " -> " + last);
        assertTrue(last.eta().compareTo(first.eta()) < 0, first.eta() + " -> " + last.eta());
        assertEquals(4, last.itemCount());
    }

    @Test
    void cancelKeepsFinishedPointsAndResumeFinishesTheRest() throws Exception {
        CountDownLatch secondPointRunning = new CountDownLatch(1);
        List<String> started = Collections.synchronizedList(new ArrayList<>());
        PlanRunner runner = runner(new RunListener() {
            @Override
            public void pointStarted(RunProgress progress, PlanItem item, String key) {
                started.add(key);
            }

            @Override
            public void sample(PlanItem item, IntervalEvent sample) {
                if (started.size() == 2) {
                    secondPointRunning.countDown();
                }
            }
        });
        TestPlan plan = smallPlan(0);
        long id = runner.createRun(plan, target, null, null);
        AtomicReference<RunStatus> status = new AtomicReference<>();
        Thread thread = new Thread(() -> status.set(runner.execute(id, null)));
        thread.start();
        assertTrue(secondPointRunning.await(30, TimeUnit.SECONDS), "the second point never ran");
        runner.cancel();
        thread.join(10_000);

        assertEquals(RunStatus.INTERRUPTED, status.get());
        assertEquals(RunStatus.INTERRUPTED, store.getRun(id).orElseThrow().status());
        List<StoredPoint> kept = store.listPoints(id);
        assertEquals(2, kept.size(), "the finished point and the stopped one");
        assertEquals(PointStatus.COMPLETE, kept.get(0).point().status());
        assertEquals(PointStatus.PARTIAL, kept.get(1).point().status());
        var firstStart = kept.get(0).point().startedAt();

        started.clear();
        PlanRunner again = runner(new RunListener() {
            @Override
            public void pointStarted(RunProgress progress, PlanItem item, String key) {
                started.add(key);
            }
        });
        assertEquals(RunStatus.COMPLETE, again.resume(id, null));
        List<StoredPoint> all = store.listPoints(id);
        assertEquals(4, all.size());
        assertTrue(all.stream().allMatch(p -> p.point().status() == PointStatus.COMPLETE));
        assertEquals(firstStart, all.get(0).point().startedAt(), "the finished point was measured again");
        assertEquals(3, started.size(), "resume starts at the first unfinished point: " + started);
    }

    @Test
    void aPointStoppedBeforeItMeasuredAnythingIsNotStoredAsFailed() {
        // a stop landing as a point starts: the engine answers "stopped before the jobs were set up; nothing was
        // measured", which was stored as a failed point and said "2 of 16 points complete, 1 failed"
        List<PointResult> finished = Collections.synchronizedList(new ArrayList<>());
        long id = runStoppedAtStart(smallPlan(0), 2, finished);

        assertEquals(List.of(PointStatus.COMPLETE), statuses(id), "the first point, none for the one stopped");
        assertEquals(1, finished.size(), "only a measured point is reported finished");
        assertEquals(RunStatus.COMPLETE, runner(new RunListener() { }).resume(id, null));
        assertEquals(4, store.listPoints(id).size());
    }

    @Test
    void aPointStoppedBetweenItsPassesIsPartialNotComplete() {
        // 1 of 3 passes was kept as the complete point, and a resume went past it
        TestPlan plan = new TestPlan("passes", "", Region.ofSize(32 * MIB), List.of(new WorkloadStep(
                Workload.of(Rw.RANDREAD, 4096), Matrix.single(1, 1, 1, 0, 0).withPasses(3, Matrix.Keep.MEAN))));
        long id = runStoppedAtStart(plan, 2, new ArrayList<>());

        assertEquals(List.of(PointStatus.PARTIAL), statuses(id));
        String why = store.listPoints(id).get(0).point().error();
        assertTrue(why.contains("1 of 3 passes"), why);
    }

    @Test
    void aSteadyStateRoundStoppedAsItStartsIsNotStoredAsFailed() {
        TestPlan plan = new TestPlan("steady", "", Region.ofSize(32 * MIB), List.of(
                new Precondition.UntilSteady("saturate", 4096L, null, 4, 1, 7, 1)));
        long id = runStoppedAtStart(plan, 2, new ArrayList<>());

        assertEquals(List.of(PointStatus.COMPLETE), statuses(id), "round 1 only");
    }

    /** Runs {@code plan}, stopping it as the {@code nth} engine run (point, pass or round) starts. */
    private long runStoppedAtStart(TestPlan plan, int nth, List<PointResult> finished) {
        AtomicReference<PlanRunner> self = new AtomicReference<>();
        PlanRunner runner = runner(new RunListener() {
            private int started;

            @Override
            public void pointStarted(RunProgress progress, PlanItem item, String key) {
                if (++started == nth) {
                    self.get().cancel();
                }
            }

            @Override
            public void pointFinished(RunProgress progress, PlanItem item, PointResult result) {
                finished.add(result);
            }
        });
        self.set(runner);
        long id = runner.createRun(plan, target, null, null);
        assertEquals(RunStatus.INTERRUPTED, runner.execute(id, null));
        return id;
    }

    private List<PointStatus> statuses(long runId) {
        return store.listPoints(runId).stream().map(p -> p.point().status()).toList();
    }

    @Test
    void everyPointOfARunGoesThroughOneEngineProcess() {
        // the engine processes this JVM started, seen at each point's start: one session for the whole run
        java.util.Set<Long> engines = java.util.concurrent.ConcurrentHashMap.newKeySet();
        java.util.concurrent.atomic.AtomicInteger points = new java.util.concurrent.atomic.AtomicInteger();
        PlanRunner runner = runner(new RunListener() {
            @Override
            public void engineStarted(PlanItem item, io.drivelab.engine.StartEvent start) {
                points.incrementAndGet();
                engines.addAll(io.drivelab.engine.ChildProcesses.on(ProcessHandle.current().pid(), target.toString()));
            }
        });
        long id = runner.createRun(smallPlan(0), target, null, null);

        assertEquals(RunStatus.COMPLETE, runner.execute(id, null));
        assertEquals(4, points.get());
        assertEquals(1, engines.size(), "engine processes started by the app: " + engines);
    }

    @Test
    void anEngineCrashFailsThePointKeepsTheOthersAndTheRunResumes() throws IOException {
        // the real engine's process of the second point, killed with SIGKILL as it starts: a crash as the app sees it
        java.util.concurrent.atomic.AtomicInteger started = new java.util.concurrent.atomic.AtomicInteger();
        PlanRunner runner = runner(new RunListener() {
            @Override
            public void engineStarted(PlanItem item, io.drivelab.engine.StartEvent start) {
                if (started.incrementAndGet() == 2) {
                    io.drivelab.engine.ChildProcesses.engineOf(ProcessHandle.current().pid(), target.toString())
                            .flatMap(ProcessHandle::of).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
        });
        long id = runner.createRun(smallPlan(0), target, null, null);

        assertEquals(RunStatus.FAILED, runner.execute(id, null));

        var run = store.getRun(id).orElseThrow();
        assertTrue(run.error().contains("killed by signal 9"), run.error());
        List<StoredPoint> points = store.listPoints(id);
        assertEquals(2, points.size());
        assertEquals(PointStatus.COMPLETE, points.get(0).point().status());
        assertEquals(PointStatus.FAILED, points.get(1).point().status());
        assertTrue(points.get(1).point().error().contains(points.get(1).point().meta().pointKey()));

        assertEquals(RunStatus.COMPLETE, runner.resume(id, null));
        assertEquals(4, store.completedPointKeys(id).size());
    }

    @Test
    void steadyStatePreconditionRunsRoundsUntilTheRuleHoldsOrTheLimit() {
        TestPlan plan = new TestPlan("steady", "", Region.ofSize(32 * MIB), List.of(
                new Precondition.UntilSteady("saturate", 4096L, null, 4, 1, 7, 1),
                new WorkloadStep(Workload.of(Rw.RANDREAD, 4096), Matrix.single(4, 1, 1, 0, 0))));
        List<SteadyStateDetector.Verdict> verdicts = Collections.synchronizedList(new ArrayList<>());
        PlanRunner runner = runner(new RunListener() {
            @Override
            public void steadyState(PlanItem item, SteadyStateDetector.Verdict verdict) {
                verdicts.add(verdict);
            }
        });
        long id = runner.createRun(plan, target, null, null);
        assertEquals(RunStatus.COMPLETE, runner.execute(id, null));

        String key = plan.expand().get(0).point().key();
        List<StoredPoint> rounds = store.listPoints(id).stream()
                .filter(p -> p.point().meta().kind() == PointKind.PRECONDITION).toList();
        assertEquals(verdicts.size(), rounds.size(), "one stored point per round");
        assertTrue(rounds.size() >= 5 && rounds.size() <= 7, rounds.size() + " rounds");
        SteadyStateDetector.Verdict last = verdicts.get(verdicts.size() - 1);
        assertTrue(last.steady() || rounds.size() == 7, "stopped before steady state and before the limit");
        for (int r = 0; r < verdicts.size() - 1; r++) {
            assertFalse(verdicts.get(r).steady(), "went on after a steady verdict in round " + (r + 1));
        }
        assertEquals(key, rounds.get(rounds.size() - 1).point().meta().pointKey(), "the last round marks it done");
        assertTrue(store.completedPointKeys(id).contains(key));
    }

    @Test
    void passesKeepTheBestOne() {
        TestPlan plan = new TestPlan("passes", "", Region.ofSize(32 * MIB), List.of(new WorkloadStep(
                Workload.of(Rw.RANDREAD, 4096), Matrix.single(1, 1, 1, 0, 0).withPasses(3, Matrix.Keep.BEST))));
        List<String> started = Collections.synchronizedList(new ArrayList<>());
        List<PointResult> finished = Collections.synchronizedList(new ArrayList<>());
        PlanRunner runner = runner(new RunListener() {
            @Override
            public void pointStarted(RunProgress progress, PlanItem item, String key) {
                started.add(key);
            }

            @Override
            public void pointFinished(RunProgress progress, PlanItem item, PointResult result) {
                finished.add(result);
            }
        });
        long id = runner.createRun(plan, target, null, null);
        runner.execute(id, null);

        assertEquals(3, started.size());
        assertEquals(1, store.listPoints(id).size());
        assertEquals(1, finished.size());
    }

    @Test
    void aMissingFileWithoutSizeIsRefusedWithWhatToDo() {
        TestPlan plan = smallPlan(0).withTarget(Region.WHOLE);
        TargetRefused e = assertThrows(TargetRefused.class,
                () -> runner(RunListener.NONE).createRun(plan, target, null, null));
        assertEquals(TargetRefused.Kind.NEEDS_SIZE, e.kind());
        assertTrue(e.getMessage().contains("give the size of the test file"), e.getMessage());
        assertFalse(e.getMessage().contains("--"), "the core names no CLI option: " + e.getMessage());
        assertTrue(store.listRuns().isEmpty(), "nothing was filed");
    }

    @Test
    void aTargetInAMissingFolderIsRefused() {
        RunException e = assertThrows(RunException.class,
                () -> runner(RunListener.NONE).createRun(smallPlan(0), dir.resolve("nope/x.img"), null, null));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void aNewTestFileOnDevShmIsCreatedAndMeasuredLikeAnyOtherFile() throws IOException {
        Path shm = Path.of("/dev/shm");
        Assumptions.assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm), "no writable /dev/shm here");
        Path file = Files.createTempDirectory(shm, "drivelab-test-").resolve("ram.img");
        try {
            TestPlan plan = new TestPlan("shm", "test plan", Region.ofSize(8 * MIB), List.of(new WorkloadStep(
                    Workload.of(Rw.RANDREAD, 4096), Matrix.of(List.of(1), List.of(1), 1, 0, 0))));
            PlanRunner runner = runner(RunListener.NONE);
            long id = runner.createRun(plan, file, null, null);
            runner.execute(id, null);
            assertEquals(1, store.listPoints(id).size(), "the point on a tmpfs file was measured");
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(file.getParent());
        }
    }
}
