package io.drivelab.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.reference.RatedEndurance;
import io.drivelab.store.Drive;
import io.drivelab.store.HealthSnapshot;
import io.drivelab.store.NewRun;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.Store;
import io.drivelab.telemetry.HealthLogs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The share of a drive's rated endurance a run wrote, in the report's health line and {@code drivelab show}: by the
 * saved nvme-cli health logs (src/test/resources/telemetry: 8,389 data units, 4.30 GB, between them), else by what
 * the points wrote; never 0 where it is unknown.
 */
class EnduranceShareTest {
    private static final Instant T0 = Instant.parse("2026-12-01T18:00:00Z");
    /** A Kingston DC3000ME 3.84 TB as the kernel names it: the library rates it 7,008 TBW. */
    private static final String MODEL = "KINGSTON SEDC3000ME3T84";
    private static final long CAPACITY = 3_840_755_982_336L;

    @TempDir
    Path dir;
    Store store;

    @BeforeEach
    void open() {
        store = Store.open(dir.resolve("drivelab.db"));
    }

    @AfterEach
    void close() {
        store.close();
    }

    private static String saved(String name) throws IOException {
        try (InputStream in = EnduranceShareTest.class.getResourceAsStream("/telemetry/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A run on {@code drive} (null: a test file) with one point that wrote {@code bytes} in 10 s. */
    private long run(Drive drive, long bytes) throws Exception {
        long id = store.createRun(new NewRun("endurance", "{\"name\":\"p\",\"steps\":[]}", "p",
                drive == null ? "/tmp/t.img" : "/dev/nvme0n1", drive == null ? "file" : "device",
                drive == null ? null : drive.id(), "lab1", "0.1.0"));
        String result = "{\"type\":\"result\",\"partial\":false,\"runtime_ms\":10000,"
                + "\"read\":{\"io_bytes\":0,\"ios\":0,\"iops\":0,\"bw_bytes\":0},"
                + "\"write\":{\"io_bytes\":" + bytes + ",\"ios\":" + bytes / 131072 + ",\"iops\":100,\"bw_bytes\":"
                + bytes / 10 + ",\"lat_ns\":{\"mean\":1000,\"percentiles\":{\"50\":900,\"99\":2000}}}}";
        PointMeta meta = new PointMeta("01-write-128k-qd16-j1", 0, PointKind.MEASURE, "128K sequential write",
                "write", 131072L, null, null, 16, 1);
        store.savePoint(id, PointResult.fromEngineResult(meta, new ObjectMapper().readTree(result), T0,
                T0.plusSeconds(10)), List.of());
        return id;
    }

    private void nvmeLogs(long runId) throws IOException {
        store.saveHealth(runId, HealthLogs.nvmeCli(saved("nvme-smart-log-before.json"), HealthSnapshot.BEFORE, T0,
                "nvme0n1"));
        store.saveHealth(runId, HealthLogs.nvmeCli(saved("nvme-smart-log-after.json"), HealthSnapshot.AFTER,
                T0.plusSeconds(60), "nvme0n1"));
    }

    private String healthLine(long runId, RatedEndurance given) {
        return DriveTelemetry.of(store, runId, given).lines().stream()
                .filter(l -> l.startsWith("Health") || l.startsWith("Endurance")).findFirst().orElseThrow();
    }

    @Test
    void theHealthLogsWritesAreAShareOfTheLibrarysRatingOfTheDrive() throws Exception {
        long id = run(store.createDrive(MODEL, "S1", "FW1", CAPACITY), 1_000_000_000L);
        nvmeLogs(id);

        String line = healthLine(id, null);

        // 8,389 units of 512,000 bytes over 7,008 TBW: 6.13e-5 %
        assertTrue(line.startsWith("Health (nvme0n1, nvme-cli): the run wrote 4.30 GB to the drive, 0.000061 % of "
                + "its rated 7,008 TBW (Kingston DC3000ME 3.84TB, spec in "), line);
        assertTrue(line.contains("1 NEW MEDIA ERROR"), line);
        EnduranceShare share = DriveTelemetry.of(store, id, null).endurance();
        assertTrue(share.byHealthLog());
        assertEquals(8389L * 512_000, share.writtenBytes());
        assertEquals(100.0 * 8389 * 512_000 / 7008e12, share.percent().orElseThrow(), 1e-12);
    }

    @Test
    void theReportsHeaderHasTheSameHealthLine() throws Exception {
        long id = run(store.createDrive(MODEL, "S1", "FW1", CAPACITY), 1_000_000_000L);
        nvmeLogs(id);

        List<String> header = Reports.run(store, id, ReferenceCurves.NONE, RatedEndurance.given(1000)).header();

        assertTrue(header.contains(healthLine(id, RatedEndurance.given(1000))), header.toString());
        assertTrue(header.stream().anyMatch(l -> l.contains("0.00043 % of its rated 1,000 TBW (as given)")),
                header.toString());
    }

    @Test
    void theReportsHeaderGivesAStoppedRunsReasonNotAnError() throws Exception {
        long id = run(null, 1_000_000_000L);
        store.updateRunStatus(id, io.drivelab.store.RunStatus.INTERRUPTED, "stopped by the user");

        List<String> header = Reports.run(store, id, ReferenceCurves.NONE, null).header();

        assertTrue(header.contains("Reason: stopped by the user"), header.toString());
        assertTrue(header.stream().noneMatch(l -> l.startsWith("Error")), header.toString());
    }

    @Test
    void aRatingTheUserGivesWinsOverTheLibrarys() throws Exception {
        long id = run(store.createDrive(MODEL, "S1", "FW1", CAPACITY), 1_000_000_000L);
        nvmeLogs(id);

        String line = healthLine(id, RatedEndurance.given(1000));

        assertTrue(line.contains("the run wrote 4.30 GB to the drive, 0.00043 % of its rated 1,000 TBW (as given)"),
                line);
    }

    @Test
    void aDriveTheLibraryDoesNotRateIsUnknownNotZero() throws Exception {
        long id = run(store.createDrive("Samsung SSD 990 PRO 2TB", "S2", "FW", 2_000_398_934_016L), 1_000_000_000L);
        nvmeLogs(id);

        String line = healthLine(id, null);

        assertTrue(line.contains("the run wrote 4.30 GB to the drive, its share of the rated endurance is unknown: "
                + "no rating of Samsung SSD 990 PRO 2TB in the reference library"), line);
        assertFalse(line.contains(" 0 %"), line);
        assertTrue(DriveTelemetry.of(store, id, null).endurance().percent().isEmpty());
    }

    @Test
    void withoutAHealthLogThePointsWritesCount() throws Exception {
        long id = run(store.createDrive(MODEL, "S1", "FW1", CAPACITY), 70_080_000_000L);
        store.saveHealth(id, HealthSnapshot.unavailable(HealthSnapshot.BEFORE, T0, "nvme0n1", "not permitted"));
        store.saveHealth(id, HealthSnapshot.unavailable(HealthSnapshot.AFTER, T0, "nvme0n1", "not permitted"));

        String line = healthLine(id, null);

        // 70.08 GB of 7,008 TB: a millionth, 0.001 %
        assertTrue(line.startsWith("Health (nvme0n1): not permitted; its points wrote 70.1 GB, 0.001 % of its rated "
                + "7,008 TBW"), line);
        assertFalse(DriveTelemetry.of(store, id, null).endurance().byHealthLog());
    }

    @Test
    void aRunWithoutHealthLogsGivesItsPointsWritesAgainstARatingOnly() throws Exception {
        long id = run(null, 1_000_000_000L);

        assertEquals("Endurance: the run's points wrote 1.00 GB, 0.0001 % of its rated 1,000 TBW (as given)",
                healthLine(id, RatedEndurance.given(1000)));
        assertEquals(List.of(), DriveTelemetry.of(store, id, null).lines(), "no rating, no log: nothing to say");
        assertEquals("its share of the rated endurance is unknown: a run on a test file has no drive model to look "
                + "a rating up by", DriveTelemetry.of(store, id, null).endurance().sentence());
    }

    @Test
    void aTestFileOnNoDriveHasNoShareOfAnEnduranceToSpeakOf() throws Exception {
        long id = run(null, 137_000_000_000L);
        store.saveHealth(id, HealthSnapshot.unavailable(HealthSnapshot.BEFORE, T0, null, "no drive"));
        store.saveHealth(id, HealthSnapshot.unavailable(HealthSnapshot.AFTER, T0, null, "no drive"));

        // was "Health (-): no drive; its points wrote 137 GB, its share of the rated endurance is unknown: ...",
        // and `show` then asked for the rated TBW of a drive that is not there (a test file on /dev/shm)
        assertEquals("Health: no drive; its points wrote 137 GB, to no local drive", healthLine(id, null));
    }

    @Test
    void aTestFilesRunNamesTheDriveItsLogsCameFromNotAnUnknownDrive() throws Exception {
        long id = run(null, 1_000_000_000L);
        store.saveHealth(id, HealthSnapshot.unavailable(HealthSnapshot.BEFORE, T0, "vda", "no health log"));
        store.saveHealth(id, HealthSnapshot.unavailable(HealthSnapshot.AFTER, T0, "vda", "no health log"));

        // was "Health (vda): ...: the run's drive is not known", naming the drive it then called unknown
        assertEquals("Health (vda): no health log; its points wrote 1.00 GB, its share of the rated endurance is "
                + "unknown: a run on a test file (on vda) has no drive model to look a rating up by",
                healthLine(id, null));
    }

    @Test
    void aRunThatWroteNothingAndHasNoHealthLogHasNoEnduranceLine() throws Exception {
        long id = run(null, 0);

        assertEquals(List.of(), DriveTelemetry.of(store, id, null).lines());
    }

    @Test
    void tinySharesKeepTwoSignificantDigits() {
        assertEquals("0.000061", EnduranceShare.percentText(6.129e-5));
        assertEquals("12", EnduranceShare.percentText(12.34));
        assertEquals("0", EnduranceShare.percentText(0));
    }
}
