package io.drivelab.store;

import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The database file: opening it (checks, schema migrations), units of work and transactions.
 *
 * <p>No connection is held between units of work: each one opens the file, works, and closes it. POSIX record
 * locks belong to the process and the file, and any close of the file in the process drops them all (a file
 * dialog that reads the folder did so); a connection kept open would then lose its locks without knowing, and
 * another process closing the database would delete the -wal file this one still commits into. Holding no
 * connection between units leaves no lock to lose (docs/safety.md, "One database, several processes").
 *
 * <p>Before the first write of a session the file is checked (PRAGMA quick_check): a damaged database is never
 * written to.
 */
final class Database {

    static final int BUSY_TIMEOUT_MS = 10_000;
    /** Less room than a -shm file and a few WAL frames need. */
    private static final long NEARLY_FULL_BYTES = 256 * 1024;

    /** Work on the unit's connection. */
    interface Work<T> {
        T run(Connection connection) throws SQLException;
    }

    private final Path path;
    private final SQLiteConfig config;
    /** The connection of the unit of work in progress (on the thread that holds this object's lock), or null. */
    private Connection current;
    private boolean checked;
    private boolean opened;

    private Database(Path path) {
        this.path = path;
        this.config = new SQLiteConfig();
        // Write transactions take the lock at BEGIN: a deferred one that reads first can fail with SQLITE_BUSY
        // when it upgrades, without waiting for the busy timeout.
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        config.enforceForeignKeys(true);
    }

    /**
     * Opens (creating it and its folder if needed) the database at {@code file} and migrates it to the latest
     * schema; an existing database is first copied to FILE.schemaN.bak.
     */
    static Database open(Path file) {
        Database database = onFirstUse(file);
        database.openNow();
        return database;
    }

    static void warmUp() {
        try (Connection memory = new SQLiteConfig().createConnection("jdbc:sqlite::memory:");
             Statement statement = memory.createStatement();
             ResultSet rows = statement.executeQuery("SELECT 1")) {
            rows.next();
        } catch (SQLException | RuntimeException | LinkageError e) {
            // the command's own open reports what is wrong (a library that cannot load, say)
        }
    }

    /** The database at {@code file}, opened as {@link #open} does by the first unit of work. */
    static Database onFirstUse(Path file) {
        return new Database(file.toAbsolutePath().normalize());
    }

    /** Checks, creates and migrates the file once; after a failure the next unit of work tries again. */
    private synchronized void openNow() {
        if (opened) {
            return;
        }
        DatabasePath.requireRegularFileOrNew(path);
        try {
            Path parent = path.getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new StoreException("cannot create the folder of the database " + path + ": " + e, e);
        }
        opened = true;
        try {
            unit(this::prepare);
        } catch (SQLException e) {
            opened = false;
            throw openFailure(e);
        } catch (RuntimeException e) {
            opened = false;
            throw e;
        }
    }

    Path path() {
        return path;
    }

    private StoreException openFailure(SQLException e) {
        if (e instanceof SQLiteException sqlite) {
            SQLiteErrorCode code = sqlite.getResultCode();
            if (code == SQLiteErrorCode.SQLITE_NOTADB || code == SQLiteErrorCode.SQLITE_CORRUPT) {
                return new StoreException(path + " is not a DriveLab database (it is not an SQLite file); "
                        + "move it away or choose another database file", e);
            }
        }
        return new StoreException("cannot open the database " + path + ": " + e.getMessage(), e);
    }

    private Void prepare(Connection connection) throws SQLException {
        // Checks first: a file we refuse must not be touched (switching to WAL writes its header).
        int applicationId = pragmaInt(connection, "application_id");
        int version = pragmaInt(connection, "user_version");
        boolean ours = applicationId == Schema.APPLICATION_ID;
        boolean empty = applicationId == 0 && version == 0 && !hasTables(connection);
        if (!ours && !empty) {
            throw new StoreException(path + " is an SQLite database of another program, not DriveLab's; "
                    + "choose another database file");
        }
        if (version > Schema.LATEST_VERSION) {
            throw new StoreException(path + " was written by a newer DriveLab (schema " + version
                    + ", this one knows " + Schema.LATEST_VERSION + "); upgrade DriveLab or choose another "
                    + "database file");
        }
        try (Statement statement = connection.createStatement();
             ResultSet mode = statement.executeQuery("PRAGMA journal_mode")) {
            if (!"wal".equalsIgnoreCase(mode.getString(1))) {
                if (!empty) {
                    checkBeforeWriting(connection);
                }
                // WAL: readers (the GUI) never block the runner's commits. Persistent in the file.
                statement.execute("PRAGMA journal_mode = WAL");
            }
        }
        migrate(connection, version);
        return null;
    }

