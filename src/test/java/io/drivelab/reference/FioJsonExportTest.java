package io.drivelab.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.store.NewRun;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.TempStore;
import io.drivelab.store.StoredPoint;

/** A run written as fio JSON, for tools that read fio's results. */
@ExtendWith(TempStore.class)
class FioJsonExportTest {
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    final Store store;

    FioJsonExportTest(Store store) {
        this.store = store;
    }

    /** A run measured by the engine: one 4k randread point with the engine's result line and histogram. */
    long engineRun() throws Exception {
        long runId = store.createRun(new NewRun("lab", "{}", "quick", "/dev/nvme0n1", "block", null, "host", "0.1.0"));
        String line = """
                {"type":"result","partial":false,"runtime_ms":10000,
                 "read":{"io_bytes":4096000000,"ios":1000000,"iops":100000.0,"bw_bytes":409600000,
                         "lat_ns":{"min":20000,"max":900000,"mean":80000.5,"stddev":1000.0,
                                   "percentiles":{"1":40000,"50":79872,"99":120832,"99.9":250880,"99.99":400000}}},
                 "write":{"io_bytes":0,"ios":0,"iops":0,"bw_bytes":0},
                 "cpu":{"usr_ms":1,"sys_ms":2,"usr_pct":3.5,"sys_pct":20.0},
                 "histogram":{"layout":"fio","bits":6,"groups":29,"read":[[1000,400000],[1100,600000]]}}""";
        PointMeta meta = new PointMeta("01-randread-4k-qd32-j1", 1, PointKind.MEASURE, "4k randread", "randread",
                4096L, null, null, 32, 1);
        store.savePoint(runId, PointResult.fromEngineResult(meta, JSON.readTree(line), Instant.ofEpochSecond(1000),
                Instant.ofEpochSecond(1010)), List.of());
        store.updateRunStatus(runId, RunStatus.COMPLETE, null);
        return runId;
    }

    JsonNode export(long runId) throws Exception {
        Run run = store.getRun(runId).orElseThrow();
        return JSON.readTree(FioJsonExport.write(run, store.listPoints(runId)));
    }

    @Test
    void aPointBecomesAFioJobWithItsOptions() throws Exception {
        JsonNode job = export(engineRun()).path("jobs").get(0);

        assertEquals("4k randread", job.path("jobname").asText());
        assertEquals("01-randread-4k-qd32-j1", job.path("drivelab").path("point_key").asText());
        JsonNode options = job.path("job options");
        assertEquals("randread", options.path("rw").asText());
        assertEquals("4k", options.path("bs").asText());
        assertEquals("32", options.path("iodepth").asText());
        assertEquals("1", options.path("numjobs").asText());
    }

    @Test
    void figuresAreInFiosFieldsAndUnits() throws Exception {
        JsonNode read = export(engineRun()).path("jobs").get(0).path("read");

        assertEquals(100000.0, read.path("iops").asDouble());
        assertEquals(409600000, read.path("bw_bytes").asLong());
        assertEquals(400000, read.path("bw").asLong(), "fio's bw is KiB/s");
        assertEquals(1000000, read.path("total_ios").asLong());
        assertEquals(10000, read.path("runtime").asLong());
        assertEquals(80000.5, read.path("lat_ns").path("mean").asDouble());
        assertEquals(120832, read.path("clat_ns").path("percentile").path("99.000000").asLong());
        assertEquals(250880, read.path("clat_ns").path("percentile").path("99.900000").asLong());
    }

    @Test
    void aHistogramBecomesJsonPlusBinsNamedByTheirMidpoint() throws Exception {
        JsonNode bins = export(engineRun()).path("jobs").get(0).path("read").path("clat_ns").path("bins");

        assertEquals(400000, bins.path(String.valueOf(FioHistogram.value(1000))).asLong());
        assertEquals(600000, bins.path(String.valueOf(FioHistogram.value(1100))).asLong());
    }

    @Test
    void theExportReadsBackAsTheSameFigures() throws Exception {
        long runId = engineRun();
        Path file = dir.resolve("run.json");
        Files.writeString(file, FioJsonExport.write(store.getRun(runId).orElseThrow(), store.listPoints(runId)));

        long again = FioImport.importFiles(store, List.of(file), "Lab SSD").get(0).runId();

        PointResult original = store.listPoints(runId).get(0).point();
        PointResult imported = store.listPoints(again).get(0).point();
        assertEquals(original.read(), imported.read());
        assertEquals(original.meta().workload(), imported.meta().workload());
        assertEquals(original.meta().rw(), imported.meta().rw());
        assertEquals(original.meta().bs(), imported.meta().bs());
        assertEquals(original.meta().iodepth(), imported.meta().iodepth());
        assertEquals(original.histograms().get(0).buckets(), imported.histograms().get(0).buckets());
    }

    @Test
    void aRealFioImportExportsAgainUnchanged() throws Exception {
        Path out = FioRuns.run(dir, "plus.json", "json+", "--rw=randread", "--bs=4k");
        long runId = FioImport.importFiles(store, List.of(out), "Lab SSD").get(0).runId();
        Path file = dir.resolve("again.json");
        Files.writeString(file, FioJsonExport.write(store.getRun(runId).orElseThrow(), store.listPoints(runId)));

        long again = FioImport.importFiles(store, List.of(file), "Lab SSD").get(0).runId();

        assertEquals(store.listPoints(runId).get(0).point().read(), store.listPoints(again).get(0).point().read());
    }

    @Test
    void everyBucketIndexSurvivesItsMidpoint() {
        for (int idx = 0; idx < FioHistogram.GROUPS * 64; idx++) {
            assertEquals(idx, FioHistogram.index(FioHistogram.value(idx)), "bucket " + idx);
        }
    }

    @Test
    void theFileSaysItIsDriveLabsNotFios() throws Exception {
        JsonNode root = export(engineRun());

        assertTrue(root.path("fio version").asText().startsWith("drivelab run "), root.path("fio version").asText());
        assertEquals("/dev/nvme0n1", root.path("global options").path("filename").asText());
    }
}
