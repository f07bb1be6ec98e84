package io.drivelab.ui.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.CpuList;
import io.drivelab.store.PointStatus;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.ui.DirectTasks;
import io.drivelab.ui.plan.PlanViewModel;
import io.drivelab.ui.plan.WorkloadChoice;
import io.drivelab.ui.targets.Target;
import io.drivelab.ui.targets.TargetsViewModel;
import io.drivelab.workload.Presets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Start, Stop and the live data with the real engine on a test file and a real database, without JavaFX: the
 * test thread plays the UI thread and drains the run's reports itself. The CPUs typed in the plan: a list that is
 * not CPUs of this machine blocks Start naming it; a run kept to a CPU is stored so and its resume keeps it.
 */
@IntegrationTest
class RunViewModelTest {
    @TempDir
    Path dir;
    private Store store;
    private TargetsViewModel targets;
    private PlanViewModel plan;
    private RunViewModel vm;

    @BeforeEach
    void setUp() {
        store = Store.open(dir.resolve("drivelab.db"));
        DirectTasks tasks = new DirectTasks();
        DeviceDiscovery discovery = new DeviceDiscovery();
        targets = new TargetsViewModel(tasks, discovery, dir.toString(), "16M");
        plan = new PlanViewModel(Presets.QUICK);
        plan.runtimeProperty().set(1);
        plan.rampProperty().set(0);
        vm = new RunViewModel(tasks, store, Path.of(System.getProperty("drivelab.engine")), null, discovery,
                targets, plan, 100);
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        vm.stopAndWait(10_000, null);
        store.close();
    }

    /** Drains as the UI thread would until {@code done}, at most {@code timeout}. */
    private void drainUntil(BooleanSupplier done, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            vm.drain();
            if (done.getAsBoolean()) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("not done within " + timeout + "; status: " + vm.statusProperty().get()
                + ", error: " + vm.errorProperty().get());
    }

    private int curvePoints(String workload) {
        WorkloadCurves curves = vm.live().workload(workload);
        return curves == null ? 0 : curves.pointCount();
    }

    @Test
    void startIsPossibleWithTheTestFileAndAPlan() {
        assertEquals("", vm.startBlockedProperty().get());
    }

    @Test
    void startSaysWhyItCannotStart() {
        targets.testFile().selectedProperty().set(false);
        assertEquals("Tick a target: the test file or a drive.", vm.startBlockedProperty().get());
        targets.testFile().selectedProperty().set(true);
        plan.workloads().forEach(w -> w.includedProperty().set(false));
        assertEquals("Tick at least one workload and one IODepth × NumJobs cell.", vm.startBlockedProperty().get());
    }

    @Test
    void withoutAnEngineStartSaysSo() {
        RunViewModel none = new RunViewModel(new DirectTasks(), store, null, "no drivelab-engine next to the jar",
                new DeviceDiscovery(), targets, plan, 100);
        assertEquals("The engine cannot start: no drivelab-engine next to the jar.",
                none.startBlockedProperty().get());
    }

    @Test
    void aRunOnTheTestFileDrawsAndStoresEveryPoint() throws InterruptedException {
        plan.workloads().subList(1, 4).forEach(w -> w.includedProperty().set(false));
        vm.start(RunViewModel.Confirmed.NOTHING);
        assertTrue(vm.isRunning());
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(60));

