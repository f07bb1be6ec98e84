package io.drivelab.store;

import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

import static io.drivelab.store.Columns.getLong;
import static io.drivelab.store.Columns.setLong;

/** The drives table: a drive is its model and serial. */
final class Drives {

    private final Database database;

    Drives(Database database) {
        this.database = database;
    }

    Drive create(String model, String serial, String firmware, Long capacityBytes) {
        try {
            return database.transaction(c -> insert(c, model, serial, firmware, capacityBytes));
        } catch (SQLException e) {
            if (e instanceof SQLiteException sqlite
                    && sqlite.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_UNIQUE) {
                throw new StoreException("drive " + model + " serial " + serial + " exists already", e);
            }
            throw database.failure("creating drive " + model + " " + serial, e);
        }
    }

    Drive findOrCreate(String model, String serial, String firmware, Long capacityBytes) {
        try {
            return database.transaction(c -> {
                Optional<Drive> found = query(c, "SELECT * FROM drives WHERE model = ? AND serial = ?",
                        model, serial);
                if (found.isEmpty()) {
                    return insert(c, model, serial, firmware, capacityBytes);
                }
                Drive drive = found.get();
                String newFirmware = firmware != null ? firmware : drive.firmware();
                Long newCapacity = capacityBytes != null ? capacityBytes : drive.capacityBytes();
                try (PreparedStatement update = c.prepareStatement(
                        "UPDATE drives SET firmware = ?, capacity_bytes = ? WHERE id = ?")) {
                    update.setString(1, newFirmware);
                    setLong(update, 2, newCapacity);
                    update.setLong(3, drive.id());
                    update.executeUpdate();
                }
                return new Drive(drive.id(), model, serial, newFirmware, newCapacity);
            });
        } catch (SQLException e) {
            throw database.failure("looking up drive " + model + " " + serial, e);
        }
    }

    Optional<Drive> get(long id) {
        try {
            return database.unit(c -> query(c, "SELECT * FROM drives WHERE id = ?", id));
        } catch (SQLException e) {
            throw database.failure("reading drive " + id, e);
        }
    }

    List<Drive> list() {
        try {
            return database.unit(c -> Columns.list(c, "SELECT * FROM drives ORDER BY model, serial", Drives::drive));
        } catch (SQLException e) {
            throw database.failure("listing drives", e);
        }
    }

    private static Drive insert(Connection c, String model, String serial, String firmware, Long capacityBytes)
            throws SQLException {
        if (model == null || serial == null) {
            throw new IllegalArgumentException("a drive needs a model and a serial");
        }
        try (PreparedStatement insert = c.prepareStatement(
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

    private static Optional<Drive> query(Connection c, String sql, Object... parameters) throws SQLException {
        return Columns.first(c, sql, Drives::drive, parameters);
    }

    private static Drive drive(ResultSet rows) throws SQLException {
        return new Drive(rows.getLong("id"), rows.getString("model"), rows.getString("serial"),
                rows.getString("firmware"), getLong(rows, "capacity_bytes"));
    }
}
