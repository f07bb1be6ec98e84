package io.drivelab.fio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

import io.drivelab.IntegrationTest;
import io.drivelab.engine.EngineException;
import io.drivelab.engine.EngineListener;
import io.drivelab.engine.IntervalEvent;
import io.drivelab.engine.ResultEvent;
import io.drivelab.engine.StartEvent;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.Point;
import io.drivelab.workload.Rw;
import io.drivelab.workload.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A remote host's figures as they come, through the relay fio's client talks to; fio servers on 127.0.0.1. */
@IntegrationTest
@Timeout(180)
class FioLiveHostTest {
    private static final long M = 1024 * 1024;

    @TempDir
    Path dir;

    private static Point randread(int runtime) {
        return new Point("p1", 1, new Workload("4K random read", Rw.RANDREAD, 4096L, null, null), 4, 1, runtime, 0,
                32 * M, null, null, null, 1, Matrix.Keep.BEST);
    }

    /** An interval and when it arrived. */
    private record Arrived(IntervalEvent interval, long nanos) {
    }

    @Test
    void aHostsFiguresArriveLiveAboutOnceASecondBeforeItsResult() throws Exception {
        FioBinary fio = FioProcessTest.fio();
        try (FioServers servers = new FioServers()) {
            FioHost host = servers.start(fio, dir.resolve("a.log"));
            List<Arrived> live = new CopyOnWriteArrayList<>();
            ResultEvent r;
            long resultNanos;
            try (FioProcess p = FioProcess.start(fio, randread(6), dir.resolve("a.img").toString(), host,
                    EngineListener.NONE, i -> live.add(new Arrived(i, System.nanoTime())))) {
                r = p.awaitResult();
                resultNanos = System.nanoTime();
            }
            // the stored seconds come with fio's report at the end; a live figure a second or more before it
            // came while the point ran
            List<Arrived> early = live.stream().filter(a -> a.interval().read().iops() > 0
                    && resultNanos - a.nanos() >= TimeUnit.SECONDS.toNanos(1)).toList();
            assertTrue(early.size() >= 3, "live figures during the 6 s: " + live);
            assertTrue(live.stream().allMatch(a -> a.interval().write().iops() == 0), "a read point writes nothing");
            double mean = early.stream().mapToDouble(a -> a.interval().read().iops()).average().orElseThrow();
            assertEquals(1.0, mean / r.read().iops(), 0.5, "the live IOPS are the point's: " + live + " vs "
                    + r.read().iops());
            for (int k = 1; k < live.size(); k++) {
                assertTrue(live.get(k).interval().tMs() > live.get(k - 1).interval().tMs(), "in time order");
            }
        }
    }

    @Test
    void throughTheRelayTheServerIsNamedItsVersionCheckedAndItsReportComesWhole() throws Exception {
        FioBinary fio = FioProcessTest.fio();
        try (FioServers servers = new FioServers()) {
            FioHost host = servers.start(fio, dir.resolve("a.log"));
            List<String> diagnostics = new CopyOnWriteArrayList<>();
            StartEvent[] started = {null};
            EngineListener listener = new EngineListener() {
                @Override
                public void onStart(StartEvent start) {
                    started[0] = start;
                }

                @Override
                public void onDiagnostic(String line) {
                    diagnostics.add(line);
                }
            };
            ResultEvent r;
            try (FioProcess p = FioProcess.start(fio, randread(1), dir.resolve("a.img").toString(), host, listener)) {
                r = p.awaitResult();
            }
            String thisMachine = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
            assertTrue(diagnostics.stream().anyMatch(l -> l.equals("fio server " + host + ": hostname=" + thisMachine + ", fio="
                    + fio.version().text())), "the server's own hello: " + diagnostics);
            assertTrue(started[0].argv().contains("--client=" + host.host() + "," + host.port()),
                    "the command names the host, not the relay: " + started[0].argv());
            assertFalse(r.partial());
            assertFalse(r.histogram().read().isEmpty(), "the json+ histogram (many fragments) came through whole");
            assertEquals(1.0, r.read().ios() / (r.read().iops() * r.runtimeMs() / 1000.0), 0.02);

            // the client's version as DriveLab knows it differs from the server's: refused, naming both
            FioBinary older = new FioBinary(fio.path(), new FioVersion(3, 1, "fio-3.1"));
            EngineException refused = assertThrows(EngineException.class, () -> {
                try (FioProcess p = FioProcess.start(older, randread(30), dir.resolve("a.img").toString(), host,
                        EngineListener.NONE)) {
                    p.awaitResult();
                }
            });
            assertTrue(refused.getMessage().contains("fio server on " + host + " is " + fio.version().text()),
                    refused.getMessage());
        }
    }

    @Test
    void aKilledServerFailsThePointNamingTheHostAndLeavesNoRelayBehind() throws Exception {
        FioBinary fio = FioProcessTest.fio();
        Set<String> listeningBefore = listeningSockets();
        try (FioServers servers = new FioServers()) {
            FioHost host = servers.start(fio, dir.resolve("a.log"));
            CountDownLatch running = new CountDownLatch(2);
            Consumer<IntervalEvent> live = i -> {
                if (i.read().iops() > 0) {
                    running.countDown();
                }
            };
            CompletableFuture<Throwable> failed = CompletableFuture.supplyAsync(() -> {
                try (FioProcess p = FioProcess.start(fio, randread(120), dir.resolve("a.img").toString(), host,
                        EngineListener.NONE, live)) {
                    p.awaitResult();
                    return null;
                } catch (EngineException e) {
                    return e;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return e;
                }
            });
            assertTrue(running.await(60, TimeUnit.SECONDS), "the point runs on the host");
            assertFalse(relayThreads().isEmpty(), "its relay runs meanwhile");
            servers.kill(0);
            Throwable failure = failed.get(100, TimeUnit.SECONDS);
            assertTrue(failure instanceof EngineException && failure.getMessage().contains(host.toString()),
                    String.valueOf(failure));
        }
        assertEquals(List.of(), relayThreads(), "the relay's threads ended with the point");
        assertEquals(listeningBefore, listeningSockets(), "nothing of this JVM listens any more");
    }

    @Test
    void aHostThatCannotBeReachedFailsThePointSayingSo() throws Exception {
        FioBinary fio = FioProcessTest.fio();
        int closed;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = free.getLocalPort();
        }
        FioHost nobody = new FioHost("127.0.0.1", closed);
        EngineException failed = assertThrows(EngineException.class, () -> {
            try (FioProcess p = FioProcess.start(fio, randread(5), dir.resolve("a.img").toString(), nobody,
                    EngineListener.NONE)) {
                p.awaitResult();
            }
        });
        assertTrue(failed.getMessage().startsWith("fio server " + nobody + ": cannot connect to " + nobody
                + ": Connection refused"), failed.getMessage());
        assertEquals(List.of(), relayThreads());
    }

    private static List<String> relayThreads() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(n -> n.startsWith(FioRelay.THREAD_PREFIX)).toList();
    }

    /** The inodes of the TCP sockets this JVM listens on (state 0A in /proc/net/tcp and tcp6). */
    private static Set<String> listeningSockets() throws IOException {
        Set<String> mine = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String link = Files.readSymbolicLink(fd).toString();
                    if (link.startsWith("socket:[")) {
                        mine.add(link.substring(8, link.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // a descriptor closed while listed
                }
            }
        }
        Set<String> listening = new HashSet<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            for (String line : Files.readAllLines(Path.of(table))) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 9 && f[3].equals("0A") && mine.contains(f[9])) {
                    listening.add(f[9]);
                }
            }
        }
        return listening;
    }
}