    private void migrate(Connection connection, int fromVersion) throws SQLException {
        if (fromVersion == Schema.LATEST_VERSION) {
            return;
        }
        if (fromVersion > 0) {
            checkBeforeWriting(connection);
            backUp(connection, fromVersion);
        }
        for (Schema.Migration migration : Schema.MIGRATIONS) {
            if (migration.version() <= fromVersion) {
                continue;
            }
            try {
                transaction(c -> {
                    // Another process may have migrated while this one waited for the lock.
                    if (pragmaInt(c, "user_version") < migration.version()) {
                        migration.apply(c);
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
    private void backUp(Connection connection, int version) throws SQLException {
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

    /**
     * Refuses to write to a damaged database: a write on top of a broken b-tree spreads the damage and can lose
     * what is still readable. Once per session; quick_check reads every page (0.7 s for 90 MB on a
     * loaded 2-core machine, 0.06 s of it CPU).
     */
    private void checkBeforeWriting(Connection connection) throws SQLException {
        if (checked) {
            return;
        }
        List<String> problems = new ArrayList<>();
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("PRAGMA quick_check(3)")) {
            while (rows.next()) {
                problems.add(rows.getString(1));
            }
        } catch (SQLiteException e) {
            if (e.getResultCode() != SQLiteErrorCode.SQLITE_CORRUPT && e.getResultCode() != SQLiteErrorCode.SQLITE_NOTADB) {
                throw e;
            }
            problems = List.of(e.getMessage());
        }
        if (!problems.equals(List.of("ok"))) {
            throw damaged(String.join("; ", problems), null);
        }
        checked = true;
    }

    private StoreException damaged(String problems, SQLException cause) {
        return new StoreException("the database " + path + " is damaged (" + problems + "), so DriveLab will not "
                + "write to it. Copy what it still holds into a new file with sqlite3 " + path + " .recover | sqlite3 "
                + path + ".recovered, then move the damaged file aside and the recovered one to its place", cause);
    }

    int schemaVersion() throws SQLException {
        return unit(c -> pragmaInt(c, "user_version"));
    }

    /**
     * Runs {@code work} on a connection opened for it and closed after it; nested units (a store method called
     * inside {@link #transaction}) share the outer unit's connection.
     */
    synchronized <T> T unit(Work<T> work) throws SQLException {
        if (current != null) {
            return work.run(current);
        }
        openNow();
        // Not through DriverManager, whose first use looks for drivers in every jar of the class path (20 ms a start).
        try (Connection connection = config.createConnection("jdbc:sqlite:" + path)) {
            current = connection;
            return work.run(connection);
        } finally {
            current = null;
        }
    }

    /**
     * Runs {@code work} as one transaction: committed when it returns, rolled back when it throws. Nested
     * transactions are part of the outermost one, which alone commits.
     */
    synchronized <T> T transaction(Work<T> work) throws SQLException {
        return unit(connection -> {
            // Checked before the first write, not when an outer block begins: one that only reads (the reference
            // sync at every start, finding nothing new) costs no quick_check, which reads every page.
            checkBeforeWriting(connection);
            return atomically(work);
        });
    }

    /**
     * Runs {@code work} as one transaction, as {@link #transaction} does, without the check before writing:
     * for a block whose writes are store methods, each of which checks in its own {@link #transaction}.
     */
    synchronized <T> T atomically(Work<T> work) throws SQLException {
        return unit(connection -> {
            if (!connection.getAutoCommit()) {
                return work.run(connection);
            }
            connection.setAutoCommit(false);
            try {
                T result = work.run(connection);
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
                connection.setAutoCommit(true);
            }
        });
    }

    /** A failure as the user reads it: what was being done, and to which file. */
    StoreException failure(String what, SQLException e) {
        if (e instanceof SQLiteException sqlite) {
            SQLiteErrorCode code = sqlite.getResultCode();
            if (code == SQLiteErrorCode.SQLITE_BUSY || code == SQLiteErrorCode.SQLITE_LOCKED) {
                return new StoreException(what + ": the database " + path + " stayed locked by another process for "
                        + BUSY_TIMEOUT_MS / 1000 + " s", e);
            }
            // A read found the damage before any write's quick_check did.
            if ((code.code & 0xff) == SQLiteErrorCode.SQLITE_CORRUPT.code) {
                return damaged(what + " found a damaged page", e);
            }
        }
        if (isDiskFull(e)) {
            return new DiskFullException(what + ": the disk holding the database " + path + " is full", e);
        }
        return new StoreException(what + " in " + path + ": " + e.getMessage(), e);
    }

    /**
     * SQLITE_FULL, or an I/O error while the disk has no room left (a full disk fails the -shm file's growth
     * with SQLITE_IOERR_SHMSIZE, or a write with SQLITE_IOERR_WRITE, before SQLite can say "full").
     */
    private boolean isDiskFull(SQLException e) {
        if (!(e instanceof SQLiteException sqlite)) {
            return false;
        }
        int primary = sqlite.getResultCode().code & 0xff;
        if (primary == SQLiteErrorCode.SQLITE_FULL.code) {
            return true;
        }
        try {
            return primary == SQLiteErrorCode.SQLITE_IOERR.code
                    && Files.getFileStore(path.getParent()).getUsableSpace() < NEARLY_FULL_BYTES;
        } catch (IOException unknown) {
            return false;
        }
    }

    private static boolean hasTables(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*) FROM sqlite_master")) {
            return rows.getInt(1) > 0;
        }
    }

    private static int pragmaInt(Connection connection, String pragma) throws SQLException {
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("PRAGMA " + pragma)) {
            return rows.getInt(1);
        }
    }
}
