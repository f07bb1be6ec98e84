package io.drivelab.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static io.drivelab.store.Columns.getDouble;
import static io.drivelab.store.Columns.getInstant;
import static io.drivelab.store.Columns.getInt;
import static io.drivelab.store.Columns.getLong;
import static io.drivelab.store.Columns.setDouble;
import static io.drivelab.store.Columns.setInstant;
import static io.drivelab.store.Columns.setInt;
import static io.drivelab.store.Columns.setLong;

/** The telemetry tables: a point's temperatures, a run's health logs before and after. */
final class Telemetry {

    private final Database database;

    Telemetry(Database database) {
        this.database = database;
    }

    void saveTemperatures(long pointId, PointTemperatures temperatures) {
        try {
            database.transaction(c -> {
                for (String table : List.of("point_telemetry", "point_sensors", "temperatures")) {
                    String sql = "DELETE FROM " + table + " WHERE point_id = ?";
                    try (PreparedStatement delete = c.prepareStatement(sql)) {
                        delete.setLong(1, pointId);
                        delete.executeUpdate();
                    }
                }
                try (PreparedStatement insert = c.prepareStatement(
                        "INSERT INTO point_telemetry (point_id, drive, unavailable) VALUES (?, ?, ?)")) {
                    insert.setLong(1, pointId);
                    insert.setString(2, temperatures.drive());
                    insert.setString(3, temperatures.unavailable());
                    insert.executeUpdate();
                }
                insertSensors(c, pointId, temperatures.sensors());
                return null;
            });
        } catch (SQLException e) {
            throw database.failure("saving the temperatures of point " + pointId, e);
        }
    }

    private static void insertSensors(Connection c, long pointId, List<PointTemperatures.Sensor> sensors)
            throws SQLException {
        try (PreparedStatement sensor = c.prepareStatement("""
                INSERT INTO point_sensors (point_id, position, label, warning_celsius, critical_celsius)
                VALUES (?, ?, ?, ?, ?)""");
             PreparedStatement reading = c.prepareStatement(
                     "INSERT OR REPLACE INTO temperatures (point_id, position, t_ms, celsius) VALUES (?, ?, ?, ?)")) {
            for (int position = 0; position < sensors.size(); position++) {
                PointTemperatures.Sensor s = sensors.get(position);
                sensor.setLong(1, pointId);
                sensor.setInt(2, position);
                sensor.setString(3, s.label());
                setDouble(sensor, 4, s.warningCelsius());
                setDouble(sensor, 5, s.criticalCelsius());
                sensor.executeUpdate();
                for (PointTemperatures.Reading r : s.readings()) {
                    reading.setLong(1, pointId);
                    reading.setInt(2, position);
                    reading.setLong(3, r.tMs());
                    reading.setDouble(4, r.celsius());
                    reading.addBatch();
                }
            }
            reading.executeBatch();
        }
    }

    Optional<PointTemperatures> temperatures(long pointId) {
        try {
            return database.unit(c -> {
                Optional<String[]> head = Columns.first(c,
                        "SELECT drive, unavailable FROM point_telemetry WHERE point_id = ?",
                        rows -> new String[] {rows.getString(1), rows.getString(2)}, pointId);
                if (head.isEmpty()) {
                    return Optional.empty();
                }
                List<PointTemperatures.Sensor> sensors = new ArrayList<>();
                for (Object[] s : Columns.list(c, """
                        SELECT position, label, warning_celsius, critical_celsius FROM point_sensors
                        WHERE point_id = ? ORDER BY position""",
                        rows -> new Object[] {rows.getInt("position"), rows.getString("label"),
                            getDouble(rows, "warning_celsius"), getDouble(rows, "critical_celsius")}, pointId)) {
                    List<PointTemperatures.Reading> readings = Columns.list(c, """
                            SELECT t_ms, celsius FROM temperatures WHERE point_id = ? AND position = ?
                            ORDER BY t_ms""",
                            rows -> new PointTemperatures.Reading(rows.getLong(1), rows.getDouble(2)), pointId, s[0]);
                    sensors.add(new PointTemperatures.Sensor((String) s[1], (Double) s[2], (Double) s[3], readings));
                }
                return Optional.of(new PointTemperatures(head.get()[0], head.get()[1], sensors));
            });
        } catch (SQLException e) {
            throw database.failure("reading the temperatures of point " + pointId, e);
        }
    }

    void saveHealth(long runId, HealthSnapshot h) {
        try {
            database.transaction(c -> {
                try (PreparedStatement insert = c.prepareStatement("""
                        INSERT OR REPLACE INTO drive_health (run_id, moment, taken_at, drive, source, unavailable,
                            bytes_written, bytes_read, percent_used, media_errors, warning_temp_minutes,
                            critical_warning, celsius)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
                    int i = 1;
                    insert.setLong(i++, runId);
                    insert.setString(i++, h.moment());
                    setInstant(insert, i++, h.takenAt());
                    insert.setString(i++, h.drive());
                    insert.setString(i++, h.source());
                    insert.setString(i++, h.unavailable());
                    setLong(insert, i++, h.bytesWritten());
                    setLong(insert, i++, h.bytesRead());
                    setInt(insert, i++, h.percentUsed());
                    setLong(insert, i++, h.mediaErrors());
                    setLong(insert, i++, h.warningTempMinutes());
                    setInt(insert, i++, h.criticalWarning());
                    setDouble(insert, i, h.celsius());
                    insert.executeUpdate();
                }
                return null;
            });
        } catch (SQLException e) {
            throw database.failure("saving the drive health of run " + runId, e);
        }
    }

    /** The run's health logs, before first. */
    List<HealthSnapshot> health(long runId) {
        try {
            return database.unit(c -> Columns.list(c,
                    "SELECT * FROM drive_health WHERE run_id = ? ORDER BY moment = 'after', taken_at",
                    Telemetry::health, runId));
        } catch (SQLException e) {
            throw database.failure("reading the drive health of run " + runId, e);
        }
    }

    private static HealthSnapshot health(ResultSet rows) throws SQLException {
        return new HealthSnapshot(rows.getString("moment"), getInstant(rows, "taken_at"), rows.getString("drive"),
                rows.getString("source"), rows.getString("unavailable"), getLong(rows, "bytes_written"),
                getLong(rows, "bytes_read"), getInt(rows, "percent_used"), getLong(rows, "media_errors"),
                getLong(rows, "warning_temp_minutes"), getInt(rows, "critical_warning"), getDouble(rows, "celsius"));
    }
}
