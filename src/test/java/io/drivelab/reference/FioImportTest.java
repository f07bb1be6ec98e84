package io.drivelab.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.store.Histogram;
import io.drivelab.store.PointResult;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.TempStore;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.PlanFiles;

/** fio 3.x output, produced here by the installed fio, imported as stored runs. */
@ExtendWith(TempStore.class)
class FioImportTest {
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    final Store store;

    FioImportTest(Store store) {
        this.store = store;
    }

    /** fio's own JSON, past the notes fio may print before it. */
    static JsonNode fioJson(Path file) throws Exception {
        String text = Files.readString(file);
        return JSON.readTree(text.substring(text.indexOf('{')));
    }

    StoredPoint onlyPoint(long runId) {
        List<StoredPoint> points = store.listPoints(runId);
        assertEquals(1, points.size(), points.toString());
        return points.get(0);
    }

    @Test
    void aRandreadJobBecomesACompleteRunOfOnePoint() throws Exception {
        Path out = FioRuns.run(dir, "rr.json", "json", "--rw=randread", "--bs=4k", "--ioengine=libaio",
                "--iodepth=4");

        long runId = FioImport.importFiles(store, List.of(out), "Lab SSD").get(0).runId();

        Run run = store.getRun(runId).orElseThrow();
        assertEquals(RunStatus.COMPLETE, run.status());
        assertEquals("fio-import", run.targetKind());
        assertEquals("fio import", run.planName());
        assertEquals(dir.resolve("data").toString(), run.target());
        assertEquals("Lab SSD", store.getDrive(run.driveId()).orElseThrow().model());
        PointResult point = onlyPoint(runId).point();
        JsonNode read = fioJson(out).path("jobs").get(0).path("read");
        assertEquals("randread", point.meta().rw());
        assertEquals(4096L, point.meta().bs());
        assertEquals(4, point.meta().iodepth());
        assertEquals(1, point.meta().numjobs());
        assertEquals(read.path("iops").asDouble(), point.read().iops(), 1e-6);
        assertEquals(read.path("bw_bytes").asLong(), point.read().bwBytes());
        assertEquals(read.path("lat_ns").path("mean").asDouble(), point.read().latMeanNs(), 1e-3);
        assertEquals(read.path("clat_ns").path("percentile").path("99.000000").asLong(), point.read().p99Ns());
        assertEquals(0, point.write().iops());
    }

    @Test
    void aGroupReportedMixedJobIsOnePointWithBothDirections() throws Exception {
        Path out = FioRuns.run(dir, "grp.json", "json", "--rw=randrw", "--rwmixread=70", "--bs=4k", "--numjobs=2",
                "--group_reporting");

        PointResult point = onlyPoint(FioImport.importFiles(store, List.of(out), "Lab SSD").get(0).runId()).point();

        JsonNode job = fioJson(out).path("jobs").get(0);
        assertEquals("randrw", point.meta().rw());
        assertEquals(70, point.meta().rwmixread());
        assertEquals(2, point.meta().numjobs());
        assertEquals(job.path("read").path("iops").asDouble(), point.read().iops(), 1e-6);
        assertEquals(job.path("write").path("iops").asDouble(), point.write().iops(), 1e-6);
        assertNotNull(point.write().p99Ns());
    }

    @Test
    void perJobOutputIsAddedUpIntoOnePoint() throws Exception {
        Path out = FioRuns.run(dir, "per.json", "json", "--rw=randrw", "--bs=4k", "--numjobs=2");

        PointResult point = onlyPoint(FioImport.importFiles(store, List.of(out), "Lab SSD").get(0).runId()).point();

        JsonNode jobs = fioJson(out).path("jobs");
        assertEquals(2, jobs.size());
        assertEquals(2, point.meta().numjobs());
        assertEquals(50, point.meta().rwmixread());
        assertEquals(jobs.get(0).path("read").path("iops").asDouble() + jobs.get(1).path("read").path("iops").asDouble(),
                point.read().iops(), 1e-6);
        assertEquals(jobs.get(0).path("write").path("bw_bytes").asLong()
                + jobs.get(1).path("write").path("bw_bytes").asLong(), point.write().bwBytes());
        // Plain json has no histogram, so the two threads' percentiles cannot be combined.
        assertNull(point.read().p99Ns());
    }

    @Test
    void jsonPlusKeepsTheLatencyHistogram() throws Exception {
        Path out = FioRuns.run(dir, "plus.json", "json+", "--rw=randread", "--bs=4k");

        PointResult point = onlyPoint(FioImport.importFiles(store, List.of(out), "Lab SSD").get(0).runId()).point();

        JsonNode clat = fioJson(out).path("jobs").get(0).path("read").path("clat_ns");
        Histogram histogram = point.histograms().get(0);
        assertEquals("fio", histogram.layout());
        assertEquals(clat.path("N").asLong(), histogram.totalCount());
        assertEquals(clat.path("percentile").path("50.000000").asLong(), point.read().p50Ns());
    }

    @Test
    void notesFioPrintsBeforeItsJsonAreSkipped() throws Exception {
        Path out = FioRuns.run(dir, "psync.json", "json", "--rw=randread", "--bs=4k", "--ioengine=psync",
                "--iodepth=8");
        assertTrue(Files.readString(out).startsWith("note:"), "fio printed no note this time");

        PointResult point = onlyPoint(FioImport.importFiles(store, List.of(out), "Lab SSD").get(0).runId()).point();

        // psync has one I/O in flight whatever iodepth says, as fio's note warns.
        assertEquals(1, point.meta().iodepth());
    }

