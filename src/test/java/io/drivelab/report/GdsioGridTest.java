package io.drivelab.report;

import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.Point;
import io.drivelab.workload.PointKinds;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Region;
import io.drivelab.workload.Step;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadKind;
import io.drivelab.workload.WorkloadStep;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A GDSIO sweep's points as the reviews chart them: a line per direction and block size, threads across. */
class GdsioGridTest {

    private static StoredPoint point(String rw, long bs, int threads, double gib) {
        return point(rw, bs, threads, gib, "k" + rw + bs + threads);
    }

    private static StoredPoint point(String rw, long bs, int threads, double gib, String key) {
        PointMeta meta = new PointMeta(key, 1, PointKind.MEASURE, "w", rw, bs, null, null, 1,
                threads);
        DirectionResult d = new DirectionResult(gib * GdsioGrid.GIB / bs, Math.round(gib * GdsioGrid.GIB), 50_000.0,
                null, null, null);
        return new StoredPoint(1, 1, new PointResult(meta, PointStatus.COMPLETE, 1000L, rw.equals("read") ? d : null,
                rw.equals("write") ? d : null, null, List.of(), null, Instant.EPOCH, Instant.EPOCH));
    }

    @Test
    void eachDirectionAndBlockSizeIsOneLineInGibPerSecond() {
        List<GdsioGrid.Series> series = GdsioGrid.series(List.of(point("write", 16384, 2, 1.0),
                point("write", 16384, 1, 0.5), point("read", 16384, 1, 3.7), point("read", 1 << 20, 128, 5.91)));

        assertEquals(3, series.size());
        GdsioGrid.Series write16k = series.get(0);
        assertEquals(List.of(1, 2), write16k.cells().stream().map(GdsioGrid.Cell::threads).toList());
        assertEquals(0.5, write16k.cells().get(0).gibPerS(), 1e-9);
        assertEquals(50.0, write16k.cells().get(0).meanUs());
        assertEquals(List.of(1, 2, 128), GdsioGrid.threads(series));
    }

    @Test
    void aRenamedSweepIsStillChartedAsOneInTheReport() {
        TestPlan preset = Presets.get(Presets.GDSIO_SWEEP);
        List<Step> steps = preset.steps().stream().map(s -> s instanceof WorkloadStep ws
                ? (Step) new WorkloadStep(Workload.of("big " + ws.workload().rw().value(), ws.workload().rw(),
                ws.workload().bs()), ws.matrix(), ws.kind()) : s).toList();
        String stored = PlanFiles.toJson(new TestPlan("my-sweep", "", Region.WHOLE, steps, null));
        Point first = PlanFiles.fromJson(stored, null).points().get(0);
        StoredPoint measured = point(first.workload().rw().value(), first.workload().bs(), first.numjobs(), 1.0,
                first.key());

        List<GdsioGrid.Series> sweep = GdsioGrid.sweep(List.of(measured), PointKinds.ofPlanJson(stored));

        assertEquals(1, sweep.size(), "the plan says GDSIO sweep; its name no longer does");
        assertEquals(List.of(), GdsioGrid.sweep(List.of(measured), PointKinds.NONE));
    }

    @Test
    void anOlderGdsioPlanWithoutKindsIsReadAsASweep() {
        String stored = PlanFiles.toJson(Presets.get(Presets.GDSIO_SWEEP)).replace("\"kind\" : \"gdsio-sweep\",", "");
        assertTrue(!stored.contains("\"kind\""), stored);
        Point first = PlanFiles.fromJson(stored, null).points().get(0);
        assertEquals(WorkloadKind.GDSIO_SWEEP, PointKinds.ofPlanJson(stored).kindOf(first.key()));
    }
}
