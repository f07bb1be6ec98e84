package io.drivelab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import io.drivelab.store.EngineLines;
import io.drivelab.store.NewRun;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.Point;
import io.drivelab.workload.Presets;
import io.drivelab.workload.TestPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CrystalDiskMark's grid of a stored crystaldiskmark run (a real database), filled as its points are measured. */
class CrystalSummaryTest {
    private static final Instant T = Instant.parse("2026-01-02T10:00:00Z");

    private static long runOf(Store store, TestPlan plan) {
        return store.createRun(new NewRun(plan.name() + " on /tmp/x.img", PlanFiles.toJson(plan), plan.name(),
                "/tmp/x.img", "file", null, "lab1", "0.1.0"));
    }

    /** RND4K Q1T1 read (the plan's 4th test, its reads) at 100,000 IOPS. */
    private static PointResult rnd4kQ1T1Read(TestPlan plan) {
        Point q1t1 = plan.points().stream().filter(p -> p.workload().name().equals("RND4K Q1T1 read"))
                .findFirst().orElseThrow();
        PointMeta meta = new PointMeta(q1t1.key(), 3, PointKind.MEASURE, q1t1.workload().name(), "randread",
                4096L, null, null, q1t1.iodepth(), q1t1.numjobs());
        return PointResult.fromEngineResult(meta, EngineLines.parse(EngineLines.randread4k(5000, 500_000)), T,
                T.plusSeconds(5));
    }

    @Test
    void aCrystalDiskMarkRunIsEightTilesInItsOwnOrder(@TempDir Path dir) {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            TestPlan plan = Presets.get(Presets.CRYSTALDISKMARK);
            long id = runOf(store, plan);
            store.savePoint(id, rnd4kQ1T1Read(plan), List.of());
            CrystalSummary grid = Reports.crystalSummaries(store, List.of(id)).get(0);
            assertEquals(List.of("SEQ1M Q8T1", "SEQ128K Q32T1", "RND4K Q32T16", "RND4K Q1T1"),
                    grid.rows().stream().map(CrystalSummary.Row::test).toList());
            CrystalSummary.Tile read = grid.rows().get(3).read();
            assertEquals(100_000, read.iops(), 1);
            assertEquals(Numbers.figure(100_000 * 4096 / 1e6) + " MB/s", read.headline());
            assertTrue(read.detail().startsWith(Numbers.figure(100_000) + " IOPS · "), read.detail());
            assertEquals("-", grid.rows().get(3).write().headline());
            assertEquals("-", grid.rows().get(0).read().headline());
        }
    }

    @Test
    void aTestStoppedPartWayIsSaidPartialUntilAResumeMeasuresItAgain(@TempDir Path dir) {
        // a stopped run's RND4K Q32T16 tile showed its partial figures as the test's, with nothing to tell
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            TestPlan plan = Presets.get(Presets.CRYSTALDISKMARK);
            long id = runOf(store, plan);
            PointResult measured = rnd4kQ1T1Read(plan);
            PointResult stopped = measured.withStatus(PointStatus.PARTIAL, "stopped");
            store.savePoint(id, stopped, List.of());
            CrystalSummary.Tile read = Reports.crystalSummaries(store, List.of(id)).get(0).rows().get(3).read();
            assertTrue(read.partial());
            assertTrue(read.detail().startsWith("partial · "), read.detail());

            store.savePoint(id, measured, List.of());  // the resume's
            read = Reports.crystalSummaries(store, List.of(id)).get(0).rows().get(3).read();
            assertFalse(read.partial());
            assertTrue(read.detail().startsWith(Numbers.figure(100_000) + " IOPS · "), read.detail());
        }
    }

    @Test
    void aRunOfAnotherPlanHasNoGrid(@TempDir Path dir) {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            long id = runOf(store, Presets.get(Presets.QUICK));
            assertEquals(List.of(), Reports.crystalSummaries(store, List.of(id)));
        }
    }
}
