package io.drivelab.engine;

import io.drivelab.IntegrationTest;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --cpus_allowed} (fio's name; issue 10, item 18, docs/engine.md "QD1 latency"): every job keeps to the CPUs
 * given, and so do the io_uring kernel workers it hands I/O to; without it the scheduler places them.
 */
@IntegrationTest
@Timeout(60)
class CpusAllowedTest {
    @TempDir
    Path dir;

    /** A thread of the engine: its name and the CPUs it may run on. */
    private record EngineThread(boolean main, String name, String cpus) {
        boolean isJob() {
            return !main && !isWorker();
        }

        boolean isWorker() {
            return name.startsWith("iou-wrk");
        }
    }

    private record Measuring(List<EngineThread> threads) {
        List<EngineThread> jobs() {
            return threads.stream().filter(EngineThread::isJob).toList();
        }
    }

    /** The engine's threads once its jobs measure: every thread but the main one and io_uring's workers is a job. */
    private Measuring measuring(String... options) throws Exception {
        Assumptions.assumeTrue(Runtime.getRuntime().availableProcessors() >= 2, "one CPU: nothing to choose");
        List<String> args = new ArrayList<>(List.of("--filename=" + dir.resolve("f.img"), "--size=16m",
                "--rw=randread", "--bs=4k", "--runtime=10", "--status-interval=100", "--ioengine=io_uring"));
        args.addAll(List.of(options));
        CountDownLatch measuring = new CountDownLatch(1);
        try (EngineProcess engine = EngineProcess.start(RawEngine.binary(), args, new EngineListener() {
            @Override
            public void onInterval(IntervalEvent interval) {
                measuring.countDown();
            }
        })) {
            assertTrue(measuring.await(30, TimeUnit.SECONDS), "no interval line: " + engine.stderr());
            List<EngineThread> threads = new ArrayList<>();
            try (var tasks = Files.list(Path.of("/proc", Long.toString(engine.pid()), "task"))) {
                for (Path task : tasks.toList()) {
                    boolean main = task.getFileName().toString().equals(Long.toString(engine.pid()));
                    threads.add(new EngineThread(main, Files.readString(task.resolve("comm")).strip(),
                            cpusAllowed(task)));
                }
            }
            return new Measuring(threads);
        }
    }

    private static String cpusAllowed(Path task) throws IOException {
        return Files.readAllLines(task.resolve("status")).stream().filter(l -> l.startsWith("Cpus_allowed_list:"))
                .map(l -> l.substring("Cpus_allowed_list:".length()).strip()).findFirst().orElseThrow();
    }

    /** The last CPU this test may use: not CPU 0, which the scheduler would often pick anyway. */
    private static String lastCpu() throws IOException {
        String all = cpusAllowed(Path.of("/proc/self"));
        String last = all.substring(all.lastIndexOf(',') + 1);
        return last.substring(last.indexOf('-') + 1);
    }

    @Test
    void everyJobAndItsKernelWorkersKeepToTheCpusGiven() throws Exception {
        String cpu = lastCpu();
        Measuring m = measuring("--iodepth=4", "--numjobs=2", "--cpus_allowed=" + cpu);

        assertEquals(2, m.jobs().size(), m.threads().toString());
        m.jobs().forEach(job -> assertEquals(cpu, job.cpus(), m.threads().toString()));
        m.threads().stream().filter(EngineThread::isWorker)
                .forEach(worker -> assertEquals(cpu, worker.cpus(), m.threads().toString()));
    }

    @Test
    void withoutItTheSchedulerPlacesTheJobs() throws Exception {
        Measuring m = measuring("--iodepth=1");

        String all = m.threads().stream().filter(EngineThread::main).findFirst().orElseThrow().cpus();
        assertFalse(all.matches("\\d+"), "the engine itself may run on " + all);
        m.jobs().forEach(job -> assertEquals(all, job.cpus(), m.threads().toString()));
    }

    @Test
    void theStartLineRepeatsTheCpusGiven() throws Exception {
        String cpu = lastCpu();
        try (RawEngine engine = RawEngine.start(List.of("--filename=" + dir.resolve("f.img"), "--size=1m",
                "--io_size=64k", "--cpus_allowed=" + cpu))) {
            assertEquals(0, engine.exitWithin(20, "a 64 KiB read"), engine.stderr());
            assertEquals(cpu, engine.line("start").path("options").path("cpus_allowed").asText());
        }
    }

    @Test
    void aCpuThatIsNotThereIsRefusedByNumber() throws Exception {
        try (RawEngine engine = RawEngine.start(List.of("--filename=" + dir.resolve("f.img"), "--size=1m",
                "--cpus_allowed=0,1000"))) {
            assertEquals(2, engine.exitWithin(10, "a refusal"), engine.stdoutText());
            assertTrue(engine.line("error").path("message").asText().contains("--cpus_allowed=0,1000 names CPU 1000, which is offline"),
                    engine.stdoutText());
        }
    }
}
