package io.drivelab.cli;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import io.drivelab.store.NewRun;
import io.drivelab.store.EngineLines;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.RunnerProcess;
import io.drivelab.store.Sample;
import io.drivelab.store.Store;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.Point;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;

/**
 * Runs and points stored through the Store API, with engine result lines in the documented format
 * (docs/engine.md), as the runner saves them.
 */
public final class StoredRuns {
    static final Instant T0 = Instant.parse("2026-01-02T10:00:00Z");

    /** 4k random read, QD32/1, 5 s: reads only. */
    static final String RANDREAD_4K = EngineLines.randread4k(5000, 500002);
    static final String SEQWRITE_128K = EngineLines.SEQWRITE_128K;
    static final String RANDRW_4K_70 = EngineLines.RANDRW_4K_70;

    /** A plan with one randrw 70/30 point, QD16/2. */
    static TestPlan mixedPlan() {
        return new TestPlan("mixed-check", "one 70/30 mix", Region.ofSize(1L << 30), List.of(
                new WorkloadStep(new Workload("4K 70/30 mix", Rw.RANDRW, 4096L, null, 70),
                        Matrix.single(16, 2, 5, 0, 0))));
    }

    /** A run of {@code plan} on {@code target}, started now by this process (so no start marks it interrupted). */
    static long createRun(Store store, String name, TestPlan plan, String target) {
        return store.createRun(new NewRun(name, PlanFiles.toJson(plan), plan.name(), target, "file", null,
                "lab1", "0.1.0"), RunnerProcess.current());
    }

    static PointMeta meta(Point p, int seq) {
        Workload w = p.workload();
        return new PointMeta(p.key(), seq, PointKind.MEASURE, w.name(), w.rw().value(), w.bs(),
                w.mix() == null ? null : w.mix().toEngineSpec(), w.rwmixread(), p.iodepth(), p.numjobs());
    }

    /** Saves the plan's point number {@code index} with the engine's result line. */
    static void savePoint(Store store, long runId, TestPlan plan, int index, String resultLine) {
        Point p = plan.points().get(index);
        Instant start = T0.plusSeconds(index * 6L);
        store.savePoint(runId, PointResult.fromEngineResult(meta(p, index), parse(resultLine), start,
                start.plusSeconds(6)), List.of());
    }

    static void saveFailedPoint(Store store, long runId, TestPlan plan, int index, String error) {
        Point p = plan.points().get(index);
        Instant start = T0.plusSeconds(index * 6L);
        store.savePoint(runId, PointResult.failed(meta(p, index), error, start, start.plusSeconds(1)),
                List.<Sample>of());
    }

    /** A database at {@code db} holding one complete run of three points (one failed); returns the run's id. */
    public static long completeRun(java.nio.file.Path db) {
        try (Store store = Store.open(db)) {
            TestPlan quick = quick();
            long runId = createRun(store, "nightly", quick, "/tmp/x.img");
            savePoint(store, runId, quick, 0, SEQWRITE_128K);
            savePoint(store, runId, quick, 10, RANDREAD_4K);
            saveFailedPoint(store, runId, quick, 11, "engine: cannot open /tmp/x.img");
            store.updateRunStatus(runId, io.drivelab.store.RunStatus.COMPLETE, null);
            return runId;
        }
    }

    /** The quick preset's plan. */
    static TestPlan quick() {
        return Presets.get(Presets.QUICK);
    }

    static JsonNode parse(String json) {
        return EngineLines.parse(json);
    }

    private StoredRuns() {
    }
}