    @Test
    void theStoredPlanDescribesTheImportedPoints() throws Exception {
        Path out = FioRuns.run(dir, "rr.json", "json", "--rw=randread", "--bs=4k");
        long runId = FioImport.importFiles(store, List.of(out), "Lab SSD").get(0).runId();

        var plan = PlanFiles.fromJson(store.getRun(runId).orElseThrow().planJson(), "run");

        assertEquals(plan.points().get(0).key(), onlyPoint(runId).point().meta().pointKey());
        assertEquals(store.completedPointKeys(runId).size(), plan.points().size());
    }

    @Test
    void anImportedPointFindsTheReferenceFiguresOfItsWorkload() throws Exception {
        Path out = FioRuns.run(dir, "rr.json", "json", "--rw=randread", "--bs=4k");
        long runId = FioImport.importFiles(store, List.of(out), "Lab SSD").get(0).runId();

        ReferenceMatch match = ReferenceLibrary.shipped().match(onlyPoint(runId).point().meta());

        // The DC3000ME's 4K random read latency at 1/1: 60 us.
        assertTrue(match.same().stream().anyMatch(f -> f.drive().name().equals("Kingston DC3000ME")
                && f.metric() == Metric.MEAN_LATENCY && f.value() == 60), match.same().toString());
    }

    @Test
    void aTruncatedFileIsRefusedAndNothingIsImported() throws Exception {
        Path good = FioRuns.run(dir, "rr.json", "json", "--rw=randread", "--bs=4k");
        String text = Files.readString(good);
        Path truncated = dir.resolve("cut.json");
        Files.writeString(truncated, text.substring(0, text.length() / 2), StandardCharsets.UTF_8);

        FioImportException e = assertThrows(FioImportException.class,
                () -> FioImport.importFiles(store, List.of(good, truncated), "Lab SSD"));

        assertTrue(e.getMessage().startsWith(truncated + " ends before its JSON does"), e.getMessage());
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
        assertEquals(List.of(), store.listRuns());
        assertEquals(List.of(), store.listDrives());
    }

    @Test
    void aFileCutAnywhereIsReportedAsTruncated() throws Exception {
        String text = Files.readString(FioRuns.run(dir, "rr.json", "json", "--rw=randread", "--bs=4k"));
        Path cut = dir.resolve("cut.json");

        for (int length = 1; length < text.length() - 2; length += 7) {
            Files.writeString(cut, text.substring(0, length), StandardCharsets.UTF_8);
            FioImportException e = assertThrows(FioImportException.class, () -> FioImport.read(cut));
            assertTrue(e.getMessage().contains("the file is truncated"), length + ": " + e.getMessage());
        }
    }

    @Test
    void foreignJsonIsRefusedByName() throws Exception {
        Path foreign = dir.resolve("package.json");
        Files.writeString(foreign, "{\"name\": \"left-pad\", \"version\": \"1.3.0\"}");

        FioImportException e = assertThrows(FioImportException.class,
                () -> FioImport.importFiles(store, List.of(foreign), "Lab SSD"));

        assertEquals(foreign + " is not fio JSON output (it has no \"fio version\" and \"jobs\"); write it with "
                + "fio --output-format=json or json+", e.getMessage());
    }

    @Test
    void aFileThatIsNotJsonAtAllIsRefused() throws Exception {
        Path text = dir.resolve("terse.txt");
        Files.writeString(text, "3;fio-3.33;rr;0;0;60436;60383;15095;1001\n");

        FioImportException e = assertThrows(FioImportException.class,
                () -> FioImport.importFiles(store, List.of(text), "Lab SSD"));

        assertEquals(text + " is not fio JSON output: it holds no JSON object", e.getMessage());
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = dir.resolve("nope.json");

        FioImportException e = assertThrows(FioImportException.class,
                () -> FioImport.importFiles(store, List.of(missing), "Lab SSD"));

        assertEquals(missing + " does not exist", e.getMessage());
    }

    @Test
    void aFioTwoFileIsRefusedWithItsVersion() throws Exception {
        Path old = dir.resolve("old.json");
        Files.writeString(old, "{\"fio version\": \"fio-2.2.10\", \"jobs\": [{\"jobname\": \"x\"}]}");

        FioImportException e = assertThrows(FioImportException.class,
                () -> FioImport.importFiles(store, List.of(old), "Lab SSD"));

        assertEquals(old + " was written by fio-2.2.10; DriveLab reads the JSON of fio 3.x", e.getMessage());
    }

    @Test
    void aTrimJobIsRefusedNamingTheJob() throws Exception {
        Path out = FioRuns.run(dir, "rr.json", "json", "--rw=randread", "--bs=4k");
        Path trim = dir.resolve("trim.json");
        Files.writeString(trim, Files.readString(out).replace("\"rw\" : \"randread\"", "\"rw\" : \"randtrim\""));

        FioImportException e = assertThrows(FioImportException.class,
                () -> FioImport.importFiles(store, List.of(trim), "Lab SSD"));

        assertTrue(e.getMessage().contains("job \"rr\" does rw=randtrim, which DriveLab does not measure"),
                e.getMessage());
    }

    @Test
    void everyFileBecomesItsOwnRun() throws Exception {
        Path a = FioRuns.run(dir, "a.json", "json", "--rw=randread", "--bs=4k");
        Path b = FioRuns.run(dir, "b.json", "json", "--rw=read", "--bs=128k");

        List<FioImport.Imported> imported = FioImport.importFiles(store, List.of(a, b), "Lab SSD");

        assertEquals(2, store.listRuns().size());
        assertEquals(List.of("Lab SSD: a.json", "Lab SSD: b.json"),
                imported.stream().map(i -> store.getRun(i.runId()).orElseThrow().name()).toList());
        assertFalse(store.listDrives().isEmpty());
        assertEquals(1, store.listDrives().size());
    }
}
