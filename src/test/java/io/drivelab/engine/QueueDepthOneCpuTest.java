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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An io_uring job at queue depth 1 keeps to one CPU, which the kernel worker it hands I/O to takes too, so that an
 * I/O does not wake an idle CPU twice (issue 10, item 18; docs/engine.md "QD1 latency"); deeper queues are left to
 * the scheduler.
 */
@IntegrationTest
@Timeout(60)
class QueueDepthOneCpuTest {
    @TempDir
    Path dir;

    /** A thread of the engine: its name and the CPUs it may run on. */
    private record EngineThread(boolean main, String name, String cpus) {
        boolean isJob() {
            return !main && !name.startsWith("iou-wrk");
        }

        boolean isWorker() {
            return name.startsWith("iou-wrk");
        }
    }

    /** The engine's threads once its jobs measure: every thread but the main one and io_uring's workers is a job. */
    private List<EngineThread> threadsWhileMeasuring(String... options) throws Exception {
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
            return threads;
        }
    }

    private static String cpusAllowed(Path task) throws IOException {
        return Files.readAllLines(task.resolve("status")).stream().filter(l -> l.startsWith("Cpus_allowed_list:"))
                .map(l -> l.substring("Cpus_allowed_list:".length()).strip()).findFirst().orElseThrow();
    }

    private static boolean oneCpu(String list) {
        return list.matches("\\d+");
    }

    @Test
    void aQueueDepthOneJobKeepsToOneCpuAndItsKernelWorkerToTheSame() throws Exception {
        List<EngineThread> threads = threadsWhileMeasuring("--iodepth=1");

        List<EngineThread> jobs = threads.stream().filter(EngineThread::isJob).toList();
        assertEquals(1, jobs.size(), threads.toString());
        String cpu = jobs.get(0).cpus();
        assertTrue(oneCpu(cpu), "the job may run on " + cpu);
        threads.stream().filter(EngineThread::isWorker).forEach(w -> assertEquals(cpu, w.cpus(), threads.toString()));
    }

    @Test
    void twoQueueDepthOneJobsKeepToTwoCpus() throws Exception {
        List<EngineThread> jobs = threadsWhileMeasuring("--iodepth=1", "--numjobs=2").stream()
                .filter(EngineThread::isJob).toList();

        assertEquals(2, jobs.size(), jobs.toString());
        assertTrue(oneCpu(jobs.get(0).cpus()) && oneCpu(jobs.get(1).cpus()), jobs.toString());
        assertNotEquals(jobs.get(0).cpus(), jobs.get(1).cpus(), "both jobs on one CPU: " + jobs);
    }

    @Test
    void aDeeperQueueIsLeftToTheScheduler() throws Exception {
        List<EngineThread> threads = threadsWhileMeasuring("--iodepth=2");

        String all = threads.stream().filter(EngineThread::main).findFirst().orElseThrow().cpus();
        assertTrue(!oneCpu(all), "the engine itself may run on " + all);
        threads.stream().filter(EngineThread::isJob).forEach(t -> assertEquals(all, t.cpus(), threads.toString()));
    }
}