        long runId = vm.lastRunIdProperty().get();
        assertEquals(RunStatus.COMPLETE, store.getRun(runId).orElseThrow().status());
        assertEquals("Run " + runId + " complete: 4 points stored.", vm.statusProperty().get());
        assertEquals("", vm.errorProperty().get());
        assertEquals(4, curvePoints("128K sequential write"));
        assertEquals(4, store.listPoints(runId).size());
        assertFalse(vm.live().percentiles().isEmpty(), "the last point's percentiles");
        assertEquals(1.0, vm.progressProperty().get(), 1e-9);
    }

    @Test
    void theTimeSeriesShowsTheRunningPointsSamples() throws InterruptedException {
        plan.runtimeProperty().set(2);
        vm.start(RunViewModel.Confirmed.NOTHING);
        // 10 samples a second: a 2 s point shows several before it ends.
        drainUntil(() -> vm.live().timeThroughput().getSeries(0).getItemCount() >= 5, Duration.ofSeconds(30));
        assertEquals("MB/s", vm.live().timeUnitProperty().get().label());
        assertTrue(vm.live().timeLatency().getSeries(0).getItemCount() >= 4, "mean latency over time");
        vm.stop();
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(30));
    }

    @Test
    void stopEndsTheRunAndKeepsTheFinishedPoints() throws InterruptedException {
        vm.start(RunViewModel.Confirmed.NOTHING);
        drainUntil(() -> curvePoints("128K sequential write") >= 2, Duration.ofSeconds(60));
        vm.stop();
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(30));

        long runId = vm.lastRunIdProperty().get();
        assertEquals(RunStatus.INTERRUPTED, store.getRun(runId).orElseThrow().status());
        List<StoredPoint> stored = store.listPoints(runId);
        long complete = stored.stream().filter(p -> p.point().status() == PointStatus.COMPLETE).count();
        assertTrue(complete >= 2, "complete points stored: " + complete);
        assertTrue(complete < 16, "the run went on to the end");
        assertEquals(complete, curvePoints("128K sequential write") + curvePoints("128K sequential read"),
                "the chart keeps every complete point");
        // counted as History counts them (complete of planned), the point stopped in said to be partial: it said
        // "3 points stored" beside History's 2/16
        long partial = stored.stream().filter(p -> p.point().status() == PointStatus.PARTIAL).count();
        assertTrue(vm.statusProperty().get().startsWith("Run " + runId + " stopped: " + complete + " of 16 points "
                + "complete" + (partial == 0 ? "." : ", " + partial + " partial.")), vm.statusProperty().get());
        assertTrue(vm.statusProperty().get().contains("Resume it from History"), vm.statusProperty().get());
    }

    @Test
    void aTargetThatCannotBeCreatedIsNamedWithWhatToDo() throws InterruptedException {
        targets.testFile().folderProperty().set(dir.resolve("no-such-folder").toString());
        vm.start(RunViewModel.Confirmed.NOTHING);
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(30));
        String error = vm.errorProperty().get();
        assertTrue(error.contains("no-such-folder"), error);
        assertTrue(error.contains("does not exist"), error);
        assertFalse(error.contains("Exception"), "no stack trace or class names: " + error);
    }

    @Test
    void aFileDriveLabDidNotCreateIsOverwrittenOnlyWhenConfirmed() throws Exception {
        Path file = dir.resolve("drivelab-test.img");
        java.nio.file.Files.write(file, new byte[16 << 20]);
        plan.workloads().subList(1, 4).forEach(w -> w.includedProperty().set(false));
        plan.workloads().get(0).cell(32, 1).set(false);
        plan.workloads().get(0).cell(32, 2).set(false);
        plan.workloads().get(0).cell(1, 2).set(false);

        List<RunViewModel.Confirmation> needed = vm.confirmationsNeeded();
        assertEquals(1, needed.size());
        assertEquals(RunViewModel.Confirmation.Kind.OVERWRITE_FILE, needed.get(0).kind());
        assertTrue(needed.get(0).question().startsWith(file + " exists and DriveLab did not create it."),
                needed.get(0).question());

        vm.start(RunViewModel.Confirmed.NOTHING);
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(30));
        assertTrue(vm.errorProperty().get().contains("is not a DriveLab test file"), vm.errorProperty().get());

        vm.start(new RunViewModel.Confirmed(Map.of(), java.util.Set.of(file)));
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(30));
        assertEquals("", vm.errorProperty().get());
        assertEquals(RunStatus.COMPLETE, store.getRun(vm.lastRunIdProperty().get()).orElseThrow().status());
    }

    @Test
    void aStoppedRunResumesFromItsFirstUnfinishedPoint() throws InterruptedException {
        plan.workloads().subList(2, 4).forEach(w -> w.includedProperty().set(false));
        vm.start(RunViewModel.Confirmed.NOTHING);
        drainUntil(() -> curvePoints("128K sequential write") >= 2, Duration.ofSeconds(60));
        vm.stop();
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(30));
        long runId = vm.lastRunIdProperty().get();

        vm.resume(runId, RunViewModel.Confirmed.NOTHING);
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(60));
        assertEquals(RunStatus.COMPLETE, store.getRun(runId).orElseThrow().status());
        assertEquals(4, curvePoints("128K sequential write"), "the earlier points and the resumed ones");
        assertEquals(4, curvePoints("128K sequential read"));
        assertTrue(vm.statusProperty().get().startsWith("Run " + runId + " complete"), vm.statusProperty().get());
    }

    @Test
    void resumingARunDeletedElsewhereSaysSo() throws InterruptedException {
        // History listed it, `drivelab delete` removed it: the run bar said "run 9: No value present"
        long runId = store.createRun(new io.drivelab.store.NewRun("gone", "{}", "quick", dir.resolve("gone.img")
                .toString(), "file", null, "host", "test"));
        store.updateRunStatus(runId, RunStatus.INTERRUPTED, "stopped by the user");
        store.deleteRun(runId);
        vm.resume(runId, RunViewModel.Confirmed.NOTHING);
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(30));
        assertTrue(vm.errorProperty().get().contains("Run " + runId + " is no longer stored: it was deleted since"),
                vm.errorProperty().get());
    }

    @Test
    void aPointStoppedInItsRampIsReplacedByItsMeasurementWhenTheRunResumes() throws InterruptedException {
        plan.workloads().subList(1, 4).forEach(w -> w.includedProperty().set(false));
        plan.rampProperty().set(3);
        vm.start(RunViewModel.Confirmed.NOTHING);
        // the third point is in its ramp: stopped there, it is kept as partial without a measurement
        drainUntil(() -> curvePoints("128K sequential write") >= 2 && vm.live().rampEndProperty().get() > 0,
                Duration.ofSeconds(60));
        vm.stop();
        assertEquals("Stopping: the point going on is kept as partial.", vm.statusProperty().get());
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(30));
        long runId = vm.lastRunIdProperty().get();
        List<StoredPoint> stored = store.listPoints(runId);
        assertEquals(PointStatus.PARTIAL, stored.get(stored.size() - 1).point().status(), "stopped in its ramp");
        String lastMeasured = stored.get(stored.size() - 2).point().meta().workload() + " QD"
                + stored.get(stored.size() - 2).point().meta().iodepth() + "/"
                + stored.get(stored.size() - 2).point().meta().numjobs();
        assertEquals("Latency percentiles of the last point: " + lastMeasured,
                vm.live().percentilesTitleProperty().get(), "the partial point has no percentiles to show");
        assertFalse(vm.live().percentiles().isEmpty());

        vm.resume(runId, RunViewModel.Confirmed.NOTHING);
        assertEquals("Starting…", vm.statusProperty().get(), "the stop is over");
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(60));
        assertEquals(4, store.listPoints(runId).size());
        assertEquals("Run " + runId + " complete: 4 points stored.", vm.statusProperty().get());
        assertEquals(4, vm.pointsMeasuredProperty().get());
        assertFalse(vm.live().percentiles().isEmpty(), "the last point's percentiles");
    }

    @Test
    void twoTestFilesRunAtTheSameTimeWhenChosen() throws Exception {
        plan.workloads().subList(1, 4).forEach(w -> w.includedProperty().set(false));
        Path other = java.nio.file.Files.createDirectory(dir.resolve("other"));
        targets.targets().add(new Target.TestFile(other.toString(), "16M"));
        targets.orderProperty().set(io.drivelab.run.RunSession.Order.TOGETHER);
        vm.start(RunViewModel.Confirmed.NOTHING);
        drainUntil(() -> vm.statusProperty().get().contains(" going: "), Duration.ofSeconds(30));
        assertTrue(vm.statusProperty().get().contains("At the same time: run "), vm.statusProperty().get());
        // the time chart shows both files' running points, a line each named by its file
        var time = vm.live().timeThroughput();
        drainUntil(() -> time.getSeriesCount() == 2 && time.getItemCount(0) > 0 && time.getItemCount(1) > 0,
                Duration.ofSeconds(60));
        assertEquals(java.util.Set.of(dir.resolve("drivelab-test.img").toString(),
                other.resolve("drivelab-test.img").toString()),
                java.util.Set.of(time.getSeriesKey(0).toString(), time.getSeriesKey(1).toString()));
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(60));

        assertEquals("", vm.errorProperty().get());
        List<io.drivelab.store.Run> runs = store.listRuns().stream()
                .sorted(java.util.Comparator.comparingLong(io.drivelab.store.Run::id)).toList();
        assertEquals(List.of(dir.resolve("drivelab-test.img").toString(), other.resolve("drivelab-test.img")
                .toString()), runs.stream().map(io.drivelab.store.Run::target).toList());
        assertTrue(runs.stream().allMatch(r -> r.status() == RunStatus.COMPLETE), runs.toString());
        List<StoredPoint> first = store.listPoints(runs.get(0).id());
        List<StoredPoint> second = store.listPoints(runs.get(1).id());
        assertEquals(4, first.size());
        assertEquals(4, second.size());
        for (int i = 0; i < first.size(); i++) {
            var a = first.get(i).point();
            var b = second.get(i).point();
            assertTrue(a.startedAt().isBefore(b.endedAt()) && b.startedAt().isBefore(a.endedAt()),
                    "point " + a.meta().pointKey() + " of both files at the same time: " + a.startedAt() + "–"
                            + a.endedAt() + " and " + b.startedAt() + "–" + b.endedAt());
        }
        assertEquals(4, curvePoints("128K sequential write"), "the curves follow the first file");
        String status = vm.statusProperty().get();
        assertTrue(status.contains("Run " + runs.get(0).id() + " complete: 4 points stored."), status);
        assertTrue(status.contains("Run " + runs.get(1).id() + " complete: 4 points stored."), status);
    }

    /** Tiles of the live CrystalDiskMark grid with a figure, or -1 when no grid is shown. */
    private long crystalTilesFilled() {
        io.drivelab.report.CrystalSummary grid = vm.live().crystalGridProperty().get();
        return grid == null ? -1 : grid.rows().stream()
                .flatMap(r -> java.util.stream.Stream.of(r.read(), r.write()))
                .filter(t -> t.megabytesPerSecond() != null).count();
    }

    @Test
    void theCrystalDiskMarkGridIsShownAtTheStartAndFillsTileByTile() throws InterruptedException {
        plan.choosePreset(Presets.CRYSTALDISKMARK);
        plan.runtimeProperty().set(1);
        plan.rampProperty().set(0);
        plan.idleProperty().set(0);
        vm.start(RunViewModel.Confirmed.NOTHING);
        // each point is 5 passes of 1 s: the grid shows empty first
        drainUntil(() -> crystalTilesFilled() >= 0, Duration.ofSeconds(30));
        assertEquals(0, crystalTilesFilled());
        assertEquals(List.of("SEQ1M Q8T1", "SEQ128K Q32T1", "RND4K Q32T16", "RND4K Q1T1"),
                vm.live().crystalGridProperty().get().rows().stream().map(r -> r.test()).toList());
        drainUntil(() -> crystalTilesFilled() >= 1, Duration.ofSeconds(60));
        assertEquals(1, crystalTilesFilled(), "one tile per point finished");
        assertTrue(vm.live().crystalGridProperty().get().rows().get(0).read().megabytesPerSecond() > 0,
                "SEQ1M Q8T1 read is measured first");
        vm.stop();
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(30));

        plan.choosePreset(Presets.QUICK);
        plan.workloads().subList(1, 4).forEach(w -> w.includedProperty().set(false));
        vm.start(RunViewModel.Confirmed.NOTHING);
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(60));
        assertEquals(-1, crystalTilesFilled(), "no grid for another plan");
    }

    /** Runs a command, returning its output; fails the test when it fails. */
    private static String exec(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new AssertionError(String.join(" ", command) + ": " + out);
        }
        return out.strip();
    }

    /** A loop device on a sparse file of {@code bytes} in the test's folder; needs root (skips elsewhere). */
    private Path attachLoop(String file, long bytes) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                (Integer) java.nio.file.Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0,
                "a loop device needs root; CI runs the tests as root");
        Path backing = dir.resolve(file);
        try (var f = new java.io.RandomAccessFile(backing.toFile(), "rw")) {
            f.setLength(bytes);
        }
        return Path.of(exec("losetup", "--find", "--show", backing.toString()));
    }

    /** The drive {@code device} among the targets, after a fresh look at the machine's drives. */
    private Target drive(Path device) {
        targets.refresh();
        return targets.targets().stream().filter(t -> t.path().equals(device)).findFirst()
                .orElseThrow(() -> new AssertionError(device + " not among the drives"));
    }

    @Test
    void theTickedTargetsRunInListOrderAndADriveOnlyWithItsNameTyped() throws Exception {
        // A sparse 1.1 GiB file as a drive: the quick plan's region is its first 1 GiB.
        Path device = attachLoop("drive.img", 1100L << 20);
        try {
            Target drive = drive(device);
            assertEquals(Target.Badge.FREE, drive.badge());
            drive.selectedProperty().set(true);
            plan.workloads().forEach(w -> w.includedProperty().set(w.name().equals("4K random write")));
            WorkloadChoice write = plan.workloads().get(3);
            write.cell(32, 1).set(false);
            write.cell(1, 2).set(false);
            write.cell(32, 2).set(false);

            List<RunViewModel.Confirmation> needed = vm.confirmationsNeeded();
            assertEquals(1, needed.size());
            assertEquals(RunViewModel.Confirmation.Kind.TYPE_DEVICE_NAME, needed.get(0).kind());
            assertEquals(device, needed.get(0).target());
            assertTrue(needed.get(0).question().contains("destroys everything on it. Type " + device),
                    needed.get(0).question());

            // The test file runs first (list order); a wrong name is refused for the drive after it.
            vm.start(new RunViewModel.Confirmed(Map.of(device, "/dev/sda"), java.util.Set.of()));
            drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(60));
            assertTrue(vm.errorProperty().get().startsWith(device + ": the plan writes to " + device),
                    vm.errorProperty().get());
            assertEquals(1, store.listRuns().size());

            vm.start(new RunViewModel.Confirmed(Map.of(device, device.toString()), java.util.Set.of()));
            drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(60));
            assertEquals("", vm.errorProperty().get());
            List<io.drivelab.store.Run> runs = store.listRuns();
            assertEquals(List.of(dir.resolve("drivelab-test.img").toString(),
                            dir.resolve("drivelab-test.img").toString(), device.toString()),
                    runs.stream().sorted(java.util.Comparator.comparingLong(io.drivelab.store.Run::id))
                            .map(io.drivelab.store.Run::target).toList());
            assertTrue(runs.stream().allMatch(r -> r.status() == RunStatus.COMPLETE), runs.toString());
        } finally {
            exec("losetup", "--detach", device.toString());
        }
    }

    @Test
    void aDriveWithAMountedFilesystemLeavesStartBlockedNamingTheMountPoint() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                (Integer) java.nio.file.Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0,
                "a loop device and a mount need root; CI runs the tests as root");
        Path backing = dir.resolve("mounted.img");
        try (var file = new java.io.RandomAccessFile(backing.toFile(), "rw")) {
            file.setLength(64L << 20);
        }
        exec("mkfs.ext4", "-q", "-F", backing.toString());
        Path device = Path.of(exec("losetup", "--find", "--show", backing.toString()));
        Path mountPoint = java.nio.file.Files.createDirectory(dir.resolve("mnt"));
        try {
            exec("mount", device.toString(), mountPoint.toString());
            try {
                targets.refresh();
                Target drive = targets.targets().stream().filter(t -> t.path().equals(device)).findFirst()
                        .orElseThrow(() -> new AssertionError(device + " not among the drives"));
                assertEquals(Target.Badge.MOUNTED, drive.badge());
                targets.testFile().selectedProperty().set(false);
                drive.selectedProperty().set(true);

                String why = vm.startBlockedProperty().get();
                assertTrue(why.contains(mountPoint.toString()), "Start is not blocked by the mount: '" + why + "'");
            } finally {
                exec("umount", mountPoint.toString());
            }
        } finally {
            exec("losetup", "--detach", device.toString());
        }
    }

    @Test
    void aDriveSmallerThanThePlansRegionLeavesStartBlockedSayingWhatFits() throws Exception {
        // the quick plan tests the first 1 GiB: a 256 MiB drive cannot hold it
        Path device = attachLoop("small.img", 256L << 20);
        try {
            Target drive = drive(device);
            targets.testFile().selectedProperty().set(false);
            drive.selectedProperty().set(true);

            String why = vm.startBlockedProperty().get();
            assertTrue(why.contains("a region of at most 256m (268435456 bytes) fits"), why);
            assertTrue(why.contains("Use the whole device"), why);
            vm.start(new RunViewModel.Confirmed(Map.of(device, device.toString()), java.util.Set.of()));
            assertFalse(vm.isRunning(), "a blocked Start started");
            assertTrue(store.listRuns().isEmpty(), "a run was filed");
        } finally {
            exec("losetup", "--detach", device.toString());
        }
    }

    /** The last CPU this process may use (Linux's Cpus_allowed_list). */
    private static String lastCpu() {
        return Integer.toString(CpuList.usableNow().length() - 1);
    }

    @Test
    void listsThatAreNotCpusOfThisMachineKeepStartDisabledNamingTheList() {
        for (String bad : List.of("a", "1-", "0-1x")) {
            plan.cpus().textProperty().set(bad);
            assertEquals("CPUs: \"" + bad + "\" is not a list of CPUs: give CPU numbers such as 1, 0-3 or 0,2.",
                    vm.startBlockedProperty().get());
        }
        plan.cpus().textProperty().set("9999");
        assertTrue(vm.startBlockedProperty().get().startsWith("CPUs: CPU 9999 (of 9999) is offline or not one "
                + "this process may use; it may use "), vm.startBlockedProperty().get());
        vm.start(RunViewModel.Confirmed.NOTHING);
        assertEquals(-1, vm.lastRunIdProperty().get(), "Start did nothing");
        assertEquals(List.of(), store.listRuns(), "and filed nothing");

        plan.cpus().textProperty().set(" ");
        assertEquals("", vm.startBlockedProperty().get(), "blank: the scheduler places the jobs");
        plan.cpus().textProperty().set(lastCpu());
        assertEquals("", vm.startBlockedProperty().get());
    }

    @Test
    void aRunKeptToACpuIsStoredSoAndItsResumeKeepsItWhateverTheFieldSaysNow() throws InterruptedException {
        String cpu = lastCpu();
        plan.workloads().subList(1, 4).forEach(w -> w.includedProperty().set(false));
        plan.cpus().textProperty().set(cpu);
        List<String> statuses = new ArrayList<>();
        vm.statusProperty().addListener((o, a, b) -> statuses.add(b));
        vm.start(RunViewModel.Confirmed.NOTHING);
        drainUntil(() -> vm.pointsMeasuredProperty().get() >= 1, Duration.ofSeconds(60));
        vm.stop();
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(30));
        long runId = vm.lastRunIdProperty().get();
        assertEquals(RunStatus.INTERRUPTED, store.getRun(runId).orElseThrow().status());
        assertEquals(cpu, store.getRun(runId).orElseThrow().cpusAllowed());
        assertTrue(statuses.contains("Run " + runId + " going: 4 points. CPUs: " + cpu + "."),
                statuses.toString());

        statuses.clear();
        long before = store.listPoints(runId).stream().filter(p -> p.point().status() == PointStatus.COMPLETE)
                .count();
        plan.cpus().textProperty().set("");
        vm.resume(runId, RunViewModel.Confirmed.NOTHING);
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(60));
        assertEquals(RunStatus.COMPLETE, store.getRun(runId).orElseThrow().status(), vm.errorProperty().get());
        assertEquals(cpu, store.getRun(runId).orElseThrow().cpusAllowed());
        // it said "going: 4 items in the plan", as a new run, with a point of it measured before
        assertTrue(statuses.contains("Run " + runId + " resumed: " + before + " of 4 points complete before it; it "
                + "measures the rest. CPUs: " + cpu + "."), "the resumed run keeps its CPUs: " + statuses);
    }
}
