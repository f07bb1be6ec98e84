package io.drivelab.cli;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.drivelab.store.NewRun;
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
    private static final ObjectMapper JSON = new ObjectMapper();
    static final Instant T0 = Instant.parse("2026-01-02T10:00:00Z");

    /** 4k random read, QD32/1: reads only, the write direction did no I/O. */
    static final String RANDREAD_4K = """
            {"type":"result","partial":false,"runtime_ms":5000,
             "read":{"io_bytes":2048010240,"ios":500002,"iops":100000.5,"bw_bytes":409602048,
                     "lat_ns":{"min":12000,"max":950000,"mean":318000.25,"stddev":4200.5,
                               "percentiles":{"1":250000,"5":260000,"10":270000,"20":280000,"30":290000,
                                              "40":300000,"50":310000,"60":320000,"70":330000,"80":340000,
                                              "90":400000,"95":450000,"99":520000,"99.5":600000,"99.9":780000,
                                              "99.95":800000,"99.99":900000}}},
             "write":{"io_bytes":0,"ios":0,"iops":0,"bw_bytes":0,
                      "lat_ns":{"min":0,"max":0,"mean":0,"stddev":0,
                                "percentiles":{"1":0,"5":0,"10":0,"20":0,"30":0,"40":0,"50":0,"60":0,"70":0,
                                               "80":0,"90":0,"95":0,"99":0,"99.5":0,"99.9":0,"99.95":0,
                                               "99.99":0}}},
             "cpu":{"usr_ms":400,"sys_ms":2050,"usr_pct":8.0,"sys_pct":41.0},
             "jobs":[{"job":0,"read":{"io_bytes":2048010240,"ios":500002,"iops":100000.5,"bw_bytes":409602048},
                      "write":{"io_bytes":0,"ios":0,"iops":0,"bw_bytes":0}}],
             "histogram":{"layout":"fio","bits":6,"groups":29,
                          "read":[[1100,5],[1234,499992],[1500,5]],"write":[]}}""";

    /** 128k sequential write, QD32/1: writes only. */
    static final String SEQWRITE_128K = """
            {"type":"result","partial":false,"runtime_ms":5000,
             "read":{"io_bytes":0,"ios":0,"iops":0,"bw_bytes":0,
                     "lat_ns":{"min":0,"max":0,"mean":0,"stddev":0,
                               "percentiles":{"50":0,"99":0,"99.9":0}}},
             "write":{"io_bytes":5242880000,"ios":40000,"iops":8000.0,"bw_bytes":1048576000,
                      "lat_ns":{"min":900000,"max":12000000,"mean":3990000.5,"stddev":510000.0,
                                "percentiles":{"1":3100000,"50":3900000,"90":5000000,"99":6100000,
                                               "99.9":8200000,"99.99":11000000}}},
             "cpu":{"usr_ms":120,"sys_ms":800,"usr_pct":2.4,"sys_pct":16.0},
             "jobs":[{"job":0,"read":{"io_bytes":0,"ios":0,"iops":0,"bw_bytes":0},
                      "write":{"io_bytes":5242880000,"ios":40000,"iops":8000.0,"bw_bytes":1048576000}}],
             "histogram":{"layout":"fio","bits":6,"groups":29,"read":[],"write":[[1700,39990],[1800,10]]}}""";

    /** 4k randrw 70 % reads, QD16/2: both directions. */
    static final String RANDRW_4K_70 = """
            {"type":"result","partial":false,"runtime_ms":5000,
             "read":{"io_bytes":860160000,"ios":210000,"iops":42000.0,"bw_bytes":172032000,
                     "lat_ns":{"min":20000,"max":3000000,"mean":520000.0,"stddev":90000.0,
                               "percentiles":{"50":480000,"99":1400000,"99.9":2100000}}},
             "write":{"io_bytes":368640000,"ios":90000,"iops":18000.0,"bw_bytes":73728000,
                      "lat_ns":{"min":25000,"max":3500000,"mean":610000.5,"stddev":120000.0,
                                "percentiles":{"50":560000,"99":1700000,"99.9":2500000}}},
             "cpu":{"usr_ms":300,"sys_ms":1500,"usr_pct":6.0,"sys_pct":30.0},"jobs":[],
             "histogram":{"layout":"fio","bits":6,"groups":29,"read":[[1300,210000]],"write":[[1320,90000]]}}""";

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
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private StoredRuns() {
    }
}
