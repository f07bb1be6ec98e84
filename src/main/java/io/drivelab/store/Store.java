package io.drivelab.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The results database: one SQLite file holding drives, runs, their points, per-interval samples and latency
 * histograms. Opening it migrates the schema forward; every point is committed on its own the moment it is
 * saved, so a crash loses at most the point being measured.
 *
 * <p>One connection, shared by the GUI and the runner threads: every public method is synchronized.
 */
public final class Store implements AutoCloseable {

    private static final int BUSY_TIMEOUT_MS = 10_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path path;
    private final Connection connection;
    /** Nesting of inTransaction() on this connection; only the outermost level commits. */
    private int transactionDepth;

    private Store(Path path, Connection connection) {
        this.path = path;
        this.connection = connection;
    }

    // ---------------------------------------------------------------- opening

    /** $DRIVELAB_DB if set, else $XDG_DATA_HOME/drivelab/drivelab.db (XDG default ~/.local/share). */
    public static Path defaultPath() {
        return defaultPath(System.getenv(), Path.of(System.getProperty("user.home")));
    }

    static Path defaultPath(Map<String, String> env, Path home) {
        String explicit = env.get("DRIVELAB_DB");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        String dataHome = env.get("XDG_DATA_HOME");
        // The XDG spec says a relative value is invalid and must be ignored.
        Path base = dataHome != null && !dataHome.isBlank() && Path.of(dataHome).isAbsolute()
                ? Path.of(dataHome)
                : home.resolve(".local").resolve("share");
        return base.resolve("drivelab").resolve("drivelab.db");
    }

