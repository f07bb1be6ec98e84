package io.drivelab.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Opening databases of other versions, and files that are not ours. */
class StoreSchemaTest {

    /** Schema 1 as DriveLab 0.1 wrote it; frozen here so a change to the migration code cannot hide. */
    private static final String SCHEMA_V1 = """
            PRAGMA application_id = 1146244162;
            CREATE TABLE drives (id INTEGER PRIMARY KEY, model TEXT NOT NULL, serial TEXT NOT NULL, firmware TEXT,
                capacity_bytes INTEGER, UNIQUE (model, serial));
            CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, plan_json TEXT NOT NULL,
                plan_name TEXT, target TEXT NOT NULL, target_kind TEXT NOT NULL,
                drive_id INTEGER REFERENCES drives (id) ON DELETE SET NULL, host TEXT, engine_version TEXT,
                started_at INTEGER NOT NULL, ended_at INTEGER,
                status TEXT NOT NULL CHECK (status IN ('running', 'complete', 'interrupted', 'failed')),
                error TEXT, runner_pid INTEGER, runner_started_at INTEGER);
            CREATE TABLE points (id INTEGER PRIMARY KEY AUTOINCREMENT,
                run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE, seq INTEGER NOT NULL,
                point_key TEXT NOT NULL, kind TEXT NOT NULL CHECK (kind IN ('measure', 'precondition')),
                workload TEXT NOT NULL, rw TEXT NOT NULL, bs INTEGER, bs_mix TEXT, rwmixread INTEGER,
                iodepth INTEGER NOT NULL, numjobs INTEGER NOT NULL, runtime_ms INTEGER,
                read_iops REAL, read_bw_bytes INTEGER, read_lat_mean_ns REAL, read_p50_ns INTEGER,
                read_p99_ns INTEGER, read_p999_ns INTEGER,
                write_iops REAL, write_bw_bytes INTEGER, write_lat_mean_ns REAL, write_p50_ns INTEGER,
                write_p99_ns INTEGER, write_p999_ns INTEGER,
                result_json TEXT, status TEXT NOT NULL CHECK (status IN ('complete', 'failed', 'partial')),
                error TEXT, started_at INTEGER NOT NULL, ended_at INTEGER NOT NULL, UNIQUE (run_id, point_key));
            CREATE TABLE samples (point_id INTEGER NOT NULL REFERENCES points (id) ON DELETE CASCADE,
                t_ms INTEGER NOT NULL, ramp INTEGER NOT NULL,
                read_iops REAL, read_bw_bytes INTEGER, read_lat_mean_ns REAL, read_p99_ns INTEGER,
                write_iops REAL, write_bw_bytes INTEGER, write_lat_mean_ns REAL, write_p99_ns INTEGER,
                PRIMARY KEY (point_id, t_ms));
            CREATE TABLE histograms (point_id INTEGER NOT NULL REFERENCES points (id) ON DELETE CASCADE,
                direction TEXT NOT NULL CHECK (direction IN ('read', 'write')), layout TEXT NOT NULL,
                bits INTEGER NOT NULL, groups INTEGER NOT NULL, buckets TEXT NOT NULL,
                PRIMARY KEY (point_id, direction));
            INSERT INTO drives VALUES (1, 'Samsung SSD 980 PRO 1TB', 'S5P2NG0R123456', '5B2QGXA7', 1000204886016);
            INSERT INTO runs VALUES (1, 'old run', '{}', 'quick', '/dev/nvme0n1', 'block', 1, 'lab1', '0.1.0',
                1767348000000, 1767348060000, 'complete', NULL, 4242, NULL);
            INSERT INTO points (id, run_id, seq, point_key, kind, workload, rw, bs, iodepth, numjobs, runtime_ms,
                read_iops, read_bw_bytes, read_lat_mean_ns, read_p50_ns, read_p99_ns, read_p999_ns,
                result_json, status, started_at, ended_at)
                VALUES (1, 1, 0, 'randread/4k/qd1', 'measure', 'random read', 'randread', 4096, 1, 1, 60000,
                15000.5, 61442048, 66000.5, 65000, 90000, 120000, '{"type":"result"}', 'complete',
                1767348000000, 1767348060000);
            INSERT INTO samples VALUES (1, 1000, 0, 15000.0, 61440000, 66000.0, 90000, 0, 0, NULL, NULL);
            INSERT INTO histograms VALUES (1, 'read', 'fio', 6, 29, '[[900,15000]]');
            PRAGMA user_version = 1;
            """;

