package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.drivelab.IntegrationTest;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.drivelab.store.NewRun;
import io.drivelab.store.Store;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.FioJobFile;
import io.drivelab.workload.Presets;
import io.drivelab.workload.TestPlan;

@IntegrationTest
@Timeout(120)
class FioJobCommandTest {

    @TempDir
    Path dir;

    /** fio --parse-only on the text; skipped where fio is not installed. */
    void assertFioAccepts(String jobFile) throws Exception {
        Path fio = Stream.of(System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator))
                .map(d -> Path.of(d, "fio")).filter(Files::isExecutable).findFirst().orElse(null);
        assumeTrue(fio != null, "fio is not installed (on the PATH), so the job file cannot be checked with it");
        Path job = Files.writeString(dir.resolve("check.fio"), jobFile);
        Process process = new ProcessBuilder(fio.toString(), "--parse-only", job.toString())
                .directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "fio --parse-only did not finish");
        assertEquals(0, process.exitValue(), output + "\n" + jobFile);
    }

    @Test
    void aPresetBecomesTheJobFileFioAccepts() throws Exception {
        Cli.Result result = Cli.run("fio-job", "--preset", "quick", "--target", "/tmp/x.img");

        assertEquals(0, result.exitCode(), result.toString());
        assertEquals(FioJobFile.render(Presets.get("quick"), "/tmp/x.img"), result.out());
        assertFioAccepts(result.out());
    }

    @Test
    void withoutATargetAPresetLeavesItToTheEnvironment() {
        Cli.Result result = Cli.run("fio-job", "--preset", "storagereview-cdn");

        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.lines().contains("filename=" + FioJobFile.TARGET_VARIABLE), result.out());
        // fio's bssplit takes whole percentages; the file says where the mix was rounded.
        assertTrue(result.out().contains("# fio's bssplit takes whole percentages"), result.out());
    }

    @Test
    void aRunBecomesItsStoredPlanOnItsOwnTarget() throws Exception {
        String db = dir.resolve("drivelab.db").toString();
        TestPlan plan = StoredRuns.quick().withTimes(2, 0, 0);
        try (Store store = Store.open(Path.of(db))) {
            StoredRuns.createRun(store, "short quick", plan, "/tmp/x.img");
        }

        Cli.Result result = Cli.run("fio-job", "--db", db, "1");

        assertEquals(0, result.exitCode(), result.toString());
        List<String> lines = result.lines();
        assertTrue(lines.get(0).startsWith("# DriveLab run 1 \"short quick\" (plan \"quick\", started "),
                lines.get(0));
        assertTrue(lines.contains("filename=/tmp/x.img"), result.out());
        assertEquals(16, lines.stream().filter(l -> l.equals("runtime=2")).count(), result.out());
        assertFalse(lines.stream().anyMatch(l -> l.startsWith("ramp_time=")), result.out());
        assertFioAccepts(result.out());
    }

    /** issue 10 item 18: a run kept to some CPUs is reproduced on them; a run left to the scheduler is not pinned. */
    @Test
    void aRunKeptToCpusKeepsEveryJobToThem() throws Exception {
        String db = dir.resolve("drivelab.db").toString();
        TestPlan plan = StoredRuns.quick();
        try (Store store = Store.open(Path.of(db))) {
            store.createRun(new NewRun("pinned", PlanFiles.toJson(plan), plan.name(), "/tmp/x.img", "file", null,
                    "lab1", "0.1.0", plan.points().size()).keptTo("0"));
            StoredRuns.createRun(store, "unpinned", plan, "/tmp/x.img");
        }

        Cli.Result pinned = Cli.run("fio-job", "--db", db, "1");
        Cli.Result unpinned = Cli.run("fio-job", "--db", db, "2");

        assertEquals(0, pinned.exitCode(), pinned.toString());
        long jobs = pinned.lines().stream().filter(l -> l.startsWith("[") && !l.equals("[global]")
                && !l.startsWith("[idle-")).count();
        assertEquals(16, jobs, pinned.out());
        assertEquals(jobs, pinned.lines().stream().filter("cpus_allowed=0"::equals).count(), pinned.out());
        assertFalse(unpinned.out().contains("cpus_allowed"), unpinned.out());
        assertFioAccepts(pinned.out());
    }

    @Test
    void targetOverridesARunsTarget() {
        String db = dir.resolve("drivelab.db").toString();
        try (Store store = Store.open(Path.of(db))) {
            StoredRuns.createRun(store, "quick", StoredRuns.quick(), "/tmp/x.img");
        }

        Cli.Result result = Cli.run("fio-job", "--db", db, "1", "--target", "/dev/nvme9n1");

        assertTrue(result.lines().contains("filename=/dev/nvme9n1"), result.out());
    }

    @Test
    void aPlanFileBecomesItsJobFile() throws Exception {
        Cli.Result result = Cli.run("fio-job", "--plan", PlanShowCommandTest.planFile("valid.json"),
                "--target", "/tmp/x.img");

        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.lines().contains("[01-fill-128k-qd32-j1]"), result.out());
        assertTrue(result.lines().contains("[idle-1]"), result.out());
        assertFioAccepts(result.out());
    }

    @Test
    void outWritesTheFile() throws Exception {
        Path file = dir.resolve("quick.fio");

        Cli.Result result = Cli.run("fio-job", "--preset", "quick", "--out", file.toString());

        assertEquals(0, result.exitCode(), result.toString());
        assertEquals("", result.out());
        assertEquals(FioJobFile.render(Presets.get("quick"), null), Files.readString(file));
    }

    @Test
    void noPlanIsAUsageError() {
        Cli.Result result = Cli.run("fio-job");

        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().startsWith("Missing the plan: give RUN, --preset NAME or --plan FILE"),
                result.err());
        assertTrue(result.err().contains("Usage: drivelab fio-job"), result.err());
    }

    @Test
    void twoPlansAreAUsageError() {
        Cli.Result result = Cli.run("fio-job", "1", "--preset", "quick");

        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().startsWith("Give only one of RUN, --preset and --plan"), result.err());
    }

    @Test
    void anUnknownPresetExits2WithTheKnownOnes() {
        Cli.Result result = Cli.run("fio-job", "--preset", "quik");

        assertEquals(2, result.exitCode(), result.toString());
        assertEquals("drivelab: preset: \"quik\" is not a preset; known: " + String.join(", ", Presets.names())
                + "\n", result.err());
    }

    @Test
    void anUnknownRunExits2() {
        Cli.Result result = Cli.run("fio-job", "--db", dir.resolve("drivelab.db").toString(), "7");

        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().startsWith("drivelab: no run 7 in "), result.err());
    }
}
