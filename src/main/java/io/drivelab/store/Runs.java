package io.drivelab.store;

import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.drivelab.store.Columns.getInstant;
import static io.drivelab.store.Columns.getInt;
import static io.drivelab.store.Columns.getLong;
import static io.drivelab.store.Columns.setInstant;
import static io.drivelab.store.Columns.setInt;
import static io.drivelab.store.Columns.setLong;

/** The runs table and run groups: a run's life from created to finished, resumed or deleted. */
final class Runs {

    private final Database database;

    Runs(Database database) {
        this.database = database;
    }

    long create(NewRun run, RunnerProcess runner) {
        try {
            return database.transaction(c -> {
                try (PreparedStatement insert = c.prepareStatement("""
                        INSERT INTO runs (name, plan_json, plan_name, target, target_kind, drive_id, host,
                                          engine_version, started_at, status, runner_pid, runner_started_at,
                                          planned_points, cpus_allowed)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?, ?) RETURNING id""")) {
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
                    setInt(insert, 12, run.plannedPoints());
                    insert.setString(13, run.cpusAllowed());
                    try (ResultSet keys = insert.executeQuery()) {
                        return keys.getLong(1);
                    }
                }
            });
        } catch (SQLException e) {
            if (e instanceof SQLiteException sqlite
                    && sqlite.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_FOREIGNKEY) {
                throw new StoreException("no drive " + run.driveId() + " to file run " + run.name() + " under", e);
            }
            throw database.failure("creating run " + run.name(), e);
        }
    }

    void updateStatus(long runId, RunStatus status, String error) {
        update("updating run " + runId, runId, "UPDATE runs SET status = ?, error = ?, ended_at = ? WHERE id = ?",
                status.dbValue(), error, status == RunStatus.RUNNING ? null : System.currentTimeMillis());
    }

    void rename(long runId, String name) {
        update("renaming run " + runId, runId, "UPDATE runs SET name = ? WHERE id = ?", name);
    }

    /** Runs one UPDATE of run {@code runId} with {@code values} and then the id as parameters. */
    private void update(String what, long runId, String sql, Object... values) {
        try {
            int updated = database.transaction(c -> {
                try (PreparedStatement update = c.prepareStatement(sql)) {
                    for (int i = 0; i < values.length; i++) {
                        update.setObject(i + 1, values[i]);
                    }
                    update.setLong(values.length + 1, runId);
                    return update.executeUpdate();
                }
            });
            if (updated == 0) {
                throw noRun(runId);
            }
        } catch (SQLException e) {
            throw database.failure(what, e);
        }
    }

    Run resume(long runId, RunnerProcess runner) {
        try {
            return database.transaction(c -> {
                Run run = query(c, runId).orElseThrow(() -> noRun(runId));
                if (run.status() == RunStatus.RUNNING && run.runner() != null
                        && run.runner().pid() != runner.pid() && run.runner().isAlive()) {
                    throw new StoreException("run " + runId + " is being run by process " + run.runner().pid());
                }
                try (PreparedStatement update = c.prepareStatement("""
                        UPDATE runs SET status = 'running', ended_at = NULL, error = NULL,
                                        runner_pid = ?, runner_started_at = ?
                        WHERE id = ?""")) {
                    update.setLong(1, runner.pid());
                    setInstant(update, 2, runner.startedAt());
                    update.setLong(3, runId);
                    update.executeUpdate();
                }
                return query(c, runId).orElseThrow();
            });
        } catch (SQLException e) {
            throw database.failure("resuming run " + runId, e);
        }
    }

    List<Run> list() {
        try {
            return database.unit(c -> Columns.list(c, "SELECT * FROM runs ORDER BY started_at DESC, id DESC",
                    Runs::run));
        } catch (SQLException e) {
            throw database.failure("listing runs", e);
        }
    }

    /**
     * Every run without its plan (a few KB each, most of what a list of all runs would read), with its complete
     * measured points counted in the partial index points_measured alone.
     */
    List<ListedRun> listed() {
        try {
            return database.unit(c -> Columns.list(c, """
                    SELECT id, name, plan_name, target, target_kind, drive_id, host, engine_version, started_at,
                           ended_at, status, error, planned_points,
                           (SELECT count(*) FROM points INDEXED BY points_measured
                            WHERE run_id = runs.id AND status = 'complete' AND kind = 'measure') AS measured
                    FROM runs ORDER BY started_at DESC, id DESC""",
                    rows -> new ListedRun(rows.getLong("id"), rows.getString("name"), rows.getString("plan_name"),
                            rows.getString("target"), rows.getString("target_kind"), getLong(rows, "drive_id"),
                            rows.getString("host"), rows.getString("engine_version"), getInstant(rows, "started_at"),
                            getInstant(rows, "ended_at"), RunStatus.fromDb(rows.getString("status")),
                            rows.getString("error"), getInt(rows, "planned_points"), rows.getInt("measured"))));
        } catch (SQLException e) {
            throw database.failure("listing runs", e);
        }
    }

