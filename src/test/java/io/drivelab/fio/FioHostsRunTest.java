package io.drivelab.fio;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.drivelab.IntegrationTest;
import io.drivelab.store.RunGroup;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code drivelab run --host A --target F1 --host B --target F2}: the plan on two fio servers on loopback ports,
 * point by point in step, a run per host in one group. Traffic only on 127.0.0.1.
 */
@IntegrationTest
@Timeout(300)
class FioHostsRunTest {
    private static final long M = 1024 * 1024;

    @TempDir
    Path dir;

    private String[] run(Path db, FioHost a, FioHost b) {
        return new String[] {"run", "--db", db.toString(), "--host", a.toString(), "--target",
                dir.resolve("a.img").toString(), "--host", b.toString(), "--target", dir.resolve("b.img").toString(),
                "--preset", "quick", "--size", "32M", "--runtime", "1", "--ramp", "0", "--idle", "0"};
    }

    /** The fault cases need no 16 points: 4 (a write that lays the file out, then reads), a quarter of the time. */
    private static final int FAULT_PLAN_POINTS = 4;

    private String[] faultRun(Path db, FioHost a, FioHost b) throws java.io.IOException {
        Path plan = Files.writeString(dir.resolve("fault-plan.json"), """
                {"name": "two-hosts-fault", "target": {"size": "32m"},
                 "steps": [{"workload": {"rw": "write", "bs": "128k"},
                            "matrix": {"iodepths": [1, 4], "numjobs": [1], "runtime": 1}},
                           {"workload": {"rw": "randread", "bs": "4k"},
                            "matrix": {"iodepths": [1, 4], "numjobs": [1], "runtime": 1}}]}
                """);
        return new String[] {"run", "--db", db.toString(), "--host", a.toString(), "--target",
                dir.resolve("a.img").toString(), "--host", b.toString(), "--target", dir.resolve("b.img").toString(),
                "--plan", plan.toString(), "--ramp", "0", "--idle", "0"};
    }

    @Test
    void aWritePlanOnADeviceOfAnotherHostNeedsHostAndDeviceConfirmed() {
        FioProcessTest.fio();
        String db = dir.resolve("d.db").toString();
        String[] args = {"run", "--db", db, "--host", "127.0.0.1:9", "--target", "/dev/nvme9n9", "--preset", "quick"};
        var refused = FioEngineRunTest.drivelab(args);
        assertEquals(2, refused.exit(), refused.err());
        assertTrue(refused.err().contains("/dev/nvme9n9 on 127.0.0.1") && refused.err().contains("127.0.0.1:/dev/nvme9n9"),
                refused.err());
        var wrongDevice = FioEngineRunTest.drivelab("run", "--db", db, "--host", "127.0.0.1:9", "--target",
                "/dev/nvme9n9", "--preset", "quick", "--allow-destroy", "/dev/nvme9n9");
        assertEquals(2, wrongDevice.exit(), "the device alone does not say which machine's: " + wrongDevice.err());
    }

    @Test
    void twoHostsStoreTwoRunsInOneGroupAndTheCombinedExportSumsThem() throws Exception {
        FioBinary fio = FioProcessTest.fio();
        Path db = dir.resolve("d.db");
        try (FioServers servers = new FioServers()) {
            FioHost a = servers.start(fio, dir.resolve("a.log"));
            FioHost b = servers.start(fio, dir.resolve("b.log"));
            var ran = FioEngineRunTest.drivelab(run(db, a, b));
            assertEquals(0, ran.exit(), ran.err() + ran.out());
        }
        assertTwoRunsOf16PointsSummedByTheCombinedExport(db);
    }

    private static void assertTwoRunsOf16PointsSummedByTheCombinedExport(Path db) {
        try (Store store = Store.open(db)) {
            RunGroup group = store.findRunGroup(1).orElseThrow();
            assertEquals(2, group.runIds().size());
            for (long id : group.runIds()) {
                assertEquals(RunStatus.COMPLETE, store.getRun(id).orElseThrow().status());
                assertEquals(16, store.listPoints(id).size());
                assertEquals("remote", store.getRun(id).orElseThrow().targetKind());
            }
        }
        var export = FioEngineRunTest.drivelab("export", "1", "--combined", "--format", "csv", "--db", db.toString());
        assertEquals(0, export.exit(), export.err());
        assertEquals(17, export.out().strip().split("\n").length, "a header and 16 summed points: " + export.out());
        Map<String, Double> summed = iopsByPoint(export.out());
        Map<String, Double> one = iopsByPoint(FioEngineRunTest.drivelab("export", "1", "--format", "csv", "--db",
                db.toString()).out());
        Map<String, Double> two = iopsByPoint(FioEngineRunTest.drivelab("export", "2", "--format", "csv", "--db",
                db.toString()).out());
        assertEquals(16, summed.size());
        summed.forEach((point, iops) -> assertEquals(one.get(point) + two.get(point), iops, 1.0,
                point + ": the combined IOPS are the two hosts' summed"));
    }

