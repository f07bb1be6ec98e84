package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.drivelab.store.Drive;
import io.drivelab.store.NewRun;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.TestPlan;

class ShowCommandTest {

    @TempDir
    Path dir;
    String db;

    @BeforeEach
    void database() {
        db = dir.resolve("drivelab.db").toString();
    }

    /** The table's lines, from its header on. */
    static List<String> table(Cli.Result result) {
        List<String> lines = result.lines();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("WORKLOAD ") || lines.get(i).startsWith("KIND ")) {
                return lines.subList(i, lines.size());
            }
        }
        throw new AssertionError("no table in\n" + result);
    }

    long quickRun() {
        try (Store store = Store.open(Path.of(db))) {
            TestPlan quick = StoredRuns.quick();
            long id = StoredRuns.createRun(store, "nightly", quick, "/tmp/x.img");
            StoredRuns.savePoint(store, id, quick, 0, StoredRuns.SEQWRITE_128K);
            StoredRuns.savePoint(store, id, quick, 10, StoredRuns.RANDREAD_4K);
            StoredRuns.saveFailedPoint(store, id, quick, 11, "engine: cannot open /tmp/x.img: Permission denied");
            store.updateRunStatus(id, RunStatus.FAILED, "point 03-randread-4k-qd32-j2 failed");
            return id;
        }
    }

    @Test
    void theHeaderSaysWhatWhereAndWhen() {
        long id = quickRun();

        Cli.Result result = Cli.run("show", "--db", db, String.valueOf(id));

        assertEquals(0, result.exitCode(), result.toString());
        List<String> lines = result.lines();
        assertEquals("Run 1: nightly", lines.get(0));
        assertTrue(lines.contains("Plan:     quick"), result.out());
        assertTrue(lines.contains("Target:   /tmp/x.img (file)"), result.out());
        assertTrue(lines.contains("Host:     lab1, engine 0.1.0"), result.out());
        assertTrue(lines.contains("Status:   failed, 2/16 measured points complete"), result.out());
        assertTrue(lines.contains("Error:    point 03-randread-4k-qd32-j2 failed"), result.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("Started:  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d")),
                result.out());
    }

    @Test
    void aStoppedRunSaysWhyItStoppedNotAnError() {
        long id = quickRun();
        try (Store store = Store.open(Path.of(db))) {
            store.updateRunStatus(id, RunStatus.INTERRUPTED, "stopped by the user");
        }

        Cli.Result result = Cli.run("show", "--db", db, String.valueOf(id));

        assertTrue(result.lines().contains("Reason:   stopped by the user"), result.out());
        assertTrue(result.lines().stream().noneMatch(l -> l.startsWith("Error:")), result.out());
    }

    @Test
    void eachPointShowsItsFiguresInMicrosecondsAndMegabytes() {
        long id = quickRun();

        List<String> table = table(Cli.run("show", "--db", db, String.valueOf(id)));

        assertTrue(table.get(0).matches("WORKLOAD +RW +BS +QD +JOBS +DIR +IOPS +MB/S +MEAN µs +P99 µs +STATUS"),
                table.get(0));
        // 1048576000 B/s = 1048.6 MB/s; 3990000.5 ns mean = 3990.0 µs; p99 6100000 ns = 6100.0 µs.
        assertTrue(table.get(1).matches("128K sequential write +write +128k +1 +1 +write +8000 +1048\\.6 +3990\\.0 "
                + "+6100\\.0 +complete"), table.get(1));
        assertTrue(table.get(2).matches("4K random read +randread +4k +32 +1 +read +100001 +409\\.6 +318\\.0 "
                + "+520\\.0 +complete"), table.get(2));
    }

    @Test
    void aFailedPointIsListedWithoutFiguresAndItsErrorBelow() {
        long id = quickRun();

        Cli.Result result = Cli.run("show", "--db", db, String.valueOf(id));

        List<String> table = table(result);
        assertTrue(table.get(3).matches("4K random read +randread +4k +32 +2 +- +- +- +- +- +failed"),
                table.get(3));
        assertEquals("Point 03-randread-4k-qd32-j2: engine: cannot open /tmp/x.img: Permission denied",
                table.get(4));
    }

    @Test
    void aPointThatReadAndWroteHasALinePerDirection() {
        long id;
        try (Store store = Store.open(Path.of(db))) {
            TestPlan mixed = StoredRuns.mixedPlan();
            id = StoredRuns.createRun(store, "mix", mixed, "/tmp/x.img");
            StoredRuns.savePoint(store, id, mixed, 0, StoredRuns.RANDRW_4K_70);
        }

        List<String> table = table(Cli.run("show", "--db", db, String.valueOf(id)));

        assertEquals(3, table.size(), table.toString());
        assertTrue(table.get(1).matches("4K 70/30 mix +randrw 70% read +4k +16 +2 +read +42000 +172\\.0 +520\\.0 "
                + "+1400\\.0 +complete"), table.get(1));
        assertTrue(table.get(2).matches("4K 70/30 mix +randrw 70% read +4k +16 +2 +write +18000 +73\\.7 +610\\.0 "
                + "+1700\\.0 +complete"), table.get(2));
    }

    @Test
    void preconditionsAreListedInPlanOrderWithTheirKind() {
        long id = quickRun();
        try (Store store = Store.open(Path.of(db))) {
            Instant t = StoredRuns.T0;
            store.savePoint(id, PointResult.fromEngineResult(new PointMeta("00-fill-128k-qd256-j1", -1,
                    PointKind.PRECONDITION, "fill", "write", 131072L, null, null, 256, 1),
                    StoredRuns.parse(StoredRuns.SEQWRITE_128K), t, t.plusSeconds(5)), List.of());
        }

        List<String> table = table(Cli.run("show", "--db", db, String.valueOf(id)));

        assertTrue(table.get(0).startsWith("KIND          WORKLOAD "), table.get(0));
        assertTrue(table.get(1).matches("precondition  fill +write +128k +256 +1 +write +8000 .*"), table.get(1));
        assertTrue(table.get(2).startsWith("measure       128K sequential write "), table.get(2));
    }

    @Test
    void theDriveIsNamedWhenTheRunHasOne() {
        long id;
        try (Store store = Store.open(Path.of(db))) {
            Drive drive = store.createDrive("Samsung SSD 980 PRO 1TB", "S5GXNX0T123456X", "5B2QGXA7",
                    1000204886016L);
            id = store.createRun(new NewRun("on the drive", PlanFiles.toJson(StoredRuns.quick()), "quick",
                    "/dev/nvme0n1", "block", drive.id(), "lab1", "0.1.0"));
        }

        Cli.Result result = Cli.run("show", "--db", db, String.valueOf(id));

        assertTrue(result.lines().contains("Drive:    Samsung SSD 980 PRO 1TB, serial S5GXNX0T123456X, firmware "
                + "5B2QGXA7, 1.00 TB"), result.out());
        assertTrue(result.out().endsWith("No points measured yet.\n"), result.out());
    }

    @Test
    void anUnknownRunExits2NamingTheDatabase() {
        quickRun();

        Cli.Result result = Cli.run("show", "--db", db, "42");

        assertEquals(2, result.exitCode(), result.toString());
        assertEquals("drivelab: no run 42 in " + Path.of(db).toAbsolutePath() + " (`drivelab runs` lists them)\n",
                result.err());
    }

    @Test
    void aRunIdThatIsNotANumberIsAUsageError() {
        Cli.Result result = Cli.run("show", "--db", db, "nightly");

        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("Usage: drivelab show"), result.err());
    }

    @Test
    void findingsListTheSentencesOfTheReport() {
        long id = quickRun();
        Cli.Result result = Cli.run("show", "--db", db, "--findings", String.valueOf(id));
        try (Store store = Store.open(Path.of(db))) {
            List<String> sentences = io.drivelab.report.Reports.findings(store, id, io.drivelab.report.LibraryCurves
                    .of(io.drivelab.reference.ReferenceStore.load(store))).stream()
                    .map(io.drivelab.findings.Finding::sentence).toList();
            assertTrue(!sentences.isEmpty());
            List<String> lines = result.lines();
            assertEquals(sentences, lines.subList(lines.indexOf("Findings:") + 1, lines.size()).stream()
                    .map(l -> l.substring(2)).toList(), result.toString());
        }
    }

    @Test
    void aTerminalThatCannotWriteTheSymbolsGetsThemInPlainText() throws Exception {
        // LANG=C (ssh to a server, cron): "4K random read QD1 ? 1 job: 47.0 ?s, 1.3? lower than ..."
        long id = quickRun();
        try (Store store = Store.open(Path.of(db))) {
            store.renameRun(id, "nightly × 2 (µs)");
        }
        java.util.Map<String, String> posix = java.util.Map.of("LANG", "C", "LC_ALL", "C");
        CommandLineTest.Run findings = CommandLineTest.drivelab(posix, List.of(), "show", "--db", db, "--findings",
                String.valueOf(id));
        assertEquals(0, findings.exitCode(), findings.stderr());
        assertTrue(findings.stdout().contains("QD32 x 2 jobs") || findings.stdout().contains("QD1 x 1 job"),
                findings.stdout());
        assertTrue(!findings.stdout().contains("?"), findings.stdout());

        CommandLineTest.Run json = CommandLineTest.drivelab(posix, List.of(), "runs", "--db", db, "--json");
        assertEquals(0, json.exitCode(), json.stderr());
        assertTrue(json.stdout().contains("nightly \\u00D7 2 (\\u00B5s)"), json.stdout());
        assertEquals("nightly × 2 (µs)", CliJson.mapper().readTree(json.stdout()).get(0).get("name").asText(),
                "the JSON, escaped, says what was stored");
    }
}
