package io.drivelab.fio;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.IntegrationTest;
import io.drivelab.engine.EngineException;
import io.drivelab.engine.EngineListener;
import io.drivelab.engine.ResultEvent;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.Point;
import io.drivelab.workload.Rw;
import io.drivelab.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Points measured on two fio servers on loopback ports, each with its own file; traffic only on 127.0.0.1. */
@IntegrationTest
@Timeout(180)
class FioRemoteHostsTest {
    private static final long M = 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static Point randread(int runtime) {
        return new Point("p1", 1, new Workload("4K random read", Rw.RANDREAD, 4096L, null, null), 4, 1, runtime, 0,
                32 * M, null, null, null, 1, Matrix.Keep.BEST);
    }

    /** One point on a host, on its own thread; the result or the failure. */
    private CompletableFuture<ResultEvent> measure(FioBinary fio, Point point, Path file, FioHost host) {
        return CompletableFuture.supplyAsync(() -> {
            try (FioProcess p = FioProcess.start(fio, point, file.toString(), host, EngineListener.NONE)) {
                return p.awaitResult();
            } catch (EngineException e) {
                throw new IllegalStateException(e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        });
    }

    @Test
    void aPointRunsOnTwoHostsAtOnceEachOnItsOwnFile() throws Exception {
        FioBinary fio = FioProcessTest.fio();
        try (FioServers servers = new FioServers()) {
            FioHost a = servers.start(fio, dir.resolve("a.log"));
            FioHost b = servers.start(fio, dir.resolve("b.log"));
            var onA = measure(fio, randread(2), dir.resolve("a.img"), a);
            var onB = measure(fio, randread(2), dir.resolve("b.img"), b);
            for (ResultEvent r : new ResultEvent[] {onA.get(60, TimeUnit.SECONDS), onB.get(60, TimeUnit.SECONDS)}) {
                assertFalse(r.partial());
                assertTrue(r.read().ios() > 0);
                assertEquals("fio", JSON.readTree(r.rawJson()).path("engine").asText());
                assertFalse(r.histogram().read().isEmpty(), "the server's json+ histogram comes back");
                // fio's client lists every status report's running totals: the figures are the last one's alone
                double iosFromRate = r.read().iops() * r.runtimeMs() / 1000.0;
                assertEquals(1.0, r.read().ios() / iosFromRate, 0.02, "ios " + r.read().ios() + " at "
                        + r.read().iops() + " IOPS for " + r.runtimeMs() + " ms");
            }
            assertEquals(32 * M, Files.size(dir.resolve("a.img")), "each server laid out its own file");
            assertEquals(32 * M, Files.size(dir.resolve("b.img")));
        }
    }

    @Test
    void aHostsSecondsArriveAsIntervalsAtThePointsEndAndAddUpToItsResult() throws Exception {
        FioBinary fio = FioProcessTest.fio();
        try (FioServers servers = new FioServers()) {
            FioHost host = servers.start(fio, dir.resolve("a.log"));
            java.util.List<io.drivelab.engine.IntervalEvent> seconds = new java.util.concurrent.CopyOnWriteArrayList<>();
            Point point = new Point("p1", 1, new Workload("4K random read", Rw.RANDREAD, 4096L, null, null), 4, 1, 3,
                    1, 32 * M, null, null, null, 1, Matrix.Keep.BEST);
            ResultEvent r;
            try (FioProcess p = FioProcess.start(fio, point, dir.resolve("a.img").toString(), host,
                    new EngineListener() {
                        @Override
                        public void onInterval(io.drivelab.engine.IntervalEvent interval) {
                            seconds.add(interval);
                        }
                    })) {
                r = p.awaitResult();
            }
            java.util.List<io.drivelab.engine.IntervalEvent> measured = seconds.stream().filter(i -> !i.ramp())
                    .toList();
            assertTrue(measured.size() >= 2, "a second each of the 3 s measured: " + seconds);
            assertTrue(seconds.stream().anyMatch(io.drivelab.engine.IntervalEvent::ramp), "the ramp's second too");
            long ios = measured.stream().mapToLong(i -> i.read().ios()).sum();
            assertEquals(1.0, ios / (double) r.read().ios(), 0.05, "the measured seconds add up to the result: "
                    + measured);
            for (int k = 1; k < seconds.size(); k++) {
                assertTrue(seconds.get(k).tMs() > seconds.get(k - 1).tMs(), "in time order: " + seconds);
            }
        }
    }

    @Test
    void aHostThatStopsAnsweringFailsItsPointWithTheReasonAndTheOtherGoesOn() throws Exception {
        FioBinary fio = FioProcessTest.fio();
        try (FioServers servers = new FioServers()) {
            FioHost a = servers.start(fio, dir.resolve("a.log"));
            FioHost b = servers.start(fio, dir.resolve("b.log"));
            Path fileA = dir.resolve("a.img");
            var onA = measure(fio, randread(120), fileA, a);
            var onB = measure(fio, randread(3), dir.resolve("b.img"), b);
            FioServers.awaitLaidOut(fileA, 32 * M, onA);
            servers.freeze(0);  // its connection stays open: only silence tells
            Throwable failure = onA.handle((r, e) -> e).get(100, TimeUnit.SECONDS);
            assertTrue(failure != null, "the point on the frozen host fails");
            assertTrue(failure.getMessage().contains(a.toString())
                    && failure.getMessage().contains("stopped answering"), failure.getMessage());
            ResultEvent r = onB.get(60, TimeUnit.SECONDS);
            assertFalse(r.partial());
            assertTrue(r.read().ios() > 0);
        }
    }
}
