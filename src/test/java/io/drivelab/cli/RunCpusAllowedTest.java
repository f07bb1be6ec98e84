package io.drivelab.cli;

import io.drivelab.IntegrationTest;
import io.drivelab.engine.ChildProcesses;
import io.drivelab.engine.CpuList;
import io.drivelab.store.NewRun;
import io.drivelab.store.PointStatus;
import io.drivelab.store.RunStatus;
import io.drivelab.store.RunnerProcess;
import io.drivelab.store.Store;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.Presets;
import io.drivelab.workload.TestPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code drivelab run --cpus-allowed LIST} (issue 10, item 18): the user's deliberate choice of CPUs, stored with the
 * run so a resume keeps it, and refused early where it cannot hold. Child JVMs, the real engine, a real database.
 */
@IntegrationTest
@Timeout(300)
class RunCpusAllowedTest {
    @TempDir
    Path dir;

    private String target() {
        return dir.resolve("x.img").toString();
    }

    private Path db() {
        return dir.resolve("d.db");
    }

    /** The last CPU this process may use: not CPU 0, which the scheduler would often pick anyway. */
    private static String lastCpu() {
        assumeTrue(CpuList.usableNow().cardinality() >= 2, "one CPU: nothing to choose");
        return Integer.toString(CpuList.usableNow().length() - 1);
    }

    /** drivelab in a child JVM, its output read by the test. */
    private Process drivelab(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Ddrivelab.engine=" + CommandLineTest.builtEngine(), "-cp",
                System.getProperty("java.class.path"), "io.drivelab.Main"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        return process;
    }

    /**
     * The CPUs the jobs of the points measured under {@code process} may run on (Cpus_allowed_list of every thread
     * of a point's engine but its main one and io_uring's workers): {@code cpu} once a point's jobs keep to it, else
     * what they were seen on last, after 60 s. A job pins itself as it starts, so a job just started is not yet
     * pinned: a reading is taken again until all keep to it.
     */
    private Set<String> jobCpus(Process process, String cpu) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        Set<String> seen = Set.of();
        while (System.nanoTime() < end && !seen.equals(Set.of(cpu))) {
            Optional<Long> engine = ChildProcesses.engineOf(process.pid(), target());
            Set<String> cpus = engine.map(RunCpusAllowedTest::jobThreadCpus).orElse(Set.of());
            seen = cpus.isEmpty() ? seen : cpus;
            Thread.sleep(20);  // polling /proc for the jobs' threads: there is no event to wait on
        }
        return seen;
    }

    private static Set<String> jobThreadCpus(long pid) {
        Set<String> cpus = new TreeSet<>();
        try (var tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks.toList()) {
                if (task.getFileName().toString().equals(Long.toString(pid))
                        || Files.readString(task.resolve("comm")).startsWith("iou-")) {
                    continue;
                }
                Files.readAllLines(task.resolve("status")).stream().filter(l -> l.startsWith("Cpus_allowed_list:"))
                        .forEach(l -> cpus.add(l.substring("Cpus_allowed_list:".length()).strip()));
            }
        } catch (IOException | java.io.UncheckedIOException gone) {
            return Set.of();  // the point ended while we looked: the next one is read
        }
        return cpus;
    }

    @Test
    void aPinnedRunKeepsItsCpuForEveryPointThroughAKillAndAResume() throws Exception {
        String cpu = lastCpu();
        Process run = drivelab("run", "--db", db().toString(), "--target", target(), "--size", "32M", "--preset",
                "quick", "--runtime", "1", "--ramp", "0", "--idle", "0", "--cpus-allowed", cpu);
        RunCommandTest.awaitPointsStored(run, 2);
        assertEquals(Set.of(cpu), jobCpus(run, cpu), "the run's jobs keep to the CPU given");
        run.destroyForcibly();
        assertTrue(run.waitFor(10, TimeUnit.SECONDS));

        try (Store store = Store.open(db())) {
            assertEquals(cpu, store.getRun(1).orElseThrow().cpusAllowed());
        }
        var show = CommandLineTest.drivelab(List.of(), "show", "1", "--db", db().toString());
        assertTrue(show.stdout().contains("CPUs:     " + cpu + " (--cpus-allowed)"), show.stdout());

        // resumed without being told again: the engine it starts keeps to the same CPU
        Process resume = drivelab("resume", "1", "--db", db().toString());
        RunCommandTest.awaitPointsStored(resume, 1);
        assertEquals(Set.of(cpu), jobCpus(resume, cpu), "the resumed run's jobs keep to the run's CPU");
        assertTrue(resume.waitFor(120, TimeUnit.SECONDS), "the resumed run did not end");
        assertEquals(0, resume.exitValue());
        try (Store store = Store.open(db())) {
            assertEquals(RunStatus.COMPLETE, store.getRun(1).orElseThrow().status());
            assertTrue(store.listPoints(1).stream().allMatch(p -> p.point().status() == PointStatus.COMPLETE));
            assertEquals(16, store.listPoints(1).size());
        }
    }

    @Test
    void listsThatAreNotCpusOfThisMachineAreRefusedByNameBeforeAnythingRuns() {
        for (String bad : new String[] {"a", "1-", "9999", ""}) {
            Cli.Result r = Cli.run("run", "--db", db().toString(), "--target", target(), "--size", "16M",
                    "--preset", "quick", "--cpus-allowed", bad);

            assertEquals(2, r.exitCode(), r.toString());
            assertTrue(r.err().contains("--cpus-allowed \"" + bad + "\": "), r.toString());
            assertTrue(r.err().contains(bad.equals("9999") ? "CPU 9999 (of 9999) is offline or not one this "
                    + "process may use" : "give CPU numbers such as 1, 0-3 or 0,2"), r.toString());
            assertFalse(Files.exists(Path.of(target())), "nothing ran: " + r);
            assertFalse(Files.exists(db()), "no run was filed: " + r);
        }
    }

    @Test
    void withAHostTheCpusAreTheOtherMachinesAndAreRefused() {
        Cli.Result r = Cli.run("run", "--db", db().toString(), "--host", "lab2", "--target", "/tmp/x.img",
                "--preset", "quick", "--cpus-allowed", "0");

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("--cpus-allowed 0 with --host: the CPUs are the other machine's, which this "
                + "one cannot check"), r.toString());
        assertFalse(Files.exists(db()), "no run was filed: " + r);
    }

    @Test
    void aResumeWhereTheRunsCpuIsGoneIsRefusedByNumberAndTheRunIsLeftAsItWas() {
        TestPlan plan = Presets.get("quick");
        try (Store store = Store.open(db())) {
            store.createRun(new NewRun("pinned elsewhere", PlanFiles.toJson(plan), plan.name(), target(), "file",
                    null, "lab1", "0.1.0", plan.points().size()).keptTo("9999"), RunnerProcess.current());
            store.updateRunStatus(1, RunStatus.INTERRUPTED, "stopped by the user");
        }

        Cli.Result r = Cli.run("resume", "1", "--db", db().toString());

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("run 1 keeps to CPUs 9999, chosen when it began, but here CPU 9999 (of 9999) "
                + "is offline or not one this process may use"), r.toString());
        try (Store store = Store.open(db())) {
            assertEquals(RunStatus.INTERRUPTED, store.getRun(1).orElseThrow().status());
            assertEquals("stopped by the user", store.getRun(1).orElseThrow().error());
        }
        assertFalse(Files.exists(Path.of(target())), "nothing ran");
    }
}
