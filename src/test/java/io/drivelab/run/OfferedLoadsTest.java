package io.drivelab.run;

import io.drivelab.store.DirectionResult;
import io.drivelab.store.NewRun;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Point;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An offered share of the peak, resolved against the peak stored for the run (a real SQLite file). */
class OfferedLoadsTest {
    private static final TestPlan PLAN = new TestPlan("load", "", Region.ofSize(1 << 25), List.of(
            WorkloadStep.underLoad(Workload.of(Rw.RANDREAD, 4096), Matrix.single(8, 2, 1, 0, 0), List.of(50))));

    @TempDir
    Path dir;
    Store store;
    long runId;

    @BeforeEach
    void open() {
        store = Store.open(dir.resolve("d.db"));
        runId = store.createRun(new NewRun("r", io.drivelab.workload.PlanFiles.toJson(PLAN), "load", "/tmp/x.img", "file", null, "host", "0.1.0"));
    }

    @AfterEach
    void close() {
        store.close();
    }

    private void storePeak(PointStatus status, double iops) {
        PointMeta meta = new PointMeta("01-randread-4k-qd8-j2-peak", 0, PointKind.MEASURE, "w", "randread", 4096L,
                null, null, 8, 2);
        DirectionResult read = new DirectionResult(iops, (long) iops * 4096, 100.0, 90L, 200L, 300L);
        store.savePoint(runId, new PointResult(meta, status, 1000L, read, null, "{}", List.of(), null,
                Instant.now(), Instant.now()), List.of());
    }

    private PlanItem load() {
        return PlanItem.measure(PLAN.points().get(1));
    }

    @Test
    void aLoadRunsAtItsShareOfTheStoredPeakSpreadOverTheJobs() {
        storePeak(PointStatus.COMPLETE, 10_000);

        Point resolved = new OfferedLoads(store, runId).resolve(load()).orElseThrow().point();
        assertEquals(2500, resolved.workload().rateIops(), "50 % of 10,000 IOPS over 2 jobs");
        assertTrue(resolved.toEngineArgs("/tmp/x.img").contains("--rate_iops=2500"));
    }

    @Test
    void aLoadWhosePeakWasHeldUpIsNotOfferedAndSaysToResume() {
        storePeak(PointStatus.PARTIAL, 10_000);

        assertTrue(new OfferedLoads(store, runId).resolve(load()).isEmpty());
        assertEquals("point 01-randread-4k-qd8-j2-load050 offers 50 % of the peak of point "
                + "01-randread-4k-qd8-j2-peak, which has no complete result; resume the run to measure the peak again",
                OfferedLoads.noPeak(load().point()));
    }

    @Test
    void aPointWithoutALoadIsMeasuredAsPlanned() {
        PlanItem peak = PlanItem.measure(PLAN.points().get(0));

        assertEquals(peak, new OfferedLoads(store, runId).resolve(peak).orElseThrow());
    }
}
