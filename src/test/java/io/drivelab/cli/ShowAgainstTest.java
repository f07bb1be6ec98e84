package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.drivelab.store.NewRun;
import io.drivelab.store.RunnerProcess;
import io.drivelab.store.Store;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.TestPlan;

/** {@code drivelab show RUN --against RUN2}: two runs' points side by side, matched by key, with their ratio. */
class ShowAgainstTest {
    @TempDir
    Path dir;

    private String db() {
        return dir.resolve("drivelab.db").toString();
    }

    private static long fioRun(Store store, TestPlan plan) {
        return store.createRun(new NewRun("cross-check", PlanFiles.toJson(plan), plan.name(), "/tmp/x.img", "file",
                null, "lab1", "fio-3.33"), RunnerProcess.current());
    }

    /** Run 1 by DriveLab's engine (points 0 and 10), run 2 by fio (points 0 at half the IOPS, 10 equal, 8). */
    private void twoRuns() {
        try (Store store = Store.open(Path.of(db()))) {
            TestPlan quick = StoredRuns.quick();
            long engine = StoredRuns.createRun(store, "nightly", quick, "/tmp/x.img");
            StoredRuns.savePoint(store, engine, quick, 0, StoredRuns.SEQWRITE_128K);
            StoredRuns.savePoint(store, engine, quick, 10, StoredRuns.RANDREAD_4K);
            long fio = fioRun(store, quick);
            StoredRuns.savePoint(store, fio, quick, 0, StoredRuns.SEQWRITE_128K.replace("\"iops\":8000.0",
                    "\"iops\":4000.0"));
            StoredRuns.savePoint(store, fio, quick, 10, StoredRuns.RANDREAD_4K);
            StoredRuns.savePoint(store, fio, quick, 8, StoredRuns.RANDREAD_4K);
        }
    }

    private static String row(Cli.Result result, String key) {
        return result.lines().stream().filter(l -> l.startsWith(key + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + key + " in\n" + result));
    }

    @Test
    void eachCommonPointShowsBothFiguresAndTheirRatio() {
        twoRuns();

        Cli.Result result = Cli.run("show", "--db", db(), "1", "--against", "2");

        assertEquals(0, result.exitCode(), result.toString());
        assertEquals(List.of("01-write-128k-qd1-j1", "write", "8000", "4000", "2.00", "3990.0", "3990.0"),
                List.of(row(result, "01-write-128k-qd1-j1").split("\\s+")));
        assertEquals(List.of("03-randread-4k-qd32-j1", "read", "100001", "100001", "1.00", "318.0", "318.0"),
                List.of(row(result, "03-randread-4k-qd32-j1").split("\\s+")));
        assertTrue(result.lines().contains("Median ratio (run 1 / run 2 IOPS): 1.50 over 2 point directions"),
                result.out());
    }

    @Test
    void theEnginesThatMeasuredEachRunAreNamed() {
        twoRuns();

        Cli.Result result = Cli.run("show", "--db", db(), "1", "--against", "2");

        assertTrue(result.lines().contains("Engines:  run 1 measured by DriveLab's engine 0.1.0, run 2 measured by "
                + "fio-3.33"), result.out());
    }

    @Test
    void aPointWithoutAPartnerIsNamed() {
        twoRuns();

        Cli.Result result = Cli.run("show", "--db", db(), "1", "--against", "2");

        assertTrue(result.lines().contains("Only in run 2 (no partner in run 1): 03-randread-4k-qd1-j1"),
                result.out());
    }

    @Test
    void runsWithNoCommonPointAreRefusedSayingWhy() {
        try (Store store = Store.open(Path.of(db()))) {
            TestPlan quick = StoredRuns.quick();
            StoredRuns.savePoint(store, StoredRuns.createRun(store, "nightly", quick, "/tmp/x.img"), quick, 0,
                    StoredRuns.SEQWRITE_128K);
            TestPlan mixed = StoredRuns.mixedPlan();
            StoredRuns.savePoint(store, fioRun(store, mixed), mixed, 0, StoredRuns.RANDRW_4K_70);
        }

        Cli.Result result = Cli.run("show", "--db", db(), "1", "--against", "2");

        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("runs 1 and 2 have no point in common")
                && result.err().contains("run 1 is plan quick, run 2 plan mixed-check"), result.err());
    }

    @Test
    void anUnknownRunToCompareWithIsNamed() {
        twoRuns();

        Cli.Result result = Cli.run("show", "--db", db(), "1", "--against", "9");

        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("no run 9"), result.err());
    }
}
