package io.drivelab.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The database schema as a list of forward migrations. PRAGMA user_version holds the number of the last one
 * applied; each runs in its own transaction together with its user_version update, so a database is always at
 * one exact version. Never edit a released migration: add the next one.
 */
final class Schema {

    /** 'DRLB': marks the file as DriveLab's, so another program's SQLite file is not mistaken for an empty one. */
    static final int APPLICATION_ID = 0x44524C42;

    record Migration(int version, String description, List<String> statements) {
        void apply(Connection connection) throws SQLException {
            try (Statement statement = connection.createStatement()) {
                for (String sql : statements) {
                    statement.execute(sql);
                }
                statement.execute("PRAGMA user_version = " + version);
            }
        }
    }

    static final List<Migration> MIGRATIONS = List.of(
            new Migration(1, "drives, runs, points, samples, histograms", List.of(
                    "PRAGMA application_id = " + APPLICATION_ID,
                    """
                    CREATE TABLE drives (
                        id             INTEGER PRIMARY KEY,
                        model          TEXT NOT NULL,
                        serial         TEXT NOT NULL,
                        firmware       TEXT,
                        capacity_bytes INTEGER,
                        UNIQUE (model, serial)
                    )""",
                    // Times are epoch milliseconds (UTC). AUTOINCREMENT: the CLI shows run ids, so the id of
                    // a deleted run must never come back as another run's.
                    """
                    CREATE TABLE runs (
                        id                INTEGER PRIMARY KEY AUTOINCREMENT,
                        name              TEXT NOT NULL,
                        plan_json         TEXT NOT NULL,
                        plan_name         TEXT,
                        target            TEXT NOT NULL,
                        target_kind       TEXT NOT NULL,
                        drive_id          INTEGER REFERENCES drives (id) ON DELETE SET NULL,
                        host              TEXT,
                        engine_version    TEXT,
                        started_at        INTEGER NOT NULL,
                        ended_at          INTEGER,
                        status            TEXT NOT NULL
                                          CHECK (status IN ('running', 'complete', 'interrupted', 'failed')),
                        error             TEXT,
                        runner_pid        INTEGER,
                        runner_started_at INTEGER
                    )""",
                    // Per-direction latency columns are NULL when that direction completed no I/O.
                    """
                    CREATE TABLE points (
                        id                INTEGER PRIMARY KEY AUTOINCREMENT,
                        run_id            INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                        seq               INTEGER NOT NULL,
                        point_key         TEXT NOT NULL,
                        kind              TEXT NOT NULL CHECK (kind IN ('measure', 'precondition')),
                        workload          TEXT NOT NULL,
                        rw                TEXT NOT NULL,
                        bs                INTEGER,
                        bs_mix            TEXT,
                        rwmixread         INTEGER,
                        iodepth           INTEGER NOT NULL,
                        numjobs           INTEGER NOT NULL,
                        runtime_ms        INTEGER,
                        read_iops         REAL,
                        read_bw_bytes     INTEGER,
                        read_lat_mean_ns  REAL,
                        read_p50_ns       INTEGER,
                        read_p99_ns       INTEGER,
                        read_p999_ns      INTEGER,
                        write_iops        REAL,
                        write_bw_bytes    INTEGER,
                        write_lat_mean_ns REAL,
                        write_p50_ns      INTEGER,
                        write_p99_ns      INTEGER,
                        write_p999_ns     INTEGER,
                        result_json       TEXT,
                        status            TEXT NOT NULL CHECK (status IN ('complete', 'failed', 'partial')),
                        error             TEXT,
                        started_at        INTEGER NOT NULL,
                        ended_at          INTEGER NOT NULL,
                        UNIQUE (run_id, point_key)
                    )""",
                    """
                    CREATE TABLE samples (
                        point_id          INTEGER NOT NULL REFERENCES points (id) ON DELETE CASCADE,
                        t_ms              INTEGER NOT NULL,
                        ramp              INTEGER NOT NULL,
                        read_iops         REAL,
                        read_bw_bytes     INTEGER,
                        read_lat_mean_ns  REAL,
                        read_p99_ns       INTEGER,
                        write_iops        REAL,
                        write_bw_bytes    INTEGER,
                        write_lat_mean_ns REAL,
                        write_p99_ns      INTEGER,
                        PRIMARY KEY (point_id, t_ms)
                    )""",
                    // One row per point and direction, buckets as JSON [[index, count], ...]: a histogram is only
                    // ever read whole (to draw it or merge points), so a row per bucket (hundreds to ~1900 per
                    // direction) would only slow the per-point commit; JSON stays readable with json_each().
                    """
                    CREATE TABLE histograms (
                        point_id  INTEGER NOT NULL REFERENCES points (id) ON DELETE CASCADE,
                        direction TEXT NOT NULL CHECK (direction IN ('read', 'write')),
                        layout    TEXT NOT NULL,
                        bits      INTEGER NOT NULL,
                        groups    INTEGER NOT NULL,
                        buckets   TEXT NOT NULL,
                        PRIMARY KEY (point_id, direction)
                    )""")),
            new Migration(2, "indexes for the run list, a run's points in plan order, and drive lookups", List.of(
                    "CREATE INDEX runs_started_at ON runs (started_at)",
                    "CREATE INDEX runs_drive_id ON runs (drive_id)",
                    "CREATE INDEX points_run_seq ON points (run_id, seq)")),
            // The shipped reference library: each review's data file whole (so the library can be rebuilt from the
            // database alone) and its figures as rows for SQL. Kept apart from the user's runs, which a reload of
            // the shipped data never touches.
            new Migration(3, "reference library: published reviews and their figures", List.of(
                    """
                    CREATE TABLE reference_sources (
                        file      TEXT PRIMARY KEY,
                        version   INTEGER NOT NULL,
                        sha256    TEXT NOT NULL,
                        data_json TEXT NOT NULL,
                        loaded_at INTEGER NOT NULL
                    )""",
                    """
                    CREATE TABLE reference_figures (
                        source_file TEXT NOT NULL REFERENCES reference_sources (file) ON DELETE CASCADE,
                        seq         INTEGER NOT NULL,
                        kind        TEXT NOT NULL CHECK (kind IN ('measured', 'spec')),
                        drive       TEXT NOT NULL,
                        capacity    TEXT,
                        section     TEXT NOT NULL,
                        suite       TEXT NOT NULL,
                        test        TEXT NOT NULL,
                        rw          TEXT,
                        bs          INTEGER,
                        bs_mix      TEXT,
                        iodepth     INTEGER,
                        numjobs     INTEGER,
                        metric      TEXT NOT NULL,
                        value       REAL NOT NULL,
                        unit        TEXT NOT NULL,
                        qualifier   TEXT,
                        note        TEXT,
                        PRIMARY KEY (source_file, seq)
                    )""",
                    "CREATE INDEX reference_figures_workload ON reference_figures (rw, bs, bs_mix)")),
            // Several targets measured at the same time with one plan (drivelab run --target A --target B): a run
            // per target, grouped so that they can be shown side by side and summed. A run is in one group at most.
            new Migration(4, "run groups: one plan on several targets at the same time", List.of(
                    """
                    CREATE TABLE run_groups (
                        id         INTEGER PRIMARY KEY AUTOINCREMENT,
                        name       TEXT NOT NULL,
                        created_at INTEGER NOT NULL
                    )""",
                    """
                    CREATE TABLE run_group_members (
                        group_id INTEGER NOT NULL REFERENCES run_groups (id) ON DELETE CASCADE,
                        run_id   INTEGER NOT NULL UNIQUE REFERENCES runs (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        PRIMARY KEY (group_id, position)
                    )""")),
            // What every run has done (the run list's POINTS column) read from this index alone: the points table's
            // rows hold result_json, long enough to spill into overflow pages that a scan of status would read.
            new Migration(5, "an index of complete points for the run list", List.of(
                    "CREATE INDEX points_complete ON points (status, run_id, point_key)")),
            // The drive's temperature once a second during every point (docs/telemetry.md), and its health log
            // before and after a run. A point whose drive has no sensor, or whose sensor this user may not read,
            // keeps that reason (unavailable) and no readings: "no sensor" is never stored as 0 degrees.
            new Migration(6, "drive telemetry: temperatures per point, health before and after a run", List.of(
                    """
                    CREATE TABLE point_telemetry (
                        point_id    INTEGER PRIMARY KEY REFERENCES points (id) ON DELETE CASCADE,
                        drive       TEXT,
                        unavailable TEXT
                    )""",
                    """
                    CREATE TABLE point_sensors (
                        point_id         INTEGER NOT NULL REFERENCES points (id) ON DELETE CASCADE,
                        position         INTEGER NOT NULL,
                        label            TEXT NOT NULL,
                        warning_celsius  REAL,
                        critical_celsius REAL,
                        PRIMARY KEY (point_id, position)
                    )""",
                    """
                    CREATE TABLE temperatures (
                        point_id INTEGER NOT NULL REFERENCES points (id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        t_ms     INTEGER NOT NULL,
                        celsius  REAL NOT NULL,
                        PRIMARY KEY (point_id, position, t_ms)
                    )""",
                    """
                    CREATE TABLE drive_health (
                        run_id             INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
                        moment             TEXT NOT NULL CHECK (moment IN ('before', 'after')),
                        taken_at           INTEGER NOT NULL,
                        drive              TEXT,
                        source             TEXT,
                        unavailable        TEXT,
                        bytes_written      INTEGER,
                        bytes_read         INTEGER,
                        percent_used       INTEGER,
                        media_errors       INTEGER,
                        warning_temp_minutes INTEGER,
                        critical_warning   INTEGER,
                        celsius            REAL,
                        PRIMARY KEY (run_id, moment)
                    )""")),
            // The run list's POINTS column without reading every run's plan: the number of points the plan
            // measures, stored when the run is filed (NULL for runs filed before, whose plan is read instead), and
            // the complete measured points counted from an index alone.
            new Migration(7, "planned points per run, and an index of complete measured points", List.of(
                    "ALTER TABLE runs ADD COLUMN planned_points INTEGER",
                    "CREATE INDEX points_measured ON points (run_id) WHERE status = 'complete' AND kind = 'measure'")),
            // The CPUs a run keeps its jobs to (fio's list, "1", "0-3"), so that a resume measures where the run
            // began; NULL: the scheduler places them (the default, docs/engine.md "QD1 latency").
            new Migration(8, "the CPUs a run keeps to", List.of(
                    "ALTER TABLE runs ADD COLUMN cpus_allowed TEXT")));

    static final int LATEST_VERSION = MIGRATIONS.get(MIGRATIONS.size() - 1).version();

    private Schema() {
    }
}