    /**
     * The run's console showed both hosts as it went: each host's 16 measured points on lines of their own
     * ("[HOST...] point ... IOPS ... mean ... p99 ..."), the hosts in step (each host's first point shown before
     * the other's last), not one host after the other.
     */
    private static void assertBothHostsShownPointByPointDuringTheRun(String out) {
        Map<String, List<Integer>> pointLines = new java.util.LinkedHashMap<>();
        List<String> lines = List.of(out.split("\n"));
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("[") && line.contains("] ") && line.contains(" IOPS ") && line.contains(" p99 ")) {
                pointLines.computeIfAbsent(line.substring(0, line.indexOf("] ") + 1), k -> new ArrayList<>()).add(i);
            }
        }
        assertEquals(2, pointLines.size(), "a line of each host's points: " + out);
        List<List<Integer>> hosts = new ArrayList<>(pointLines.values());
        for (List<Integer> host : hosts) {
            assertEquals(16, host.size(), "each host's 16 points shown: " + out);
        }
        assertTrue(hosts.get(0).get(0) < hosts.get(1).get(15) && hosts.get(1).get(0) < hosts.get(0).get(15),
                "the two hosts shown in step: " + out);
    }

    /** The iops column of a CSV export, by point key. */
    private static Map<String, Double> iopsByPoint(String csv) {
        List<String> lines = List.of(csv.strip().split("\n"));
        List<String> header = List.of(lines.get(0).split(","));
        Map<String, Double> iops = new HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",");
            iops.put(cells[header.indexOf("point_key")], Double.parseDouble(cells[header.indexOf("iops")]));
        }
        return iops;
    }

    @Test
    void aKilledServerFailsItsRunTheOtherCompletesAndTheFailedOneResumes() throws Exception {
        faultOnTheFirstHostThenResume(servers -> servers.kill(0), "");
    }

    @Test
    void aHostThatStopsAnsweringFailsItsRunTheOtherCompletesAndTheFailedOneResumes() throws Exception {
        // a frozen machine keeps its connections open: only the silence tells
        faultOnTheFirstHostThenResume(servers -> {
            servers.freeze(0);
        }, "stopped answering");
    }

    @Test
    void withStopAllOnFailureAKilledServerStopsTheOtherHostsRunWhichResumes() throws Exception {
        Path db = dir.resolve("d.db");
        try (FioServers servers = new FioServers()) {
            FioHost a = strikeTheFirstHostMidRun(servers, db, s -> s.kill(0), "--stop-all-on-failure");
            try (Store store = Store.open(db)) {
                RunGroup group = store.findRunGroup(1).orElseThrow();
                var onA = store.getRun(group.runIds().get(0)).orElseThrow();
                var onB = store.getRun(group.runIds().get(1)).orElseThrow();
                assertEquals(RunStatus.FAILED, onA.status());
                assertTrue(onA.error().contains(a.toString()), onA.error());
                assertEquals(RunStatus.INTERRUPTED, onB.status(), "stopped with its group");
                assertTrue(onB.error().contains("stopped because run " + onA.id() + " on " + a), onB.error());
                assertTrue(completePoints(store, onB.id()) < FAULT_PLAN_POINTS, "B stopped before its last point");
            }
            var resumed = FioEngineRunTest.drivelab("resume", "2", "--db", db.toString());
            assertEquals(0, resumed.exit(), resumed.err() + resumed.out());
        }
        try (Store store = Store.open(db)) {
            assertEquals(RunStatus.COMPLETE, store.getRun(2).orElseThrow().status());
            assertEquals(FAULT_PLAN_POINTS, completePoints(store, 2));
        }
    }

    /**
     * Starts two servers and the fault plan on them, strikes the first once it has laid out its file, and waits for
     * the run to end (failed); returns the first host.
     */
    private FioHost strikeTheFirstHostMidRun(FioServers servers, Path db, Fault fault, String... options)
            throws Exception {
        FioBinary fio = FioProcessTest.fio();
        FioHost a = servers.start(fio, dir.resolve("a.log"));
        FioHost b = servers.start(fio, dir.resolve("b.log"));
        List<String> args = new java.util.ArrayList<>(List.of(faultRun(db, a, b)));
        args.addAll(List.of(options));
        var running = CompletableFuture.supplyAsync(() -> FioEngineRunTest.drivelab(args.toArray(String[]::new)));
        FioServers.awaitLaidOut(dir.resolve("a.img"), 32 * M, running);
        fault.strike(servers);
        var ran = running.get(240, TimeUnit.SECONDS);
        assertTrue(ran.exit() != 0, "a run of the group failed: " + ran.out());
        return a;
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }

    private static long completePoints(Store store, long runId) {
        return store.listPoints(runId).stream().filter(p -> p.point().status()
                == io.drivelab.store.PointStatus.COMPLETE).count();
    }

    private interface Fault {
        void strike(FioServers servers) throws Exception;
    }

    /** Runs the plan on two hosts, strikes the first mid-run, then brings it back and resumes its run. */
    private void faultOnTheFirstHostThenResume(Fault fault, String why) throws Exception {
        FioBinary fio = FioProcessTest.fio();
        Path db = dir.resolve("d.db");
        try (FioServers servers = new FioServers()) {
            FioHost a = strikeTheFirstHostMidRun(servers, db, fault);
            try (Store store = Store.open(db)) {
                RunGroup group = store.findRunGroup(1).orElseThrow();
                var onA = store.getRun(group.runIds().get(0)).orElseThrow();
                var onB = store.getRun(group.runIds().get(1)).orElseThrow();
                assertEquals(RunStatus.FAILED, onA.status());
                assertTrue(onA.error().contains(a.toString()) && onA.error().contains(why), onA.error());
                assertEquals(RunStatus.COMPLETE, onB.status(), onB.error());
                assertEquals(FAULT_PLAN_POINTS, store.listPoints(onB.id()).size());
            }
            // the host answers again (a new server on its port): the failed run resumes there
            servers.kill(0);
            FioHost again = servers.startOn(fio, a.port(), dir.resolve("a2.log"));
            assertEquals(a, again);
            var resumed = FioEngineRunTest.drivelab("resume", "1", "--db", db.toString());
            assertEquals(0, resumed.exit(), () -> resumed.err() + resumed.out() + "\nthe server's log before: "
                    + read(dir.resolve("a.log")) + "\nand now: " + read(dir.resolve("a2.log")));
        }
        try (Store store = Store.open(db)) {
            assertEquals(RunStatus.COMPLETE, store.getRun(1).orElseThrow().status());
            assertEquals(FAULT_PLAN_POINTS, completePoints(store, 1));
        }
    }

    /**
     * The case: two fio servers as two machines (network namespaces of their own), each with a 256 MiB
     * file; two runs of the quick preset's 16 points in one group, summed by the combined export.
     */
    @Test
    void twoHostsInNetworkNamespacesStoreTwoRunsInOneGroupAndTheCombinedExportSumsThem() throws Exception {
        FioBinary fio = FioProcessTest.fio();
        FioNamespaces.assumeAvailable();
        Path db = dir.resolve("d.db");
        try (FioNamespaces machines = new FioNamespaces()) {
            FioHost a = machines.start(fio, dir.resolve("a.log"));
            FioHost b = machines.start(fio, dir.resolve("b.log"));
            var ran = FioEngineRunTest.drivelab("run", "--db", db.toString(), "--host", a.toString(), "--target",
                    dir.resolve("f1.img").toString(), "--host", b.toString(), "--target",
                    dir.resolve("f2.img").toString(), "--preset", "quick", "--size", "256M", "--runtime", "1",
                    "--ramp", "0", "--idle", "0");
            assertEquals(0, ran.exit(), ran.err() + ran.out());
            assertBothHostsShownPointByPointDuringTheRun(ran.out());
        }
        assertEquals(256 * M, Files.size(dir.resolve("f1.img")), "each machine laid out its own file");
        assertEquals(256 * M, Files.size(dir.resolve("f2.img")));
        assertTwoRunsOf16PointsSummedByTheCombinedExport(db);
    }
}
