package io.drivelab.store;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StoreTest {

    static final Instant T0 = Instant.parse("2026-01-02T10:00:00Z");

    @TempDir
    Path dir;
    Path file;
    Store store;

    @BeforeEach
    void open() {
        file = dir.resolve("drivelab.db");
        store = Store.open(file);
    }

    @AfterEach
    void close() {
        store.close();
    }

    static NewRun newRun(String name) {
        return new NewRun(name, "{\"name\":\"quick\"}", "quick", "/dev/nvme0n1", "block", null, "lab1", "0.1.0");
    }

    static PointMeta meta(String key, int seq) {
        return new PointMeta(key, seq, PointKind.MEASURE, "random read", "randread", 4096L, null, null, 32, 1);
    }

    static PointResult measured(String key, int seq) {
        return PointResult.fromEngineResult(meta(key, seq), EngineLines.parse(EngineLines.RANDREAD_RESULT),
                T0.plusSeconds(seq * 10L), T0.plusSeconds(seq * 10L + 10));
    }

    static List<Sample> samples() {
        return List.of(new Sample(1000, true, new Sample.Figures(90000.0, 368640000, 350000.5, 600000L), null),
                new Sample(2000, false, new Sample.Figures(100000.0, 409600000, 317000.0, 515000L),
                        new Sample.Figures(0, 0, null, null)));
    }

    // ---------------------------------------------------------------- runs

    @Test
    void aNewRunIsRunningAndOwnedByThisProcess() {
        long id = store.createRun(newRun("first"));

        Run run = store.getRun(id).orElseThrow();
        assertEquals(RunStatus.RUNNING, run.status());
        assertEquals(ProcessHandle.current().pid(), run.runner().pid());
        assertNotNull(run.startedAt());
        assertNull(run.endedAt());
    }

    @Test
    void aRunKeepsWhatTheRunnerGaveIt() {
        long id = store.createRun(newRun("first"));

        Run run = store.getRun(id).orElseThrow();
        assertEquals(newRun("first"), new NewRun(run.name(), run.planJson(), run.planName(), run.target(),
                run.targetKind(), run.driveId(), run.host(), run.engineVersion()));
    }

    @Test
    void finishingARunSetsItsStatusAndEndTime() {
        long id = store.createRun(newRun("first"));

        store.updateRunStatus(id, RunStatus.FAILED, "engine: EIO");

        Run run = store.getRun(id).orElseThrow();
        assertEquals(RunStatus.FAILED, run.status());
        assertEquals("engine: EIO", run.error());
        assertNotNull(run.endedAt());
    }

    @Test
    void listsRunsNewestFirst() {
        long older = store.createRun(newRun("older"));
        long olderStart = store.getRun(older).orElseThrow().startedAt().toEpochMilli();
        while (System.currentTimeMillis() <= olderStart) {
            Thread.onSpinWait();  // until the clock has moved on: the next run starts later
        }
        long newer = store.createRun(newRun("newer"));

        assertEquals(List.of(newer, older), store.listRuns().stream().map(Run::id).toList());
    }

    @Test
    void renamesARun() {
        long id = store.createRun(newRun("first"));

        store.renameRun(id, "980 PRO after firmware update");

        assertEquals("980 PRO after firmware update", store.getRun(id).orElseThrow().name());
    }

    @Test
    void renamingAMissingRunSaysSo() {
        StoreException e = assertThrows(StoreException.class, () -> store.renameRun(42, "x"));
        assertEquals("no run 42", e.getMessage());
    }

    @Test
    void deletingARunDeletesItsPointsSamplesAndHistograms() throws SQLException {
        long id = store.createRun(newRun("first"));
        store.savePoint(id, measured("a", 0), samples());
        store.updateRunStatus(id, RunStatus.COMPLETE, null);

        store.deleteRun(id);

        assertTrue(store.getRun(id).isEmpty());
        assertEquals(0, count("points"));
        assertEquals(0, count("samples"));
        assertEquals(0, count("histograms"));
    }

    @Test
    void theIdOfADeletedRunIsNeverGivenToAnother() {
        long deleted = store.createRun(newRun("deleted"), new RunnerProcess(1, Instant.EPOCH));
        store.updateRunStatus(deleted, RunStatus.COMPLETE, null);
        store.deleteRun(deleted);

        assertNotEquals(deleted, store.createRun(newRun("next")));
    }

    @Test
    void refusesToDeleteARunItsLiveProcessIsStillMeasuring() {
        long id = store.createRun(newRun("first"));

        StoreException e = assertThrows(StoreException.class, () -> store.deleteRun(id));
        assertTrue(e.getMessage().contains("still running"), e.getMessage());
        assertTrue(store.getRun(id).isPresent());
    }

    @Test
    void resumingAnInterruptedRunClaimsItForThisProcess() {
        long id = store.createRun(newRun("first"), new RunnerProcess(1, Instant.EPOCH));
        store.updateRunStatus(id, RunStatus.INTERRUPTED, "stopped");

        Run run = store.resumeRun(id);

        assertEquals(RunStatus.RUNNING, run.status());
        assertEquals(RunnerProcess.current(), run.runner());
        assertNull(run.endedAt());
        assertNull(run.error());
    }

    @Test
    void refusesToResumeARunAnotherLiveProcessIsRunning() {
        long id = store.createRun(newRun("first"));

        assertThrows(StoreException.class, () -> store.resumeRun(id, new RunnerProcess(1, null)));
    }

    // ---------------------------------------------------------------- points

    @Test
    void aSavedPointReadsBackAsSaved() {
        long runId = store.createRun(newRun("first"));
        PointResult point = measured("randread/4k/qd32", 0);

        long pointId = store.savePoint(runId, point, samples());

        assertEquals(List.of(new StoredPoint(pointId, runId, point)), store.listPoints(runId));
    }

    @Test
    void aPointsSamplesReadBackInTimeOrder() {
        long runId = store.createRun(newRun("first"));

        long pointId = store.savePoint(runId, measured("a", 0), samples());

        assertEquals(samples(), store.listSamples(pointId));
    }

    @Test
    void aBlockSizeMixPointKeepsItsMixAndHasNoSingleBlockSize() {
        long runId = store.createRun(newRun("first"));
        PointMeta mix = new PointMeta("mix", 0, PointKind.MEASURE, "client mix", "randrw", null,
                "128k/83.21:64k/16.79", 70, 8, 2);
        PointResult point = PointResult.fromEngineResult(mix, EngineLines.parse(EngineLines.PARTIAL_MIX_RESULT),
                T0, T0.plusSeconds(5));

        store.savePoint(runId, point, List.of());

        PointResult stored = store.listPoints(runId).get(0).point();
        assertEquals(mix, stored.meta());
        assertEquals(PointStatus.PARTIAL, stored.status());
        assertEquals(2, stored.histograms().size());
    }

    @Test
    void aFailedPointWithoutResultIsStored() {
        long runId = store.createRun(newRun("first"));
        PointResult failed = PointResult.failed(meta("a", 0), "cannot open /dev/sdz", T0, T0);

        store.savePoint(runId, failed, List.of());

        assertEquals(failed, store.listPoints(runId).get(0).point());
    }

    @Test
    void listsPointsInPlanOrder() {
        long runId = store.createRun(newRun("first"));
        store.savePoint(runId, measured("third", 2), List.of());
        store.savePoint(runId, measured("first", 0), List.of());
        store.savePoint(runId, measured("second", 1), List.of());

        assertEquals(List.of("first", "second", "third"),
                store.listPoints(runId).stream().map(p -> p.point().meta().pointKey()).toList());
    }

    @Test
    void completedPointKeysLeaveOutFailedAndPartialPoints() {
        long runId = store.createRun(newRun("first"));
        store.savePoint(runId, measured("done", 0), List.of());
        store.savePoint(runId, measured("broken", 1).withError("EIO"), List.of());
        store.savePoint(runId, PointResult.fromEngineResult(meta("cut", 2),
                EngineLines.parse(EngineLines.PARTIAL_MIX_RESULT), T0, T0), List.of());

        assertEquals(Set.of("done"), store.completedPointKeys(runId));
    }

    @Test
    void savingAPointKeyAgainReplacesTheEarlierAttempt() throws SQLException {
        long runId = store.createRun(newRun("first"));
        long failedId = store.savePoint(runId, measured("a", 0).withError("EIO"), samples());

        long retryId = store.savePoint(runId, measured("a", 0), samples());

        assertNotEquals(failedId, retryId);
        assertEquals(List.of(retryId), store.listPoints(runId).stream().map(StoredPoint::id).toList());
        assertEquals(samples().size(), count("samples"));
    }

    @Test
    void aPointWhoseSamplesCannotBeSavedIsNotSavedEither() {
        long runId = store.createRun(newRun("first"));
        Sample sample = samples().get(0);

        // Two samples at the same time break the samples key: the whole point must roll back.
        assertThrows(StoreException.class, () -> store.savePoint(runId, measured("a", 0), List.of(sample, sample)));

        assertTrue(store.listPoints(runId).isEmpty());
    }

    @Test
    void savingAPointIntoAMissingRunSaysSo() {
        StoreException e = assertThrows(StoreException.class,
                () -> store.savePoint(42, measured("a", 0), List.of()));
        assertTrue(e.getMessage().startsWith("no run 42"), e.getMessage());
    }

    // ---------------------------------------------------------------- drives

    @Test
    void findOrCreateDriveReturnsTheSameDriveForTheSameModelAndSerial() {
        Drive first = store.findOrCreateDrive("Samsung SSD 980 PRO 1TB", "S5P2NG0R123456", "5B2QGXA7",
                1000204886016L);

        Drive again = store.findOrCreateDrive("Samsung SSD 980 PRO 1TB", "S5P2NG0R123456", "5B2QGXA7",
                1000204886016L);

        assertEquals(first, again);
        assertEquals(List.of(first), store.listDrives());
    }

    @Test
    void findOrCreateDriveRecordsAFirmwareUpdate() {
        Drive before = store.findOrCreateDrive("WD Blue SA510", "22334455", "52008100", 500107862016L);

        Drive after = store.findOrCreateDrive("WD Blue SA510", "22334455", "52046100", 500107862016L);

        assertEquals(before.id(), after.id());
        assertEquals("52046100", store.getDrive(before.id()).orElseThrow().firmware());
    }

    @Test
    void createDriveRefusesADuplicate() {
        store.createDrive("Model", "SN1", null, null);

        assertThrows(StoreException.class, () -> store.createDrive("Model", "SN1", null, null));
    }

    @Test
    void aRunIsFiledUnderItsDrive() {
        Drive drive = store.findOrCreateDrive("Model", "SN1", "FW1", 1L << 40);
        NewRun base = newRun("first");

        long id = store.createRun(new NewRun(base.name(), base.planJson(), base.planName(), base.target(),
                base.targetKind(), drive.id(), base.host(), base.engineVersion()));

        assertEquals(drive.id(), store.getRun(id).orElseThrow().driveId());
    }

    // ---------------------------------------------------------------- the file

    @Test
    void theDatabaseIsInWalModeWithForeignKeysOn() throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("PRAGMA journal_mode")) {
            assertEquals("wal", rows.getString(1));
        }
        // Foreign keys are per connection: shown by the cascade test and here by a dangling drive id.
        NewRun base = newRun("x");
        assertThrows(StoreException.class, () -> store.createRun(new NewRun(base.name(), base.planJson(),
                base.planName(), base.target(), base.targetKind(), 999L, base.host(), base.engineVersion())));
    }

    @Test
    void openingCreatesMissingParentFolders() {
        Path nested = dir.resolve("a/b/c/results.db");

        try (Store opened = Store.open(nested)) {
            assertEquals(Store.latestSchemaVersion(), opened.schemaVersion());
        }
    }

    private long count(String table) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*) FROM " + table)) {
            return rows.getLong(1);
        }
    }
}