    /**
     * Opens (creating it and its folder if needed) the database at {@code file} and migrates it to the latest
     * schema; an existing database is first copied to FILE.schemaN.bak.
     *
     * @throws StoreException when the file is not a DriveLab database, was written by a newer DriveLab, or
     *                        cannot be opened or migrated
     */
    public static Store open(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        try {
            Path parent = absolute.getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new StoreException("cannot create the folder of the database " + absolute + ": " + e, e);
        }
        if (Files.isDirectory(absolute)) {
            throw new StoreException(absolute + " is a folder, not a DriveLab database");
        }
        SQLiteConfig config = new SQLiteConfig();
        // Write transactions take the lock at BEGIN: a deferred one that reads first can fail with SQLITE_BUSY
        // when it upgrades, without waiting for the busy timeout.
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        Connection connection;
        try {
            connection = DriverManager.getConnection("jdbc:sqlite:" + absolute, config.toProperties());
        } catch (SQLException e) {
            throw openFailure(absolute, e);
        }
        Store store = new Store(absolute, connection);
        try {
            store.prepare();
            return store;
        } catch (SQLException e) {
            store.close();
            throw openFailure(absolute, e);
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    private static StoreException openFailure(Path file, SQLException e) {
        if (isNotADatabase(e)) {
            return new StoreException(file + " is not a DriveLab database (it is not an SQLite file); "
                    + "move it away or use --db", e);
        }
        return new StoreException("cannot open the database " + file + ": " + e.getMessage(), e);
    }

    private static boolean isNotADatabase(SQLException e) {
        if (e instanceof SQLiteException sqlite) {
            SQLiteErrorCode code = sqlite.getResultCode();
            return code == SQLiteErrorCode.SQLITE_NOTADB || code == SQLiteErrorCode.SQLITE_CORRUPT;
        }
        return false;
    }

    private void prepare() throws SQLException {
        // Checks first: a file we refuse must not be touched (switching to WAL writes its header).
        int applicationId = pragmaInt("application_id");
        int version = pragmaInt("user_version");
        boolean ours = applicationId == Schema.APPLICATION_ID;
        boolean empty = applicationId == 0 && version == 0 && !hasTables();
        if (!ours && !empty) {
            throw new StoreException(path + " is an SQLite database of another program, not DriveLab's; "
                    + "use --db to choose another file");
        }
        if (version > Schema.LATEST_VERSION) {
            throw new StoreException(path + " was written by a newer DriveLab (schema " + version
                    + ", this one knows " + Schema.LATEST_VERSION + "); upgrade DriveLab or use --db");
        }
        try (Statement statement = connection.createStatement()) {
            // WAL: readers (the GUI) never block the runner's commits. Persistent in the file.
            statement.execute("PRAGMA journal_mode = WAL");
            statement.execute("PRAGMA foreign_keys = ON");
        }
        migrate(version);
    }

    private void migrate(int fromVersion) throws SQLException {
        if (fromVersion == Schema.LATEST_VERSION) {
            return;
        }
        if (fromVersion > 0) {
            backUp(fromVersion);
        }
        for (Schema.Migration migration : Schema.MIGRATIONS) {
            if (migration.version() <= fromVersion) {
                continue;
            }
            try {
                inTransaction(() -> {
                    // Another process may have migrated while this one waited for the lock.
                    if (pragmaInt("user_version") < migration.version()) {
                        migration.apply(connection);
                    }
                    return null;
                });
            } catch (SQLException e) {
                throw new StoreException("cannot upgrade the database " + path + " to schema "
                        + migration.version() + " (" + migration.description() + "): " + e.getMessage(), e);
            }
        }
    }

    /** A consistent copy of the database before its schema changes, in case a migration goes wrong. */
    private void backUp(int version) throws SQLException {
        Path backup = path.resolveSibling(path.getFileName() + ".schema" + version + ".bak");
        if (Files.exists(backup)) {
            backup = path.resolveSibling(path.getFileName() + ".schema" + version + "-"
                    + System.currentTimeMillis() + ".bak");
        }
        try (PreparedStatement statement = connection.prepareStatement("VACUUM INTO ?")) {
            statement.setString(1, backup.toString());
            statement.execute();
        }
    }

    private boolean hasTables() throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*) FROM sqlite_master")) {
            return rows.getInt(1) > 0;
        }
    }

    private int pragmaInt(String pragma) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("PRAGMA " + pragma)) {
            return rows.getInt(1);
        }
    }

    public Path path() {
        return path;
    }

    /** The schema version this code creates and migrates to. */
    public static int latestSchemaVersion() {
        return Schema.LATEST_VERSION;
    }

    public synchronized int schemaVersion() {
        try {
            return pragmaInt("user_version");
        } catch (SQLException e) {
            throw failure("reading the schema version", e);
        }
    }

    @Override
    public synchronized void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw failure("closing", e);
        }
    }

    // ---------------------------------------------------------------- drives

    /** @throws StoreException when a drive with this model and serial exists already */
    public synchronized Drive createDrive(String model, String serial, String firmware, Long capacityBytes) {
        try {
            return insertDrive(model, serial, firmware, capacityBytes);
        } catch (SQLException e) {
            if (e instanceof SQLiteException sqlite
                    && sqlite.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_UNIQUE) {
                throw new StoreException("drive " + model + " serial " + serial + " exists already", e);
            }
            throw failure("creating drive " + model + " " + serial, e);
        }
    }

    /**
     * The drive with this model and serial, created if new. Firmware and capacity are updated to the given
     * values when they are known and differ (a firmware update does not make it another drive).
     */
    public synchronized Drive findOrCreateDrive(String model, String serial, String firmware, Long capacityBytes) {
        try {
            return inTransaction(() -> {
                Optional<Drive> found = queryDrive("SELECT * FROM drives WHERE model = ? AND serial = ?",
                        model, serial);
                if (found.isEmpty()) {
                    return insertDrive(model, serial, firmware, capacityBytes);
                }
                Drive drive = found.get();
                String newFirmware = firmware != null ? firmware : drive.firmware();
                Long newCapacity = capacityBytes != null ? capacityBytes : drive.capacityBytes();
                try (PreparedStatement update = connection.prepareStatement(
                        "UPDATE drives SET firmware = ?, capacity_bytes = ? WHERE id = ?")) {
                    update.setString(1, newFirmware);
                    setLong(update, 2, newCapacity);
                    update.setLong(3, drive.id());
                    update.executeUpdate();
                }
                return new Drive(drive.id(), model, serial, newFirmware, newCapacity);
            });
        } catch (SQLException e) {
            throw failure("looking up drive " + model + " " + serial, e);
        }
    }

    public synchronized Optional<Drive> getDrive(long id) {
        try {
            return queryDrive("SELECT * FROM drives WHERE id = ?", id);
        } catch (SQLException e) {
            throw failure("reading drive " + id, e);
        }
    }

    public synchronized List<Drive> listDrives() {
        try (PreparedStatement query = connection.prepareStatement("SELECT * FROM drives ORDER BY model, serial");
             ResultSet rows = query.executeQuery()) {
            List<Drive> drives = new ArrayList<>();
            while (rows.next()) {
                drives.add(drive(rows));
            }
            return drives;
        } catch (SQLException e) {
            throw failure("listing drives", e);
        }
    }

    private Drive insertDrive(String model, String serial, String firmware, Long capacityBytes) throws SQLException {
        if (model == null || serial == null) {
            throw new IllegalArgumentException("a drive needs a model and a serial");
        }
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO drives (model, serial, firmware, capacity_bytes) VALUES (?, ?, ?, ?) RETURNING id")) {
            insert.setString(1, model);
            insert.setString(2, serial);
            insert.setString(3, firmware);
            setLong(insert, 4, capacityBytes);
            try (ResultSet keys = insert.executeQuery()) {
                return new Drive(keys.getLong(1), model, serial, firmware, capacityBytes);
            }
        }
    }

    private Optional<Drive> queryDrive(String sql, Object... parameters) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                query.setObject(i + 1, parameters[i]);
            }
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() ? Optional.of(drive(rows)) : Optional.empty();
            }
        }
    }

    private static Drive drive(ResultSet rows) throws SQLException {
        return new Drive(rows.getLong("id"), rows.getString("model"), rows.getString("serial"),
                rows.getString("firmware"), getLong(rows, "capacity_bytes"));
    }

    // ---------------------------------------------------------------- runs

    /** Starts a run executed by this process; returns its id. */
    public long createRun(NewRun run) {
        return createRun(run, RunnerProcess.current());
    }

    /** Starts a run executed by {@code runner} (status RUNNING, started now); returns its id. */
    public synchronized long createRun(NewRun run, RunnerProcess runner) {
        try (PreparedStatement insert = connection.prepareStatement("""
                INSERT INTO runs (name, plan_json, plan_name, target, target_kind, drive_id, host, engine_version,
                                  started_at, status, runner_pid, runner_started_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?) RETURNING id""")) {
            insert.setString(1, run.name());
            insert.setString(2, run.planJson());
            insert.setString(3, run.planName());
            insert.setString(4, run.target());
            insert.setString(5, run.targetKind());
            setLong(insert, 6, run.driveId());
            insert.setString(7, run.host());
            insert.setString(8, run.engineVersion());
            insert.setLong(9, System.currentTimeMillis());
            insert.setLong(10, runner.pid());
            setInstant(insert, 11, runner.startedAt());
            try (ResultSet keys = insert.executeQuery()) {
                return keys.getLong(1);
            }
        } catch (SQLException e) {
            if (e instanceof SQLiteException sqlite
                    && sqlite.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_FOREIGNKEY) {
                throw new StoreException("no drive " + run.driveId() + " to file run " + run.name() + " under", e);
            }
            throw failure("creating run " + run.name(), e);
        }
    }

    /**
     * Sets a run's status. A final status (anything but RUNNING) also sets the end time to now.
     *
     * @param error why the run failed or stopped, or null
     */
    public synchronized void updateRunStatus(long runId, RunStatus status, String error) {
        try (PreparedStatement update = connection.prepareStatement(
                "UPDATE runs SET status = ?, error = ?, ended_at = ? WHERE id = ?")) {
            update.setString(1, status.dbValue());
            update.setString(2, error);
            setInstant(update, 3, status == RunStatus.RUNNING ? null : Instant.now());
            update.setLong(4, runId);
            requireOneRow(update.executeUpdate(), runId);
        } catch (SQLException e) {
            throw failure("updating run " + runId, e);
        }
    }

    /** Claims a stopped run for this process to resume it. */
    public Run resumeRun(long runId) {
        return resumeRun(runId, RunnerProcess.current());
    }

    /**
     * Claims a stopped run for {@code runner}: status RUNNING again, end time and error cleared.
     *
     * @throws StoreException when the run does not exist or another live process is running it
     */
    public synchronized Run resumeRun(long runId, RunnerProcess runner) {
        try {
            return inTransaction(() -> {
                Run run = queryRun(runId).orElseThrow(() -> noRun(runId));
                if (run.status() == RunStatus.RUNNING && run.runner() != null
                        && run.runner().pid() != runner.pid() && run.runner().isAlive()) {
                    throw new StoreException("run " + runId + " is being run by process " + run.runner().pid());
                }
                try (PreparedStatement update = connection.prepareStatement("""
                        UPDATE runs SET status = 'running', ended_at = NULL, error = NULL,
                                        runner_pid = ?, runner_started_at = ?
                        WHERE id = ?""")) {
                    update.setLong(1, runner.pid());
                    setInstant(update, 2, runner.startedAt());
                    update.setLong(3, runId);
                    update.executeUpdate();
                }
                return queryRun(runId).orElseThrow();
            });
        } catch (SQLException e) {
            throw failure("resuming run " + runId, e);
        }
    }

    /** All runs, newest first. */
    public synchronized List<Run> listRuns() {
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT * FROM runs ORDER BY started_at DESC, id DESC");
             ResultSet rows = query.executeQuery()) {
            List<Run> runs = new ArrayList<>();
            while (rows.next()) {
                runs.add(run(rows));
            }
            return runs;
        } catch (SQLException e) {
            throw failure("listing runs", e);
        }
    }

    public synchronized Optional<Run> getRun(long runId) {
        try {
            return queryRun(runId);
        } catch (SQLException e) {
            throw failure("reading run " + runId, e);
        }
    }

    public synchronized void renameRun(long runId, String name) {
        try (PreparedStatement update = connection.prepareStatement("UPDATE runs SET name = ? WHERE id = ?")) {
            update.setString(1, name);
            update.setLong(2, runId);
            requireOneRow(update.executeUpdate(), runId);
        } catch (SQLException e) {
            throw failure("renaming run " + runId, e);
        }
    }

    /**
     * Deletes a run with its points, samples and histograms.
     *
     * @throws StoreException when the run does not exist, or is still running in a live process (which would
     *                        fail at its next point)
     */
    public synchronized void deleteRun(long runId) {
        try {
            inTransaction(() -> {
                Run run = queryRun(runId).orElseThrow(() -> noRun(runId));
                if (run.status() == RunStatus.RUNNING && run.runner() != null && run.runner().isAlive()) {
                    throw new StoreException("run " + runId + " is still running (process " + run.runner().pid()
                            + "); stop it first");
                }
                try (PreparedStatement delete = connection.prepareStatement("DELETE FROM runs WHERE id = ?")) {
                    delete.setLong(1, runId);
                    delete.executeUpdate();
                }
                return null;
            });
        } catch (SQLException e) {
            throw failure("deleting run " + runId, e);
        }
    }

    /**
     * Marks INTERRUPTED every RUNNING run whose runner process is gone (no such pid, or the pid now belongs to
     * a process started at another time). Call once at every start. The end time becomes that of the run's last
     * saved point (or its start), which is when it really stopped.
     *
     * @return the runs it marked, as they are now
     */
    public synchronized List<Run> markStaleRunsInterrupted() {
        try {
            return inTransaction(() -> {
                List<Run> stale = new ArrayList<>();
                try (PreparedStatement query = connection.prepareStatement(
                        "SELECT * FROM runs WHERE status = 'running'");
                     ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        Run run = run(rows);
                        if (run.runner() == null || !run.runner().isAlive()) {
                            stale.add(run);
                        }
                    }
                }
                List<Run> marked = new ArrayList<>();
                try (PreparedStatement update = connection.prepareStatement("""
                        UPDATE runs SET status = 'interrupted', error = ?,
                            ended_at = coalesce((SELECT max(ended_at) FROM points WHERE run_id = runs.id), started_at)
                        WHERE id = ? AND status = 'running'""")) {
                    for (Run run : stale) {
                        String process = run.runner() == null ? "its process" : "process " + run.runner().pid();
                        update.setString(1, "DriveLab (" + process + ") stopped before the run finished");
                        update.setLong(2, run.id());
                        update.executeUpdate();
                        marked.add(queryRun(run.id()).orElseThrow());
                    }
                }
                return marked;
            });
        } catch (SQLException e) {
            throw failure("marking interrupted runs", e);
        }
    }

    private Optional<Run> queryRun(long runId) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT * FROM runs WHERE id = ?")) {
            query.setLong(1, runId);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() ? Optional.of(run(rows)) : Optional.empty();
            }
        }
    }

    private static Run run(ResultSet rows) throws SQLException {
        Long pid = getLong(rows, "runner_pid");
        RunnerProcess runner = pid == null ? null : new RunnerProcess(pid, getInstant(rows, "runner_started_at"));
        return new Run(rows.getLong("id"), rows.getString("name"), rows.getString("plan_json"),
                rows.getString("plan_name"), rows.getString("target"), rows.getString("target_kind"),
                getLong(rows, "drive_id"), rows.getString("host"), rows.getString("engine_version"),
                getInstant(rows, "started_at"), getInstant(rows, "ended_at"),
                RunStatus.fromDb(rows.getString("status")), rows.getString("error"), runner);
    }

    private static StoreException noRun(long runId) {
        return new StoreException("no run " + runId);
    }

    private static void requireOneRow(int updated, long runId) {
        if (updated == 0) {
            throw noRun(runId);
        }
    }

    // ---------------------------------------------------------------- run groups

    /**
     * Groups runs that measure one plan on several targets at the same time; returns the group's id. A run can be
     * in one group only.
     */
    public synchronized long createRunGroup(String name, List<Long> runIds) {
        try {
            return inTransaction(() -> {
                long groupId;
                try (PreparedStatement insert = connection.prepareStatement(
                        "INSERT INTO run_groups (name, created_at) VALUES (?, ?) RETURNING id")) {
                    insert.setString(1, name);
                    insert.setLong(2, System.currentTimeMillis());
                    try (ResultSet keys = insert.executeQuery()) {
                        groupId = keys.getLong(1);
                    }
                }
                try (PreparedStatement member = connection.prepareStatement(
                        "INSERT INTO run_group_members (group_id, run_id, position) VALUES (?, ?, ?)")) {
                    for (int i = 0; i < runIds.size(); i++) {
                        member.setLong(1, groupId);
                        member.setLong(2, runIds.get(i));
                        member.setInt(3, i);
                        member.executeUpdate();
                    }
                }
                return groupId;
            });
        } catch (SQLException e) {
            throw failure("grouping runs " + runIds, e);
        }
    }

    /** The group a run belongs to, with all its runs; empty for a run of one target. */
    public synchronized Optional<RunGroup> findRunGroup(long runId) {
        try (PreparedStatement query = connection.prepareStatement("""
                SELECT g.id, g.name, g.created_at, m.run_id FROM run_groups g
                JOIN run_group_members m ON m.group_id = g.id
                WHERE g.id = (SELECT group_id FROM run_group_members WHERE run_id = ?)
                ORDER BY m.position""")) {
            query.setLong(1, runId);
            List<Long> runs = new ArrayList<>();
            long id = 0;
            String name = null;
            Instant created = null;
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    id = rows.getLong(1);
                    name = rows.getString(2);
                    created = Instant.ofEpochMilli(rows.getLong(3));
                    runs.add(rows.getLong(4));
                }
            }
            return name == null ? Optional.empty() : Optional.of(new RunGroup(id, name, created, runs));
        } catch (SQLException e) {
            throw failure("reading the group of run " + runId, e);
        }
    }

    // ---------------------------------------------------------------- points

    /**
     * Saves a finished point with its samples and histograms in one transaction, committed before this returns.
     * Saving a point key the run has already replaces that earlier attempt (a resumed run measures failed and
     * partial points again).
     *
     * @return the point's id
     */
    public synchronized long savePoint(long runId, PointResult point, List<Sample> samples) {
        String key = point.meta().pointKey();
        try {
            return inTransaction(() -> {
                if (queryRun(runId).isEmpty()) {
                    throw new StoreException("no run " + runId + " to save point " + key + " in");
                }
                try (PreparedStatement delete = connection.prepareStatement(
                        "DELETE FROM points WHERE run_id = ? AND point_key = ?")) {
                    delete.setLong(1, runId);
                    delete.setString(2, key);
                    delete.executeUpdate();
                }
                long pointId = insertPoint(runId, point);
                insertSamples(pointId, samples);
                insertHistograms(pointId, point.histograms());
                return pointId;
            });
        } catch (SQLException e) {
            throw failure("saving point " + key + " of run " + runId, e);
        }
    }

    private long insertPoint(long runId, PointResult point) throws SQLException {
        PointMeta meta = point.meta();
        try (PreparedStatement insert = connection.prepareStatement("""
                INSERT INTO points (run_id, seq, point_key, kind, workload, rw, bs, bs_mix, rwmixread, iodepth,
                    numjobs, runtime_ms,
                    read_iops, read_bw_bytes, read_lat_mean_ns, read_p50_ns, read_p99_ns, read_p999_ns,
                    write_iops, write_bw_bytes, write_lat_mean_ns, write_p50_ns, write_p99_ns, write_p999_ns,
                    result_json, status, error, started_at, ended_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                RETURNING id""")) {
            int i = 1;
            insert.setLong(i++, runId);
            insert.setInt(i++, meta.seq());
            insert.setString(i++, meta.pointKey());
            insert.setString(i++, meta.kind().dbValue());
            insert.setString(i++, meta.workload());
            insert.setString(i++, meta.rw());
            setLong(insert, i++, meta.bs());
            insert.setString(i++, meta.bsMix());
            setLong(insert, i++, meta.rwmixread() == null ? null : meta.rwmixread().longValue());
            insert.setInt(i++, meta.iodepth());
            insert.setInt(i++, meta.numjobs());
            setLong(insert, i++, point.runtimeMs());
            i = setDirection(insert, i, point.read());
            i = setDirection(insert, i, point.write());
            insert.setString(i++, point.resultJson());
            insert.setString(i++, point.status().dbValue());
            insert.setString(i++, point.error());
            setInstant(insert, i++, point.startedAt());
            setInstant(insert, i, point.endedAt());
            try (ResultSet keys = insert.executeQuery()) {
                return keys.getLong(1);
            }
        }
    }

    private static int setDirection(PreparedStatement statement, int i, DirectionResult figures) throws SQLException {
        boolean none = figures == null;
        setDouble(statement, i++, none ? null : figures.iops());
        setLong(statement, i++, none ? null : figures.bwBytes());
        setDouble(statement, i++, none ? null : figures.latMeanNs());
        setLong(statement, i++, none ? null : figures.p50Ns());
        setLong(statement, i++, none ? null : figures.p99Ns());
        setLong(statement, i++, none ? null : figures.p999Ns());
        return i;
    }

    private void insertSamples(long pointId, List<Sample> samples) throws SQLException {
        if (samples.isEmpty()) {
            return;
        }
        try (PreparedStatement insert = connection.prepareStatement("""
                INSERT INTO samples (point_id, t_ms, ramp, read_iops, read_bw_bytes, read_lat_mean_ns, read_p99_ns,
                                     write_iops, write_bw_bytes, write_lat_mean_ns, write_p99_ns)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
            for (Sample sample : samples) {
                int i = 1;
                insert.setLong(i++, pointId);
                insert.setLong(i++, sample.tMs());
                insert.setInt(i++, sample.ramp() ? 1 : 0);
                i = setFigures(insert, i, sample.read());
                setFigures(insert, i, sample.write());
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    private static int setFigures(PreparedStatement statement, int i, Sample.Figures figures) throws SQLException {
        boolean none = figures == null;
        setDouble(statement, i++, none ? null : figures.iops());
        setLong(statement, i++, none ? null : figures.bwBytes());
        setDouble(statement, i++, none ? null : figures.latMeanNs());
        setLong(statement, i++, none ? null : figures.p99Ns());
        return i;
    }

    private void insertHistograms(long pointId, List<Histogram> histograms) throws SQLException {
        if (histograms.isEmpty()) {
            return;
        }
        try (PreparedStatement insert = connection.prepareStatement("""
                INSERT INTO histograms (point_id, direction, layout, bits, groups, buckets)
                VALUES (?, ?, ?, ?, ?, ?)""")) {
            for (Histogram histogram : histograms) {
                insert.setLong(1, pointId);
                insert.setString(2, histogram.direction().jsonName());
                insert.setString(3, histogram.layout());
                insert.setInt(4, histogram.bits());
                insert.setInt(5, histogram.groups());
                insert.setString(6, bucketsJson(histogram.buckets()));
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    private static String bucketsJson(List<Histogram.Bucket> buckets) {
        ArrayNode pairs = JSON.createArrayNode();
        for (Histogram.Bucket bucket : buckets) {
            pairs.addArray().add(bucket.index()).add(bucket.count());
        }
        return pairs.toString();
    }

    /** A run's points in plan order, with their histograms. */
    public synchronized List<StoredPoint> listPoints(long runId) {
        try {
            Map<Long, List<Histogram>> histograms = histogramsOfRun(runId);
            List<StoredPoint> points = new ArrayList<>();
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT * FROM points WHERE run_id = ? ORDER BY seq, id")) {
                query.setLong(1, runId);
                try (ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        long id = rows.getLong("id");
                        points.add(new StoredPoint(id, runId, point(rows, histograms.getOrDefault(id, List.of()))));
                    }
                }
            }
            return points;
        } catch (SQLException e) {
            throw failure("reading the points of run " + runId, e);
        }
    }

    /** Keys of the run's COMPLETE points: what a resumed run skips. */
    public synchronized Set<String> completedPointKeys(long runId) {
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT point_key FROM points WHERE run_id = ? AND status = 'complete' ORDER BY seq")) {
            query.setLong(1, runId);
            Set<String> keys = new LinkedHashSet<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    keys.add(rows.getString(1));
                }
            }
            return keys;
        } catch (SQLException e) {
            throw failure("reading the completed points of run " + runId, e);
        }
    }

    /** A point's samples in time order. */
    public synchronized List<Sample> listSamples(long pointId) {
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT * FROM samples WHERE point_id = ? ORDER BY t_ms")) {
            query.setLong(1, pointId);
            List<Sample> samples = new ArrayList<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    samples.add(new Sample(rows.getLong("t_ms"), rows.getInt("ramp") != 0,
                            figures(rows, "read_"), figures(rows, "write_")));
                }
            }
            return samples;
        } catch (SQLException e) {
            throw failure("reading the samples of point " + pointId, e);
        }
    }

    private Map<Long, List<Histogram>> histogramsOfRun(long runId) throws SQLException {
        Map<Long, List<Histogram>> byPoint = new HashMap<>();
        try (PreparedStatement query = connection.prepareStatement("""
                SELECT h.* FROM histograms h JOIN points p ON p.id = h.point_id
                WHERE p.run_id = ? ORDER BY h.point_id, h.direction""")) {
            query.setLong(1, runId);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    Histogram histogram = new Histogram(Direction.fromJsonName(rows.getString("direction")),
                            rows.getString("layout"), rows.getInt("bits"), rows.getInt("groups"),
                            Histogram.bucketsOf(parseJson(rows.getString("buckets"))));
                    byPoint.computeIfAbsent(rows.getLong("point_id"), id -> new ArrayList<>()).add(histogram);
                }
            }
        }
        return byPoint;
    }

    private PointResult point(ResultSet rows, List<Histogram> histograms) throws SQLException {
        Long rwmixread = getLong(rows, "rwmixread");
        PointMeta meta = new PointMeta(rows.getString("point_key"), rows.getInt("seq"),
                PointKind.fromDb(rows.getString("kind")), rows.getString("workload"), rows.getString("rw"),
                getLong(rows, "bs"), rows.getString("bs_mix"), rwmixread == null ? null : rwmixread.intValue(),
                rows.getInt("iodepth"), rows.getInt("numjobs"));
        return new PointResult(meta, PointStatus.fromDb(rows.getString("status")), getLong(rows, "runtime_ms"),
                direction(rows, "read_"), direction(rows, "write_"), rows.getString("result_json"), histograms,
                rows.getString("error"), getInstant(rows, "started_at"), getInstant(rows, "ended_at"));
    }

    private static DirectionResult direction(ResultSet rows, String prefix) throws SQLException {
        Double iops = getDouble(rows, prefix + "iops");
        if (iops == null) {
            return null;
        }
        return new DirectionResult(iops, rows.getLong(prefix + "bw_bytes"), getDouble(rows, prefix + "lat_mean_ns"),
                getLong(rows, prefix + "p50_ns"), getLong(rows, prefix + "p99_ns"), getLong(rows, prefix + "p999_ns"));
    }

    private static Sample.Figures figures(ResultSet rows, String prefix) throws SQLException {
        Double iops = getDouble(rows, prefix + "iops");
        if (iops == null) {
            return null;
        }
        return new Sample.Figures(iops, rows.getLong(prefix + "bw_bytes"), getDouble(rows, prefix + "lat_mean_ns"),
                getLong(rows, prefix + "p99_ns"));
    }

    private com.fasterxml.jackson.databind.JsonNode parseJson(String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new StoreException("damaged histogram in " + path + ": " + e.getOriginalMessage(), e);
        }
    }

    // ---------------------------------------------------------------- several changes as one

    /**
     * Runs {@code work}, which calls this store's methods, as one transaction: every change it makes is committed
     * together when it returns, and none is kept when it throws (an import of several runs is all or nothing).
     * Other threads wait meanwhile.
     */
    public synchronized <T> T atomically(Supplier<T> work) {
        try {
            return inTransaction(work::get);
        } catch (SQLException e) {
            throw failure("committing", e);
        }
    }

    // ---------------------------------------------------------------- reference library

    /** The shipped reference files loaded so far, by file name, with their data. */
    public synchronized List<StoredReferenceSource> listReferenceSources() {
        try (PreparedStatement query = connection.prepareStatement("SELECT * FROM reference_sources ORDER BY file");
             ResultSet rows = query.executeQuery()) {
            List<StoredReferenceSource> sources = new ArrayList<>();
            while (rows.next()) {
                sources.add(new StoredReferenceSource(rows.getString("file"), rows.getInt("version"),
                        rows.getString("sha256"), rows.getString("data_json"), getInstant(rows, "loaded_at")));
            }
            return sources;
        } catch (SQLException e) {
            throw failure("reading the reference library", e);
        }
    }

    /**
     * Replaces one reference file and its figures (or adds it), in one transaction. Runs, points and drives are
     * not touched.
     */
    public synchronized void replaceReferenceSource(StoredReferenceSource source, List<ReferenceRow> figures) {
        try {
            inTransaction(() -> {
                try (PreparedStatement delete = connection.prepareStatement(
                        "DELETE FROM reference_sources WHERE file = ?")) {
                    delete.setString(1, source.file());
                    delete.executeUpdate();
                }
                try (PreparedStatement insert = connection.prepareStatement("""
                        INSERT INTO reference_sources (file, version, sha256, data_json, loaded_at)
                        VALUES (?, ?, ?, ?, ?)""")) {
                    insert.setString(1, source.file());
                    insert.setInt(2, source.version());
                    insert.setString(3, source.sha256());
                    insert.setString(4, source.json());
                    setInstant(insert, 5, source.loadedAt());
                    insert.executeUpdate();
                }
                insertReferenceRows(source.file(), figures);
                return null;
            });
        } catch (SQLException e) {
            throw failure("loading reference file " + source.file(), e);
        }
    }

    private void insertReferenceRows(String file, List<ReferenceRow> figures) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("""
                INSERT INTO reference_figures (source_file, seq, kind, drive, capacity, section, suite, test, rw, bs,
                    bs_mix, iodepth, numjobs, metric, value, unit, qualifier, note)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
            for (ReferenceRow row : figures) {
                int i = 1;
                insert.setString(i++, file);
                insert.setInt(i++, row.seq());
                insert.setString(i++, row.kind());
                insert.setString(i++, row.drive());
                insert.setString(i++, row.capacity());
                insert.setString(i++, row.section());
                insert.setString(i++, row.suite());
                insert.setString(i++, row.test());
                insert.setString(i++, row.rw());
                setLong(insert, i++, row.bs());
                insert.setString(i++, row.bsMix());
                setLong(insert, i++, row.iodepth() == null ? null : row.iodepth().longValue());
                setLong(insert, i++, row.numjobs() == null ? null : row.numjobs().longValue());
                insert.setString(i++, row.metric());
                insert.setDouble(i++, row.value());
                insert.setString(i++, row.unit());
                insert.setString(i++, row.qualifier());
                insert.setString(i, row.note());
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /** The figures of one reference file as loaded, in the file's order. */
    public synchronized List<ReferenceRow> listReferenceRows(String file) {
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT * FROM reference_figures WHERE source_file = ? ORDER BY seq")) {
            query.setString(1, file);
            List<ReferenceRow> figures = new ArrayList<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    Long iodepth = getLong(rows, "iodepth");
                    Long numjobs = getLong(rows, "numjobs");
                    figures.add(new ReferenceRow(rows.getInt("seq"), rows.getString("kind"), rows.getString("drive"),
                            rows.getString("capacity"), rows.getString("section"), rows.getString("suite"),
                            rows.getString("test"), rows.getString("rw"), getLong(rows, "bs"),
                            rows.getString("bs_mix"), iodepth == null ? null : iodepth.intValue(),
                            numjobs == null ? null : numjobs.intValue(), rows.getString("metric"),
                            rows.getDouble("value"), rows.getString("unit"), rows.getString("qualifier"),
                            rows.getString("note")));
                }
            }
            return figures;
        } catch (SQLException e) {
            throw failure("reading the figures of reference file " + file, e);
        }
    }

    // ---------------------------------------------------------------- JDBC helpers

    private interface SqlWork<T> {
        T run() throws SQLException;
    }

    private <T> T inTransaction(SqlWork<T> work) throws SQLException {
        if (transactionDepth > 0) {
            // Inside atomically(): the outermost transaction commits or rolls back everything.
            transactionDepth++;
            try {
                return work.run();
            } finally {
                transactionDepth--;
            }
        }
        transactionDepth = 1;
        connection.setAutoCommit(false);
        try {
            T result = work.run();
            connection.commit();
            return result;
        } catch (SQLException | RuntimeException e) {
            try {
                connection.rollback();
            } catch (SQLException rollbackFailure) {
                e.addSuppressed(rollbackFailure);
            }
            throw e;
        } finally {
            transactionDepth = 0;
            connection.setAutoCommit(true);
        }
    }

    private StoreException failure(String what, SQLException e) {
        if (e instanceof SQLiteException sqlite && (sqlite.getResultCode() == SQLiteErrorCode.SQLITE_BUSY
                || sqlite.getResultCode() == SQLiteErrorCode.SQLITE_LOCKED)) {
            return new StoreException(what + ": the database " + path + " stayed locked by another process for "
                    + BUSY_TIMEOUT_MS / 1000 + " s", e);
        }
        return new StoreException(what + " in " + path + ": " + e.getMessage(), e);
    }

    private static void setLong(PreparedStatement statement, int index, Long value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.INTEGER);
        } else {
            statement.setLong(index, value);
        }
    }

    private static void setDouble(PreparedStatement statement, int index, Double value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.REAL);
        } else {
            statement.setDouble(index, value);
        }
    }

    private static void setInstant(PreparedStatement statement, int index, Instant value) throws SQLException {
        setLong(statement, index, value == null ? null : value.toEpochMilli());
    }

    private static Long getLong(ResultSet rows, String column) throws SQLException {
        long value = rows.getLong(column);
        return rows.wasNull() ? null : value;
    }

    private static Double getDouble(ResultSet rows, String column) throws SQLException {
        double value = rows.getDouble(column);
        return rows.wasNull() ? null : value;
    }

    private static Instant getInstant(ResultSet rows, String column) throws SQLException {
        Long millis = getLong(rows, column);
        return millis == null ? null : Instant.ofEpochMilli(millis);
    }
}