    /**
     * The plans of the runs without planned points, by plan, with the ids of its runs. Plans that differ only in
     * their top-level name and description are one (each imported fio file describes itself): grouped by SQLite, so
     * that a thousand plans are not read into Java to find the one they share.
     */
    Map<String, List<Long>> plansWithoutPlannedPoints() {
        try {
            return database.unit(c -> {
                Map<String, List<Long>> byPlan = new LinkedHashMap<>();
                try (PreparedStatement query = c.prepareStatement("""
                        SELECT min(plan_json), group_concat(id) FROM runs WHERE planned_points IS NULL
                        GROUP BY CASE WHEN json_valid(plan_json) THEN json_remove(plan_json, '$.name', '$.description')
                                      ELSE plan_json END""");
                     ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        byPlan.put(rows.getString(1),
                                Arrays.stream(rows.getString(2).split(",")).map(Long::valueOf).toList());
                    }
                }
                return byPlan;
            });
        } catch (SQLException e) {
            throw database.failure("reading the plans of runs filed without their planned points", e);
        }
    }

    /**
     * Stores the planned points of runs filed without them, unless another process holds the write lock right now:
     * a list of runs does not wait behind a long import. Whether they were stored.
     */
    boolean fillPlannedPoints(Map<Long, Integer> plannedByRun) {
        try {
            return database.unit(c -> {
                try (Statement statement = c.createStatement()) {
                    statement.execute("PRAGMA busy_timeout = 0");
                }
                try {
                    return database.transaction(t -> {
                        try (PreparedStatement update = t.prepareStatement(
                                "UPDATE runs SET planned_points = ? WHERE id = ? AND planned_points IS NULL")) {
                            for (Map.Entry<Long, Integer> run : plannedByRun.entrySet()) {
                                update.setInt(1, run.getValue());
                                update.setLong(2, run.getKey());
                                update.executeUpdate();
                            }
                        }
                        return true;
                    });
                } catch (SQLiteException e) {
                    if (e.getResultCode().code == SQLiteErrorCode.SQLITE_BUSY.code) {
                        return false;
                    }
                    throw e;
                }
            });
        } catch (SQLException e) {
            throw database.failure("storing the planned points of runs filed without them", e);
        }
    }

    Optional<Run> get(long runId) {
        try {
            return database.unit(c -> query(c, runId));
        } catch (SQLException e) {
            throw database.failure("reading run " + runId, e);
        }
    }

    void delete(long runId) {
        try {
            database.transaction(c -> {
                Run run = query(c, runId).orElseThrow(() -> noRun(runId));
                if (run.runsInALiveProcess()) {
                    throw new StoreException("run " + runId + " is still running (process " + run.runner().pid()
                            + "); stop it first");
                }
                try (PreparedStatement delete = c.prepareStatement("DELETE FROM runs WHERE id = ?")) {
                    delete.setLong(1, runId);
                    delete.executeUpdate();
                }
                return null;
            });
        } catch (SQLException e) {
            throw database.failure("deleting run " + runId, e);
        }
    }

    List<Run> markStaleInterrupted() {
        try {
            // Read first: at almost every start nothing is stale, and then nothing waits for the write lock (held
            // by a long import, say) or pays for the check before a session's first write.
            if (database.unit(Runs::stale).isEmpty()) {
                return List.of();
            }
            return database.transaction(c -> {
                List<Run> stale = stale(c);
                List<Run> marked = new ArrayList<>();
                try (PreparedStatement update = c.prepareStatement("""
                        UPDATE runs SET status = 'interrupted', error = ?,
                            ended_at = coalesce((SELECT max(ended_at) FROM points WHERE run_id = runs.id), started_at)
                        WHERE id = ? AND status = 'running'""")) {
                    for (Run run : stale) {
                        String process = run.runner() == null ? "its process" : "process " + run.runner().pid();
                        update.setString(1, "DriveLab (" + process + ") stopped before the run finished");
                        update.setLong(2, run.id());
                        update.executeUpdate();
                        marked.add(query(c, run.id()).orElseThrow());
                    }
                }
                return marked;
            });
        } catch (SQLException e) {
            throw database.failure("marking interrupted runs", e);
        }
    }

    private static List<Run> stale(Connection c) throws SQLException {
        // A running run has no end time. "ended_at IS NULL" first: SQLite answers it from the row's header, while
        // status, stored after the plan, is reached through the plan's overflow pages (a read of every plan).
        return Columns.list(c, "SELECT * FROM runs WHERE ended_at IS NULL AND status = 'running'", Runs::run)
                .stream()
                .filter(run -> !run.runsInALiveProcess())
                .toList();
    }

    long createGroup(String name, List<Long> runIds) {
        try {
            return database.transaction(c -> {
                long groupId;
                try (PreparedStatement insert = c.prepareStatement(
                        "INSERT INTO run_groups (name, created_at) VALUES (?, ?) RETURNING id")) {
                    insert.setString(1, name);
                    insert.setLong(2, System.currentTimeMillis());
                    try (ResultSet keys = insert.executeQuery()) {
                        groupId = keys.getLong(1);
                    }
                }
                try (PreparedStatement member = c.prepareStatement(
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
            throw database.failure("grouping runs " + runIds, e);
        }
    }

    Optional<RunGroup> findGroup(long runId) {
        try {
            return database.unit(c -> {
                try (PreparedStatement query = c.prepareStatement("""
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
                }
            });
        } catch (SQLException e) {
            throw database.failure("reading the group of run " + runId, e);
        }
    }

    static Optional<Run> query(Connection c, long runId) throws SQLException {
        return Columns.first(c, "SELECT * FROM runs WHERE id = ?", Runs::run, runId);
    }

    private static Run run(ResultSet rows) throws SQLException {
        Long pid = getLong(rows, "runner_pid");
        RunnerProcess runner = pid == null ? null : new RunnerProcess(pid, getInstant(rows, "runner_started_at"));
        return new Run(rows.getLong("id"), rows.getString("name"), rows.getString("plan_json"),
                rows.getString("plan_name"), rows.getString("target"), rows.getString("target_kind"),
                getLong(rows, "drive_id"), rows.getString("host"), rows.getString("engine_version"),
                getInstant(rows, "started_at"), getInstant(rows, "ended_at"),
                RunStatus.fromDb(rows.getString("status")), rows.getString("error"), runner,
                getInt(rows, "planned_points"), rows.getString("cpus_allowed"));
    }

    private static StoreException noRun(long runId) {
        return new StoreException("no run " + runId);
    }
}
