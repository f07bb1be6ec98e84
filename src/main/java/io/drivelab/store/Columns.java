package io.drivelab.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Nullable values in and out of JDBC; times are epoch milliseconds (UTC). */
final class Columns {

    private Columns() {
    }

    /** One row as a value. */
    interface Row<T> {
        T read(ResultSet rows) throws SQLException;
    }

    /** Every row {@code sql} selects with {@code parameters}, in order. */
    static <T> List<T> list(Connection connection, String sql, Row<T> row, Object... parameters)
            throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                query.setObject(i + 1, parameters[i]);
            }
            List<T> values = new ArrayList<>();
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    values.add(row.read(rows));
                }
            }
            return values;
        }
    }

    /** The first row {@code sql} selects, if any. */
    static <T> Optional<T> first(Connection connection, String sql, Row<T> row, Object... parameters)
            throws SQLException {
        return list(connection, sql, row, parameters).stream().findFirst();
    }

    static void setLong(PreparedStatement statement, int index, Long value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.INTEGER);
        } else {
            statement.setLong(index, value);
        }
    }

    static void setInt(PreparedStatement statement, int index, Integer value) throws SQLException {
        setLong(statement, index, value == null ? null : value.longValue());
    }

    static void setDouble(PreparedStatement statement, int index, Double value) throws SQLException {
        if (value == null) {
            statement.setNull(index, Types.REAL);
        } else {
            statement.setDouble(index, value);
        }
    }

    static void setInstant(PreparedStatement statement, int index, Instant value) throws SQLException {
        setLong(statement, index, value == null ? null : value.toEpochMilli());
    }

    static Long getLong(ResultSet rows, String column) throws SQLException {
        long value = rows.getLong(column);
        return rows.wasNull() ? null : value;
    }

    static Integer getInt(ResultSet rows, String column) throws SQLException {
        Long value = getLong(rows, column);
        return value == null ? null : value.intValue();
    }

    static Double getDouble(ResultSet rows, String column) throws SQLException {
        double value = rows.getDouble(column);
        return rows.wasNull() ? null : value;
    }

    static Instant getInstant(ResultSet rows, String column) throws SQLException {
        Long millis = getLong(rows, column);
        return millis == null ? null : Instant.ofEpochMilli(millis);
    }
}