    @TempDir
    Path dir;

    private static void execute(Path db, String script) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
             Statement statement = connection.createStatement()) {
            for (String sql : script.split(";\\s*\\n")) {
                if (!sql.isBlank()) {
                    statement.execute(sql);
                }
            }
        }
    }

    private static String query(Path db, String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + db);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(sql)) {
            return rows.next() ? rows.getString(1) : null;
        }
    }

    @Test
    void aVersion1DatabaseIsMigratedToTheLatestSchemaWithItsDataIntact() throws SQLException {
        Path db = dir.resolve("drivelab.db");
        execute(db, SCHEMA_V1);

        try (Store store = Store.open(db)) {
            assertEquals(Store.latestSchemaVersion(), store.schemaVersion());
            Run run = store.getRun(1).orElseThrow();
            assertEquals("old run", run.name());
            assertEquals(Instant.ofEpochMilli(1767348060000L), run.endedAt());
            assertEquals(List.of(new Drive(1, "Samsung SSD 980 PRO 1TB", "S5P2NG0R123456", "5B2QGXA7",
                    1000204886016L)), store.listDrives());
            PointResult point = store.listPoints(1).get(0).point();
            assertEquals(new DirectionResult(15000.5, 61442048, 66000.5, 65000L, 90000L, 120000L), point.read());
            assertEquals(List.of(new Histogram.Bucket(900, 15000)), point.histograms().get(0).buckets());
            assertEquals(1, store.listSamples(store.listPoints(1).get(0).id()).size());
        }
    }

    @Test
    void migrationToSchema2AddsTheIndexes() throws SQLException {
        Path db = dir.resolve("drivelab.db");
        execute(db, SCHEMA_V1);

        Store.open(db).close();

        assertEquals("3", query(db, "SELECT count(*) FROM sqlite_master WHERE type = 'index' "
                + "AND name IN ('runs_started_at', 'runs_drive_id', 'points_run_seq')"));
    }

    /**
     * Migration 8 (issue 10, item 18): a database DriveLab left at version 7 gets the runs' CPU list; its runs read
     * as unpinned (NULL), and a run filed after keeps the CPUs it was given.
     */
    @Test
    void aVersion7DatabaseGetsTheCpusARunKeepsToAndItsRunsStayUnpinned() throws SQLException {
        Path db = dir.resolve("drivelab.db");
        execute(db, SCHEMA_V1);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            for (Schema.Migration m : Schema.MIGRATIONS.subList(1, 7)) {
                m.apply(c);
            }
        }
        assertEquals("7", query(db, "PRAGMA user_version"));
        assertEquals("0", query(db, "SELECT count(*) FROM pragma_table_info('runs') WHERE name = 'cpus_allowed'"));

        try (Store store = Store.open(db)) {
            assertEquals(Store.latestSchemaVersion(), store.schemaVersion());
            assertEquals(null, store.getRun(1).orElseThrow().cpusAllowed());
            long pinned = store.createRun(new NewRun("pinned", "{}", "quick", "/tmp/x.img", "file", null, "lab1",
                    "0.1.0", 16).keptTo("1"));
            assertEquals("1", store.getRun(pinned).orElseThrow().cpusAllowed());
        }
        assertEquals("1", query(db, "SELECT count(*) FROM pragma_table_info('runs') WHERE name = 'cpus_allowed'"));
    }

    @Test
    void anOlderDatabaseIsBackedUpBeforeItIsMigrated() throws SQLException {
        Path db = dir.resolve("drivelab.db");
        execute(db, SCHEMA_V1);

        Store.open(db).close();

        Path backup = dir.resolve("drivelab.db.schema1.bak");
        assertEquals("1", query(backup, "PRAGMA user_version"));
        assertEquals("old run", query(backup, "SELECT name FROM runs"));
    }

    @Test
    void aDatabaseOfANewerDriveLabIsRefusedAndLeftAsItIs() throws SQLException {
        Path db = dir.resolve("drivelab.db");
        execute(db, "PRAGMA application_id = 1146244162;\nCREATE TABLE future (x);\nPRAGMA user_version = 99;\n");

        StoreException e = assertThrows(StoreException.class, () -> Store.open(db));

        assertEquals(db.toAbsolutePath() + " was written by a newer DriveLab (schema 99, this one knows "
                + Store.latestSchemaVersion() + "); upgrade DriveLab or choose another database file", e.getMessage());
        assertEquals("99", query(db, "PRAGMA user_version"));
        assertEquals("delete", query(db, "PRAGMA journal_mode"), "not even switched to WAL");
    }

    @Test
    void aFileThatIsNotADatabaseIsRefusedByName() throws IOException {
        Path notes = dir.resolve("notes.txt");
        byte[] content = "these are my notes, not a database\n".repeat(100).getBytes();
        Files.write(notes, content);

        StoreException e = assertThrows(StoreException.class, () -> Store.open(notes));

        assertTrue(e.getMessage().startsWith(notes.toAbsolutePath() + " is not a DriveLab database"), e.getMessage());
        assertArrayEquals(content, Files.readAllBytes(notes));
    }

    @Test
    void anotherProgramsSqliteDatabaseIsRefused() throws SQLException {
        Path db = dir.resolve("places.sqlite");
        execute(db, "CREATE TABLE runs (id INTEGER PRIMARY KEY, km REAL);\n");

        StoreException e = assertThrows(StoreException.class, () -> Store.open(db));

        assertTrue(e.getMessage().contains("another program"), e.getMessage());
        assertEquals("0", query(db, "PRAGMA user_version"));
    }

    @Test
    void anEmptyFileBecomesANewDatabase() throws IOException {
        Path db = Files.createFile(dir.resolve("drivelab.db"));

        try (Store store = Store.open(db)) {
            assertEquals(Store.latestSchemaVersion(), store.schemaVersion());
        }
    }

    @Test
    void aFolderIsNotADatabase() {
        StoreException e = assertThrows(StoreException.class, () -> Store.open(dir));
        assertTrue(e.getMessage().contains("is a folder"), e.getMessage());
    }

    @Test
    void aStoreOpenedOnFirstUseTouchesNothingUntilItIsUsedThenCreatesTheDatabase() {
        Path db = dir.resolve("later").resolve("drivelab.db");

        Store store = Store.openOnFirstUse(db);

        assertTrue(Files.notExists(db.getParent()), "created before its first use");
        assertEquals(List.of(), store.listRuns());
        assertEquals(Store.latestSchemaVersion(), store.schemaVersion());
    }

    @Test
    void aStoreOpenedOnFirstUseSaysAtThatUseWhyItCannotBeOpenedAndTriesAgainAtTheNext() throws IOException {
        Path notes = dir.resolve("notes.txt");
        Files.writeString(notes, "these are my notes, not a database\n".repeat(100));
        Store store = Store.openOnFirstUse(notes);

        StoreException e = assertThrows(StoreException.class, store::listRuns);

        assertTrue(e.getMessage().startsWith(notes.toAbsolutePath() + " is not a DriveLab database"), e.getMessage());
        Files.delete(notes);
        assertEquals(List.of(), store.listRuns(), "opened at the next use once the file was moved away");
    }

    @Test
    void reopeningTheLatestSchemaChangesNothing() {
        Path db = dir.resolve("drivelab.db");
        try (Store store = Store.open(db)) {
            store.createRun(StoreTest.newRun("kept"));
        }

        try (Store store = Store.open(db)) {
            assertEquals(List.of("kept"), store.listRuns().stream().map(Run::name).toList());
        }
        assertTrue(Files.notExists(dir.resolve("drivelab.db.schema2.bak")), "no backup without a migration");
    }

    // ---------------------------------------------------------------- default location

    @Test
    void theDefaultPathIsDrivelabDbWhenSet() {
        assertEquals(Path.of("/data/lab.db"), Store.defaultPath(
                Map.of("DRIVELAB_DB", "/data/lab.db", "XDG_DATA_HOME", "/xdg"), Path.of("/home/u")));
    }

    @Test
    void theDefaultPathFollowsXdgDataHome() {
        assertEquals(Path.of("/xdg/drivelab/drivelab.db"),
                Store.defaultPath(Map.of("XDG_DATA_HOME", "/xdg"), Path.of("/home/u")));
    }

    @Test
    void theDefaultPathFallsBackToLocalShare() {
        assertEquals(Path.of("/home/u/.local/share/drivelab/drivelab.db"),
                Store.defaultPath(Map.of(), Path.of("/home/u")));
    }

    @Test
    void aRelativeXdgDataHomeIsIgnoredAsTheSpecSays() {
        assertEquals(Path.of("/home/u/.local/share/drivelab/drivelab.db"),
                Store.defaultPath(Map.of("XDG_DATA_HOME", "relative/dir"), Path.of("/home/u")));
    }
}
