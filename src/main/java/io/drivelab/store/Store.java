package io.drivelab.store;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The results database: one SQLite file holding drives, runs, their points, per-interval samples and latency
 * histograms, and the reference library. Opening it migrates the schema forward; every point is committed on its
 * own the moment it is saved, so a crash loses at most the point being measured.
 *
 * <p>Safe to share between the GUI and the runner threads: one unit of work at a time. No connection is held
 * between calls (see {@link Database}).
 */
public final class Store implements AutoCloseable {

    private final Database database;
    private final Drives drives;
    private final Runs runs;
    private final Points points;
    private final ReferenceTables reference;
    private final Telemetry telemetry;

    private Store(Database database) {
        this.database = database;
        this.drives = new Drives(database);
        this.runs = new Runs(database);
        this.points = new Points(database);
        this.reference = new ReferenceTables(database);
        this.telemetry = new Telemetry(database);
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
     * @throws StoreException when the path is not a regular file, the file is not a DriveLab database, was
     *                        written by a newer DriveLab, is damaged, or cannot be opened or migrated
     */
    public static Store open(Path file) {
        return new Store(Database.open(file));
    }

    /**
     * The database at {@code file}, opened as {@link #open} does by the first call that reads or writes it, on
     * that call's thread: a window can show while the file is opened, migrated or waited for in the background.
     * What {@link #open} throws, that first call throws (and the next one tries again).
     */
    public static Store openOnFirstUse(Path file) {
        return new Store(Database.onFirstUse(file));
    }

    public Path path() {
        return database.path();
    }

    /**
     * Loads SQLite's driver and native library without touching any file: a command started on another thread
     * while its arguments are parsed finds them ready.
     */
    public static void warmUp() {
        Database.warmUp();
    }

    /** The schema version this code creates and migrates to. */
    public static int latestSchemaVersion() {
        return Schema.LATEST_VERSION;
    }

    public int schemaVersion() {
        try {
            return database.schemaVersion();
        } catch (SQLException e) {
            throw database.failure("reading the schema version", e);
        }
    }

    /** Nothing is held between calls; kept so that callers say when they are done with the database. */
    @Override
    public void close() {
    }

    // ---------------------------------------------------------------- drives

    /** @throws StoreException when a drive with this model and serial exists already */
    public Drive createDrive(String model, String serial, String firmware, Long capacityBytes) {
        return drives.create(model, serial, firmware, capacityBytes);
    }

    /**
     * The drive with this model and serial, created if new. Firmware and capacity are updated to the given
     * values when they are known and differ (a firmware update does not make it another drive).
     */
    public Drive findOrCreateDrive(String model, String serial, String firmware, Long capacityBytes) {
        return drives.findOrCreate(model, serial, firmware, capacityBytes);
    }

    public Optional<Drive> getDrive(long id) {
        return drives.get(id);
    }

    public List<Drive> listDrives() {
        return drives.list();
    }

    // ---------------------------------------------------------------- runs

    /** Starts a run executed by this process; returns its id. */
    public long createRun(NewRun run) {
        return createRun(run, RunnerProcess.current());
    }

    /** Starts a run executed by {@code runner} (status RUNNING, started now); returns its id. */
    public long createRun(NewRun run, RunnerProcess runner) {
        return runs.create(run, runner);
    }

    /**
     * Sets a run's status. A final status (anything but RUNNING) also sets the end time to now.
     *
     * @param error why the run failed or stopped, or null
     */
    public void updateRunStatus(long runId, RunStatus status, String error) {
        runs.updateStatus(runId, status, error);
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
    public Run resumeRun(long runId, RunnerProcess runner) {
        return runs.resume(runId, runner);
    }

    /** All runs, newest first. */
    public List<Run> listRuns() {
        return runs.list();
    }

    /**
     * All runs, newest first, as a list shows them: without their plans, with their complete measured points, in
     * one read.
     */
    public List<ListedRun> listRunsWithoutPlans() {
        return runs.listed();
    }

    /**
     * The plans of the runs filed before DriveLab stored their planned points, each with the ids of its runs; plans
     * that differ only in their top-level name and description (which do not change what a plan measures) are one.
     */
    public Map<String, List<Long>> plansOfRunsWithoutPlannedPoints() {
        return runs.plansWithoutPlannedPoints();
    }

    /**
     * Stores the planned points of runs filed without them (from {@link #plansOfRunsWithoutPlannedPoints()}), so
     * that the next list reads no plan; only when no other process is writing right now, as a list of runs must not
     * wait. Whether they were stored.
     */
    public boolean fillPlannedPoints(Map<Long, Integer> plannedByRun) {
        return runs.fillPlannedPoints(plannedByRun);
    }

    public Optional<Run> getRun(long runId) {
        return runs.get(runId);
    }

    public void renameRun(long runId, String name) {
        runs.rename(runId, name);
    }

    /**
     * Deletes a run with its points, samples and histograms.
     *
     * @throws StoreException when the run does not exist, or is still running in a live process (which would
     *                        fail at its next point)
     */
    public void deleteRun(long runId) {
        runs.delete(runId);
    }

    /**
     * Marks INTERRUPTED every RUNNING run whose runner process is gone (no such pid, or the pid now belongs to
     * a process started at another time). Call once at every start. The end time becomes that of the run's last
     * saved point (or its start), which is when it really stopped.
     *
     * @return the runs it marked, as they are now
     */
    public List<Run> markStaleRunsInterrupted() {
        return runs.markStaleInterrupted();
    }

    /**
     * Groups runs that measure one plan on several targets at the same time; returns the group's id. A run can be
     * in one group only.
     */
    public long createRunGroup(String name, List<Long> runIds) {
        return runs.createGroup(name, runIds);
    }

    /** The group a run belongs to, with all its runs; empty for a run of one target. */
    public Optional<RunGroup> findRunGroup(long runId) {
        return runs.findGroup(runId);
    }

    // ---------------------------------------------------------------- points

    /**
     * Saves a finished point with its samples and histograms in one transaction, committed before this returns.
     * Saving a point key the run has already replaces that earlier attempt (a resumed run measures failed and
     * partial points again).
     *
     * @return the point's id
     */
    public long savePoint(long runId, PointResult point, List<Sample> samples) {
        return points.save(runId, point, samples);
    }

    /**
     * Every run's points by run id, in one read, without their raw results and histograms: what a list of runs
     * shows of them (peaks), not what a report reads.
     */
    public Map<Long, List<PointResult>> pointFiguresOfEveryRun() {
        return points.figuresOfEveryRun();
    }

    /** A run's points in plan order, with their histograms. */
    public List<StoredPoint> listPoints(long runId) {
        return points.list(runId);
    }

    /** Keys of the run's COMPLETE points: what a resumed run skips. */
    public Set<String> completedPointKeys(long runId) {
        return points.completedKeys(runId);
    }

    /** A point's samples in time order. */
    public List<Sample> listSamples(long pointId) {
        return points.samples(pointId);
    }

    // ---------------------------------------------------------------- telemetry

    /** Saves the drive's temperatures during a point, replacing any saved before for that point. */
    public void saveTemperatures(long pointId, PointTemperatures temperatures) {
        telemetry.saveTemperatures(pointId, temperatures);
    }

    /** The drive's temperatures during a point; empty when the point was measured without telemetry. */
    public Optional<PointTemperatures> temperatures(long pointId) {
        return telemetry.temperatures(pointId);
    }

    /** Saves the drive's health log before or after a run (one of each per run, the latest kept). */
    public void saveHealth(long runId, HealthSnapshot snapshot) {
        telemetry.saveHealth(runId, snapshot);
    }

    /** The run's health logs: before, then after. */
    public List<HealthSnapshot> health(long runId) {
        return telemetry.health(runId);
    }

    // ---------------------------------------------------------------- several changes as one

    /**
     * Runs {@code work}, which calls this store's methods, as one transaction: every change it makes is committed
     * together when it returns, and none is kept when it throws (an import of several runs is all or nothing).
     * Other threads wait meanwhile.
     */
    public <T> T atomically(Supplier<T> work) {
        try {
            return database.atomically(c -> work.get());
        } catch (SQLException e) {
            throw database.failure("committing", e);
        }
    }

    // ---------------------------------------------------------------- reference library

    /** The shipped reference files loaded so far, by file name, with their data. */
    public List<StoredReferenceSource> listReferenceSources() {
        return reference.sources();
    }

    /**
     * Replaces one reference file and its figures (or adds it), in one transaction. Runs, points and drives are
     * not touched.
     */
    public void replaceReferenceSource(StoredReferenceSource source, List<ReferenceRow> figures) {
        reference.replace(source, figures);
    }

    /** Removes one reference file and its figures, in one transaction; whether there was one. */
    public boolean removeReferenceSource(String file) {
        return reference.remove(file);
    }

    /** The figures of one reference file as loaded, in the file's order. */
    public List<ReferenceRow> listReferenceRows(String file) {
        return reference.rows(file);
    }
}
