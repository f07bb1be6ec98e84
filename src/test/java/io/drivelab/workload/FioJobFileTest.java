package io.drivelab.workload;

import io.drivelab.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

@IntegrationTest
class FioJobFileTest {
    private static final long K = 1024;

    @TempDir
    Path dir;

    /** fio on the PATH, or null. */
    private static Path fio() {
        return Stream.of(System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator))
                .map(d -> Path.of(d, "fio")).filter(Files::isExecutable).findFirst().orElse(null);
    }

    private record Result(int exit, String output) {
    }

    private Result runFio(long timeoutSeconds, String... args) throws IOException, InterruptedException {
        Path fio = fio();
        assumeTrue(fio != null, "fio is not installed (on the PATH), so the job file cannot be checked with it");
        List<String> command = new java.util.ArrayList<>(List.of(fio.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("fio did not finish in " + timeoutSeconds + " s");
        }
        return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    private static List<String> lines(String jobFile) {
        return List.of(jobFile.split("\n"));
    }

    @Test
    void writesAreMadeUniqueByScramblingNotByRegeneratingTheData() {
        // issue 14: refill_buffers made fio's 128K writes cost 0.6 x the engine's IOPS; the engine writes random
        // data once and changes 8 bytes per 512 per write, which is fio's scramble_buffers
        List<String> lines = lines(FioJobFile.render(Presets.get("quick"), "/tmp/x.img"));
        assertFalse(lines.contains("refill_buffers=1"), "refill_buffers regenerates every write's data");
        assertTrue(lines.contains("scramble_buffers=1"));
        assertTrue(lines.contains("buffer_compress_percentage=0"), "incompressible, as the engine's data");
        assertFalse(lines.stream().anyMatch(l -> l.startsWith("dedupe_percentage") || l.startsWith("zero_buffers")));
    }

    @Test
    void theJobFileDoesTheEnginesWorkAtTheEnginesCostPerIo() {
        // issue 14: fio measured 0.2 of the engine's IOPS on the first write point of a file it had just created
        // (unwritten extents) and less at QD32 with one job (a file lookup and a call per I/O)
        String job = FioJobFile.render(Presets.get("quick"), "/tmp/x.img");
        List<String> lines = lines(job);
        assertTrue(lines.contains("overwrite=1"), "a file fio creates is written whole before the first point");
        assertTrue(lines.contains("disable_slat=1"));
        long jobs = lines.stream().filter(l -> l.startsWith("[") && !l.equals("[global]")).count();
        assertEquals(jobs, lines.stream().filter("registerfiles=1"::equals).count(), job);
        assertTrue(lines.contains("iodepth_batch_submit=32"), job);
    }

    @Test
    void theQuickPresetPassesFioParseOnly() throws Exception {
        Path job = dir.resolve("quick.fio");
        Files.writeString(job, FioJobFile.render(Presets.get("quick"), dir.resolve("target.img").toString()));
        Result r = runFio(60, "--parse-only", job.toString());
        assertEquals(0, r.exit(), r.output());
    }

    /** issue 10 item 18: a run kept to some CPUs is reproduced on them, every job section; unset, none is pinned. */
    @Test
    void aRunKeptToCpusKeepsEveryJobSectionToThemAndFioTakesIt() throws Exception {
        TestPlan plan = Presets.get("quick");
        String job = FioJobFile.render(plan.expand(), dir.resolve("target.img").toString(), List.of("pinned"), "0");
        List<String> lines = lines(job);
        long sections = lines.stream().filter(l -> l.startsWith("[") && !l.equals("[global]")
                && !l.startsWith("[idle-")).count();
        assertTrue(sections > 0, job);
        assertEquals(sections, lines.stream().filter("cpus_allowed=0"::equals).count(), job);
        assertFalse(FioJobFile.render(plan, "/tmp/x.img").contains("cpus_allowed"), "unset: the scheduler places");
        Path file = dir.resolve("pinned.fio");
        Files.writeString(file, job);
        Result r = runFio(60, "--parse-only", file.toString());
        assertEquals(0, r.exit(), r.output());
    }

    @Test
    void everyPresetPassesFioParseOnly() throws Exception {
        for (String name : Presets.names()) {
            Path job = dir.resolve(name + ".fio");
            TestPlan plan = Presets.get(name);
            if (name.equals(Presets.GDSIO_SWEEP)) {
                // fio slices a device of unknown size in whole percentages: 128 threads need a sized region
                plan = plan.withTarget(Region.ofSize(8L << 30));
            }
            Files.writeString(job, FioJobFile.render(plan, "/dev/nvme9n9"));
            Result r = runFio(60, "--parse-only", job.toString());
            assertEquals(0, r.exit(), name + ": " + r.output());
        }
    }

    @Test
    void eachPointIsOneSectionRunAfterThePreviousOne() {
        String job = FioJobFile.render(Presets.get("quick"), "/dev/sdz");
        List<String> l = lines(job);
        assertTrue(l.containsAll(List.of("[global]", "ioengine=io_uring", "direct=1", "filename=/dev/sdz")), job);
        long sections = l.stream().filter(s -> s.startsWith("[") && !s.equals("[global]")).count();
        long stonewalls = l.stream().filter(s -> s.equals("stonewall")).count();
        assertEquals(16, sections);
        assertEquals(16, stonewalls);
        int at = l.indexOf("[03-randread-4k-qd32-j2]");
        assertEquals(List.of("stonewall", "rw=randread", "bs=4k", "iodepth=32", "registerfiles=1",
                "iodepth_batch_submit=32", "numjobs=2", "size=1g", "time_based=1", "runtime=5", "ramp_time=1"),
                l.subList(at + 1, at + 12));
    }

    @Test
    void sequentialJobsEachGetASliceOfTheRegion() {
        String job = FioJobFile.render(Presets.get("quick"), "/dev/sdz");
        List<String> l = lines(job);
        int at = l.indexOf("[01-write-128k-qd32-j2]");
        List<String> section = l.subList(at, at + 10);
        assertTrue(section.contains("size=512m"), section.toString());
        assertTrue(section.contains("offset_increment=512m"), section.toString());
    }

    @Test
    void aDecimalMixIsRoundedForFioAndSaysSo() {
        String job = FioJobFile.render(Presets.get("storagereview-cdn"), "/dev/sdz");
        assertTrue(job.contains("\nbssplit=128k/99:64k/1\n"), job);
        assertTrue(job.contains("# fio's bssplit takes whole percentages: DriveLab's mix 128k/98.51:64k/0.3725"), job);
        assertTrue(job.contains("(sizes that round to 0 % are left out)"), job);
        assertFalse(job.contains("bssplit=128k/98.51"), "fio would read 98.51 as 98");
    }

    @Test
    void idleIsASleepJobBetweenPoints() {
        String job = FioJobFile.render(Presets.get("storagereview-cdn"), "/dev/sdz");
        List<String> l = lines(job);
        int at = l.indexOf("[idle-1]");
        assertEquals(List.of("stonewall", "ioengine=exec", "program=sleep", "arguments=180", "std_redirect=0",
                "time_based=1", "runtime=180"), l.subList(at + 1, at + 8));
        assertEquals(35, l.stream().filter(s -> s.startsWith("[idle-")).count());
    }

    @Test
    void passesBecomeSeparateSections() {
        String job = FioJobFile.render(Presets.get("crystaldiskmark"), "/dev/sdz");
        for (int pass = 1; pass <= 5; pass++) {
            assertTrue(job.contains("[01-read-1m-qd8-j1-pass" + pass + "]"), job);
        }
        assertTrue(job.contains("# 5 passes; DriveLab keeps the best pass (highest throughput)"), job);
    }

    @Test
    void withoutATargetFioTakesItFromTheEnvironment() {
        String job = FioJobFile.renderPoints(Presets.get("quick").points(), null);
        assertTrue(job.contains("\nfilename=${DRIVELAB_TARGET}\n"), job);
        assertTrue(job.contains("DRIVELAB_TARGET=/dev/nvme0n1 fio"), job);
    }

    /** A real, few-second fio run of every kind of item: fill, saturation, steady state, idle, passes, mixes. */
    @Test
    @Timeout(120)
    void fioReallyRunsEveryKindOfItem() throws Exception {
        TestPlan plan = new TestPlan("tiny", "every kind of item, briefly", Region.ofSize(16 * K * K), List.of(
                new Precondition.Fill("fill", 128 * K, null, 4, 2, 2, null),
                new Precondition.Saturate("saturate", null, Presets.cdnWriteMix(), 4, 2, 1),
                new Precondition.UntilSteady("steady", 4 * K, null, 4, 1, 2, 1),
                new WorkloadStep(Workload.of("read mix", Rw.RANDREAD, Presets.cdnReadMix()),
                        Matrix.single(4, 2, 1, 0, 1)),
                new WorkloadStep(new Workload("70/30", Rw.RANDRW, 4 * K, null, 70),
                        Matrix.single(1, 1, 1, 0, 0).withPasses(2, Matrix.Keep.BEST))));
        Path job = dir.resolve("tiny.fio");
        Files.writeString(job, FioJobFile.render(plan, dir.resolve("target.img").toString()));
        Result r = runFio(110, "--output-format=terse", job.toString());
        assertEquals(0, r.exit(), r.output());
        List<String> jobs = r.output().lines().filter(s -> s.startsWith("3;")).map(s -> s.split(";")[2]).toList();
        assertEquals(List.of("01-fill-128k-qd4-j2", "02-saturate-128k-mix-qd4-j2", "03-steady-state-4k-qd4-j1",
                "04-randread-128k-mix-qd4-j2", "idle-1", "05-randrw-4k-qd1-j1-pass1", "05-randrw-4k-qd1-j1-pass2"),
                jobs);
    }
}
