package io.drivelab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real engine (system property {@code drivelab.engine}, which surefire points at the build's engine) on
 * temp files, checked against docs/engine.md through {@link EngineProcess}.
 */
@IntegrationTest
@Timeout(120)
class EngineIntegrationTest {
    private static final long MIB = 1024 * 1024;
    private static Path engine;

    @TempDir
    Path dir;

    @BeforeAll
    static void findEngine() {
        String path = System.getProperty(EngineBinary.PROPERTY);
        Assumptions.assumeTrue(path != null && Files.isExecutable(Path.of(path)),
                "the engine is not built (" + path + "); build without -Dexec.skip=true");
        engine = Path.of(path);
    }

    /** What a run produced; the events arrive through the listener exactly as the app gets them. */
    static final class Recorder implements EngineListener {
        final List<StartEvent> starts = new CopyOnWriteArrayList<>();
        final List<LayoutEvent> layouts = new CopyOnWriteArrayList<>();
        final List<IntervalEvent> intervals = new CopyOnWriteArrayList<>();
        final CountDownLatch firstInterval = new CountDownLatch(1);
        final CountDownLatch resultArrived = new CountDownLatch(1);
        final AtomicReference<ResultEvent> result = new AtomicReference<>();

        @Override
        public void onStart(StartEvent start) {
            starts.add(start);
        }

        @Override
        public void onLayout(LayoutEvent layout) {
            layouts.add(layout);
        }

        @Override
        public void onInterval(IntervalEvent interval) {
            intervals.add(interval);
            firstInterval.countDown();
        }

        @Override
        public void onResult(ResultEvent r) {
            result.set(r);
            resultArrived.countDown();
        }
    }

    private ResultEvent run(Recorder recorder, String... options) throws Exception {
        try (EngineProcess process = EngineProcess.start(engine, List.of(options), recorder)) {
            return process.awaitResult();
        }
    }

    private ResultEvent run(String... options) throws Exception {
        return run(new Recorder(), options);
    }

    private EngineException failure(String... options) throws Exception {
        try (EngineProcess process = EngineProcess.start(engine, List.of(options), EngineListener.NONE)) {
            return assertThrows(EngineException.class, process::awaitResult);
        }
    }

    private String file(String name) {
        return "--filename=" + dir.resolve(name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"read", "write", "randread", "randwrite", "randrw", "rw"})
    void everyWorkloadMovesOnePassOfBytesInItsDirections(String rw) throws Exception {
        ResultEvent result = run(file("rw.img"), "--size=8m", "--rw=" + rw, "--bs=4k", "--iodepth=8");

        assertFalse(result.partial());
        assertEquals(8 * MIB, result.read().ioBytes() + result.write().ioBytes(), "one pass over the region");
        boolean reads = !rw.endsWith("write");
        boolean writes = !rw.endsWith("read");
        assertEquals(reads, result.read().ios() > 0, "reads in " + rw);
        assertEquals(writes, result.write().ios() > 0, "writes in " + rw);
        for (DirectionStats stats : List.of(result.read(), result.write())) {
            if (stats.ios() > 0) {
                assertEquals(4096.0, stats.meanBlockSize());
                assertTrue(stats.lat().min() > 0 && stats.lat().min() <= stats.lat().max(), stats.lat().toString());
                assertTrue(stats.lat().percentile("50") > 0, "no median latency");
            }
        }
    }

    @Test
    void randrwSplitsIosByRwmixread() throws Exception {
        ResultEvent result = run(file("mix.img"), "--size=16m", "--rw=randrw", "--rwmixread=70", "--bs=4k");

        double readShare = (double) result.read().ios() / (result.read().ios() + result.write().ios());
        // 4096 ios: the standard error of the share is 0.7 %, so 5 % is far outside chance.
        assertEquals(0.70, readShare, 0.05);
    }

    @Test
    void bssplitMixFollowsItsWeights() throws Exception {
        // Buffered reads of a small file are served from the page cache, so 40000 ios take well under a second.
        ResultEvent result = run(file("split.img"), "--size=16m", "--rw=randread", "--direct=0",
                "--bssplit=4k/60:16k/30:64k/10", "--io_size=512m");

        double expected = 0.60 * 4096 + 0.30 * 16384 + 0.10 * 65536;
        // ~38000 ios: the relative standard error of the mean size is 0.7 %; 3 % is over 4 of them.
        assertTrue(result.read().ios() > 30000, "too few ios to judge: " + result.read().ios());
        assertEquals(expected, result.read().meanBlockSize(), expected * 0.03);
    }

    @Test
    void bssplitAcceptsDecimalWeights() throws Exception {
        Recorder recorder = new Recorder();
        run(recorder, file("decimal.img"), "--size=4m", "--rw=randread", "--bssplit=128k/83.21:64k/5:4k/11.79");

        List<EngineOptions.BlockSizeWeight> split = recorder.starts.get(0).options().bssplit();
        assertEquals(3, split.size());
        assertEquals(100.0, split.stream().mapToDouble(EngineOptions.BlockSizeWeight::weight).sum(), 0.01);
    }

    @Test
    void ioSizeStopsAFillAtExactlyThatManyBytesPerJob() throws Exception {
        ResultEvent result = run(file("fill.img"), "--size=16m", "--rw=write", "--bs=64k", "--io_size=3m",
                "--numjobs=2", "--iodepth=4");

        assertEquals(6 * MIB, result.write().ioBytes());
        assertEquals(2, result.jobs().size());
        for (ResultEvent.JobStats job : result.jobs()) {
            assertEquals(3 * MIB, job.write().ioBytes(), "job " + job.job());
        }
    }

    @Test
    void intervalsArriveAtTheAskedRate() throws Exception {
        Recorder recorder = new Recorder();
        ResultEvent result = run(recorder, file("intervals.img"), "--size=8m", "--rw=randread",
                "--runtime=2", "--status-interval=200");

        assertTrue(result.runtimeMs() >= 1900 && result.runtimeMs() <= 2500, "runtime " + result.runtimeMs());
        List<IntervalEvent> intervals = recorder.intervals;
        assertTrue(intervals.size() >= 8 && intervals.size() <= 12, intervals.size() + " intervals");
        long first = intervals.get(0).tMs();
        long last = intervals.get(intervals.size() - 1).tMs();
        double spacing = (double) (last - first) / (intervals.size() - 1);
        assertEquals(200, spacing, 30, "mean spacing of t_ms");
        assertTrue(intervals.stream().allMatch(i -> i.read().ios() > 0), "an interval without reads");
    }

    @Test
    void rampTimeIntervalsAreFlaggedAndExcludedFromTheResult() throws Exception {
        Recorder recorder = new Recorder();
        ResultEvent result = run(recorder, file("ramp.img"), "--size=8m", "--rw=randread", "--ramp_time=1",
                "--runtime=1", "--status-interval=250");

        assertTrue(recorder.intervals.stream().anyMatch(IntervalEvent::ramp), "no ramp interval");
        assertTrue(recorder.intervals.stream().anyMatch(i -> !i.ramp()), "no measured interval");
        long measuredIos = recorder.intervals.stream().filter(i -> !i.ramp()).mapToLong(i -> i.read().ios()).sum();
        long allIos = recorder.intervals.stream().mapToLong(i -> i.read().ios()).sum();
        assertTrue(result.read().ios() < allIos, "the result counts ramp I/O");
        assertEquals(measuredIos, result.read().ios(), measuredIos * 0.1);
    }

    @Test
    void sigtermGivesAPartialResult() throws Exception {
        Recorder recorder = new Recorder();
        try (EngineProcess process = EngineProcess.start(engine,
                List.of(file("stop.img"), "--size=8m", "--rw=randread", "--runtime=60", "--status-interval=100"),
                recorder)) {
            assertTrue(recorder.firstInterval.await(30, TimeUnit.SECONDS), "no interval before stopping");
            process.stop();
            ResultEvent result = process.awaitResult();

            assertTrue(result.partial());
            assertTrue(result.runtimeMs() < 30000, "runtime " + result.runtimeMs());
            assertTrue(result.read().ios() > 0);
            assertEquals(3, process.exitCode().orElseThrow(), "exit code of a stopped run");
        }
    }

    @Test
    void engineStopsWithAPartialResultWhenTheThreadThatStartedItExits() throws Exception {
        // The PR_SET_PDEATHSIG gotcha that EngineProcess documents: a thread that starts the engine and ends
        // takes the engine with it.
        Recorder recorder = new Recorder();
        AtomicReference<EngineProcess> started = new AtomicReference<>();
        Thread shortLived = new Thread(() -> {
            try {
                started.set(EngineProcess.start(engine,
                        List.of(file("orphan.img"), "--size=8m", "--rw=randread", "--runtime=60",
                                "--status-interval=100"), recorder));
                recorder.firstInterval.await(30, TimeUnit.SECONDS);
            } catch (EngineException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        shortLived.start();
        shortLived.join();
        try (EngineProcess process = started.get()) {
            assertTrue(recorder.resultArrived.await(20, TimeUnit.SECONDS), "engine outlived its starting thread");
            assertTrue(recorder.result.get().partial());
        }
    }

    @Test
    void newFileIsLaidOutWithProgressBeforeTheRun() throws Exception {
        Recorder recorder = new Recorder();
        run(recorder, file("layout.img"), "--size=8m", "--rw=read");

        StartEvent start = recorder.starts.get(0);
        assertTrue(start.created());
        assertEquals("file", start.targetKind());
        assertFalse(recorder.layouts.isEmpty(), "no layout progress");
        LayoutEvent last = recorder.layouts.get(recorder.layouts.size() - 1);
        assertEquals(last.totalBytes(), last.doneBytes());
        assertTrue(Files.size(dir.resolve("layout.img")) >= 8 * MIB);
    }

    @Test
    void startLineEchoesTheEffectiveOptionsAndKeepsRawJson() throws Exception {
        Recorder recorder = new Recorder();
        ResultEvent result = run(recorder, file("echo.img"), "--size=4m", "--rw=randread", "--bs=8k",
                "--iodepth=4", "--name=echo-test");

        StartEvent start = recorder.starts.get(0);
        assertEquals("randread", start.options().rw());
        assertEquals(8192, start.options().bs());
        assertEquals(4, start.options().iodepth());
        assertEquals("echo-test", start.options().name());
        assertTrue(start.logicalBlockSize() >= 512, "logical block size " + start.logicalBlockSize());
        assertFalse(start.ioengine().isEmpty());
        assertTrue(result.rawJson().startsWith("{") && result.rawJson().contains("\"result\""));
    }

    // --- errors

    @Test
    void nonexistentTargetDirectoryIsAnOpenError() throws Exception {
        String path = dir.resolve("no/such/dir/x.img").toString();
        EngineException e = failure("--filename=" + path, "--size=1m");

        assertEquals(2, e.errno(), "ENOENT");
        assertEquals(1, e.exitCode());
        assertTrue(e.getMessage().contains(path), e.getMessage());
    }

    @Test
    void unreadableFileIsPermissionDenied() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path locked = dir.resolve("locked.img");
        Files.write(locked, new byte[1 << 20]);
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        List<String> options = List.of("--filename=" + locked, "--rw=read");

        EngineException e;
        if (isRoot()) {
            // Root bypasses file permissions; drop to nobody for the engine (setpriv is in util-linux).
            Path setpriv = Path.of("/usr/bin/setpriv");
            Assumptions.assumeTrue(Files.isExecutable(setpriv),
                    "running as root, which bypasses file permissions, and no setpriv to drop privileges");
            // A copy in this world-readable directory, as the build's own may sit where nobody cannot reach.
            Path engineCopy = Files.copy(engine, dir.resolve("drivelab-engine"));
            List<String> asNobody = new ArrayList<>(List.of("--reuid=65534", "--regid=65534", "--clear-groups",
                    engineCopy.toString()));
            asNobody.addAll(options);
            try (EngineProcess process = EngineProcess.start(setpriv, asNobody, EngineListener.NONE)) {
                e = assertThrows(EngineException.class, process::awaitResult);
            }
        } else {
            e = failure(options.toArray(String[]::new));
        }

        assertEquals(13, e.errno(), "EACCES: " + e.getMessage());
        assertEquals("open", e.op());
        assertEquals(1, e.exitCode());
        assertTrue(e.getMessage().contains(locked.toString()), e.getMessage());
    }

    @Test
    void misalignedBlockSizeWithDirectIoNamesTheLogicalBlockSize() throws Exception {
        // The logical block size of this filesystem, as the engine reports it on a run that works.
        Recorder recorder = new Recorder();
        run(recorder, file("aligned.img"), "--size=1m", "--bs=4k", "--direct=1");
        int logical = recorder.starts.get(0).logicalBlockSize();
        Assumptions.assumeTrue(1000 % logical != 0, "1000 is aligned to a logical block size of " + logical);

        EngineException e = failure(file("misaligned.img"), "--size=1m", "--bs=1000", "--direct=1");

        assertNotEquals(0, e.exitCode());
        assertTrue(e.getMessage().contains("logical block size"), e.getMessage());
        assertTrue(Pattern.compile("\\b" + logical + "\\b").matcher(e.getMessage()).find(),
                "does not name " + logical + ": " + e.getMessage());
    }

    @Test
    void unknownOptionIsRejectedWithExitCode2() throws Exception {
        EngineException e = failure(file("x.img"), "--size=1m", "--no-such-option=1");

        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains("no-such-option"), e.getMessage());
    }

    @Test
    void badNumberIsRejectedWithExitCode2() throws Exception {
        EngineException e = failure(file("x.img"), "--size=1m", "--iodepth=lots");

        assertEquals(2, e.exitCode());
        assertTrue(e.getMessage().contains("--iodepth=lots"), e.getMessage());
    }

    @Test
    void regionBeyondTheEndOfAnExistingFileIsTooSmall() throws Exception {
        Path small = dir.resolve("small.img");
        Files.write(small, new byte[64 * 1024]);

        EngineException e = failure("--filename=" + small, "--offset=128k", "--rw=read");

        assertNotEquals(0, e.exitCode());
        assertTrue(e.getMessage().contains("too small"), e.getMessage());
    }

    @Test
    void fullFilesystemIsEnospc() throws Exception {
        Path mountPoint = Files.createDirectory(dir.resolve("tiny-fs"));
        mountTinyTmpfs(mountPoint);
        try {
            Path big = mountPoint.resolve("big.img");
            EngineException e = failure("--filename=" + big, "--size=8m", "--direct=0", "--rw=write");

            assertEquals(28, e.errno(), "ENOSPC: " + e.getMessage());
            assertEquals(1, e.exitCode());
            assertFalse(Files.exists(big), "the half-written file the engine created is left behind");
        } finally {
            exec("umount", mountPoint.toString());
        }
    }

    @Test
    void packedEngineIsExtractedToTheCacheAndRuns(@TempDir Path cache) throws Exception {
        Assumptions.assumeTrue(EngineBinary.class.getResource(EngineBinary.RESOURCE) != null,
                "the build did not pack the engine into the classes");

        Path extracted = EngineBinary.locate(null, Map.of(), cache);

        assertTrue(extracted.startsWith(cache));
        assertTrue(EngineBinary.version(extracted).contains("0."), "version output");
    }

    private static void mountTinyTmpfs(Path mountPoint) throws IOException, InterruptedException {
        Assumptions.assumeTrue(isRoot(), "mounting a 1 MiB tmpfs to fill up needs root");
        String output = exec("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint.toString());
        Assumptions.assumeTrue(output == null, "cannot mount a tmpfs here (no CAP_SYS_ADMIN?): " + output);
    }

    private static boolean isRoot() throws IOException {
        // /proc/self belongs to this process's user.
        return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
    }

    /** Runs a command; null when it succeeded, else its output. */
    private static String exec(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        return process.waitFor() == 0 ? null : String.join(" ", command) + ": " + output.strip();
    }
}
