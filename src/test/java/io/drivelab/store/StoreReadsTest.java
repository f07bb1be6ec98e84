package io.drivelab.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a list of runs costs: one read for every run's progress, no wait for another process's write lock and no
 * check of the whole file when nothing is written (a real SQLite file each time).
 */
class StoreReadsTest {

    @TempDir
    Path dir;

    @Test
    void theRunsWithoutPlannedPointsAreGroupedByPlanLessItsNameAndDescription() {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            String sweep = "{\"name\": \"fio import\", \"description\": \"%s\", \"steps\": [%s]}";
            long first = store.createRun(plan("a.json", sweep.formatted("a.json, imported", 1), null));
            long second = store.createRun(plan("b.json", sweep.formatted("b.json, imported", 1), null));
            long other = store.createRun(plan("c.json", sweep.formatted("c.json, imported", 2), null));
            long notJson = store.createRun(plan("damaged", "{\"format\": 99", null));
            store.createRun(plan("filed with its count", sweep.formatted("d.json, imported", 1), 16));

            Map<String, List<Long>> plans = store.plansOfRunsWithoutPlannedPoints();

            assertEquals(Set.of(List.of(first, second), List.of(other), List.of(notJson)), Set.copyOf(plans.values()));
            assertEquals("{\"format\": 99", plans.entrySet().stream().filter(e -> e.getValue().equals(List.of(notJson)))
                    .findFirst().orElseThrow().getKey());
            assertTrue(plans.keySet().stream().anyMatch(plan -> plan.contains("\"steps\": [2]")), plans.toString());
        }
    }

    private static NewRun plan(String name, String planJson, Integer plannedPoints) {
        return new NewRun(name, planJson, "fio import", "/tmp/x.img", "file", null, null, null, plannedPoints);
    }

    @Test
    void everyRunsPointsAreReadAtOnceWithTheirFiguresButNotTheirRawResults() {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            long first = store.createRun(StoreTest.newRun("first"));
            long second = store.createRun(StoreTest.newRun("second"));
            long empty = store.createRun(StoreTest.newRun("no point yet"));
            store.savePoint(first, StoreTest.measured("b", 1), StoreTest.samples());
            store.savePoint(first, StoreTest.measured("a", 0), List.of());
            store.savePoint(second, PointResult.failed(StoreTest.meta("c", 0), "engine exited with 1",
                    StoreTest.T0, StoreTest.T0.plusSeconds(1)), List.of());

            Map<Long, List<PointResult>> figures = store.pointFiguresOfEveryRun();

            assertEquals(Set.of(first, second), figures.keySet(), "a run without points has no entry");
            for (long run : List.of(first, second)) {
                List<PointResult> whole = store.listPoints(run).stream().map(StoredPoint::point).toList();
                List<PointResult> light = figures.get(run);
                assertEquals(whole.stream().map(PointResult::meta).toList(),
                        light.stream().map(PointResult::meta).toList(), "in the run's order");
                for (int i = 0; i < whole.size(); i++) {
                    PointResult w = whole.get(i);
                    PointResult l = light.get(i);
                    assertEquals(Arrays.asList(w.status(), w.runtimeMs(), w.read(), w.write(), w.error(),
                                    w.startedAt(), w.endedAt()),
                            Arrays.asList(l.status(), l.runtimeMs(), l.read(), l.write(), l.error(), l.startedAt(),
                                    l.endedAt()));
                    assertEquals(null, l.resultJson());
                    assertEquals(List.of(), l.histograms());
                }
            }
            assertTrue(store.listPoints(first).get(0).point().resultJson() != null, "the whole point has it");
            assertFalse(store.listPoints(first).get(0).point().histograms().isEmpty(), "and its histograms");
        }
    }

    @Test
    void aRunKeepsItsPlannedPointsAndEveryRunsCompleteMeasuredPointsAreCounted() {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            NewRun planned = StoreTest.newRun("planned");
            long first = store.createRun(new NewRun(planned.name(), planned.planJson(), planned.planName(),
                    planned.target(), planned.targetKind(), null, null, null, 16));
            long old = store.createRun(StoreTest.newRun("filed before the count was stored"));
            store.savePoint(first, StoreTest.measured("a", 0), List.of());
            store.savePoint(first, StoreTest.measured("b", 1), List.of());
            store.savePoint(first, PointResult.failed(StoreTest.meta("c", 2), "engine exited with 1",
                    StoreTest.T0, StoreTest.T0.plusSeconds(1)), List.of());
            PointMeta fill = new PointMeta("fill", 3, PointKind.PRECONDITION, "fill", "write", 131072L, null, null,
                    32, 1);
            store.savePoint(first, PointResult.fromEngineResult(fill, EngineLines.parse(EngineLines.SEQWRITE_128K),
                    StoreTest.T0, StoreTest.T0.plusSeconds(5)), List.of());

            assertEquals(16, store.getRun(first).orElseThrow().plannedPoints());
            assertEquals(null, store.getRun(old).orElseThrow().plannedPoints());
            List<ListedRun> listed = store.listRunsWithoutPlans();
            assertEquals(List.of(old, first), listed.stream().map(ListedRun::id).toList());
            assertEquals(List.of(0, 2), listed.stream().map(ListedRun::measuredPoints).toList());
            assertEquals(16, listed.get(1).plannedPoints());
            assertEquals(null, listed.get(0).plannedPoints());
        }
    }

    @Test
    void everyRunsCompletedPointsAreReadFromTheIndexAloneNotFromThePointsRows() throws SQLException {
        Path db = dir.resolve("drivelab.db");
        Store.open(db).close();

        List<String> plan = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
             ResultSet rows = c.createStatement().executeQuery(
                     "EXPLAIN QUERY PLAN SELECT run_id, point_key FROM points WHERE status = 'complete'")) {
            while (rows.next()) {
                plan.add(rows.getString("detail"));
            }
        }

        assertTrue(plan.stream().anyMatch(step -> step.contains("COVERING INDEX points_complete")), plan.toString());
    }

    @Test
    void markingStaleRunsDoesNotWaitForAnotherProcessWritingWhenNoneIsStale() throws SQLException {
        Path db = dir.resolve("drivelab.db");
        try (Store store = Store.open(db)) {
            long finished = store.createRun(StoreTest.newRun("finished"));
            store.updateRunStatus(finished, RunStatus.COMPLETE, null);
            store.createRun(StoreTest.newRun("this process's, going on"));

            // another process in the middle of a long write (an import of many files, say)
            try (Connection writer = DriverManager.getConnection("jdbc:sqlite:" + db);
                 Statement statement = writer.createStatement()) {
                statement.execute("BEGIN IMMEDIATE");
                statement.execute("UPDATE runs SET name = 'renamed' WHERE id = " + finished);

                assertEquals(List.of(), store.markStaleRunsInterrupted());
                assertEquals(2, store.listRuns().size());
                statement.execute("ROLLBACK");
            }
        }
    }

    @Test
    void plannedPointsAreFilledInWithoutWaitingForAnotherProcessWriting() throws SQLException {
        Path db = dir.resolve("drivelab.db");
        try (Store store = Store.open(db)) {
            long old = store.createRun(StoreTest.newRun("filed before the count was stored"));

            try (Connection writer = DriverManager.getConnection("jdbc:sqlite:" + db);
                 Statement statement = writer.createStatement()) {
                statement.execute("BEGIN IMMEDIATE");
                assertFalse(store.fillPlannedPoints(Map.of(old, 16)));
                statement.execute("ROLLBACK");
            }
            assertEquals(null, store.getRun(old).orElseThrow().plannedPoints());

            assertTrue(store.fillPlannedPoints(Map.of(old, 16)));
            assertEquals(16, store.getRun(old).orElseThrow().plannedPoints());
            assertTrue(store.fillPlannedPoints(Map.of(old, 12)));
            assertEquals(16, store.getRun(old).orElseThrow().plannedPoints(), "a stored count is kept");
        }
    }

    @Test
    void aStaleRunFoundByTheReadIsStillMarkedInterrupted() {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            long gone = store.createRun(StoreTest.newRun("its process died"), new RunnerProcess(Integer.MAX_VALUE,
                    Instant.EPOCH));

            List<Run> marked = store.markStaleRunsInterrupted();

            assertEquals(List.of(gone), marked.stream().map(Run::id).toList());
            assertEquals(RunStatus.INTERRUPTED, store.getRun(gone).orElseThrow().status());
        }
    }

    @Test
    void aBlockThatOnlyReadsWorksBesideDamageItDoesNotReadAndAWriteInItIsRefused() throws Exception {
        Path db = dir.resolve("drivelab.db");
        long run;
        try (Store store = Store.open(db)) {
            run = store.createRun(StoreTest.newRun("kept"));
            store.savePoint(run, StoreTest.measured("a", 0), StoreTest.samples());
        }
        damageRootPage(db, "samples");

        try (Store store = Store.open(db)) {
            assertEquals(List.of("kept"), store.atomically(() -> store.listRuns().stream().map(Run::name).toList()));
            StoreException refused = assertThrows(StoreException.class,
                    () -> store.atomically(() -> {
                        store.renameRun(run, "new name");
                        return null;
                    }));
            assertTrue(refused.getMessage().contains(db + " is damaged"), refused.getMessage());
            assertEquals("kept", store.getRun(run).orElseThrow().name());
        }
    }

    @Test
    void aReadThatMeetsDamageSaysTheDatabaseIsDamagedAndHowToRecover() throws Exception {
        Path db = dir.resolve("drivelab.db");
        try (Store store = Store.open(db)) {
            store.createRun(StoreTest.newRun("lost"));
        }
        damageRootPage(db, "runs");

        try (Store store = Store.open(db)) {
            StoreException refused = assertThrows(StoreException.class, store::listRuns);

            assertTrue(refused.getMessage().contains(db + " is damaged") && refused.getMessage().contains(".recover"),
                    refused.getMessage());
            assertFalse(refused.getMessage().contains("SQLITE_"), refused.getMessage());
        }
    }

    /** Garbles the first page of {@code table}; the database is closed, its WAL folded into the file. */
    private static void damageRootPage(Path db, String table) throws SQLException, IOException {
        long page;
        int pageSize;
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
             ResultSet root = c.createStatement().executeQuery("SELECT rootpage, (SELECT page_size FROM "
                     + "pragma_page_size) FROM sqlite_master WHERE name = '" + table + "'")) {
            page = root.getLong(1);
            pageSize = root.getInt(2);
        }
        try (RandomAccessFile file = new RandomAccessFile(db.toFile(), "rw")) {
            byte[] bytes = new byte[pageSize];
            file.seek((page - 1) * pageSize);
            file.readFully(bytes);
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] ^= (byte) 0x5a;
            }
            file.seek((page - 1) * pageSize);
            file.write(bytes);
        }
    }
}
