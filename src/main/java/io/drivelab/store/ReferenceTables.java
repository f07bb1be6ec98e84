package io.drivelab.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

import static io.drivelab.store.Columns.getInstant;
import static io.drivelab.store.Columns.getInt;
import static io.drivelab.store.Columns.getLong;
import static io.drivelab.store.Columns.setInstant;
import static io.drivelab.store.Columns.setInt;
import static io.drivelab.store.Columns.setLong;

/** The shipped reference library: each review's file whole and its figures as rows, apart from the user's runs. */
final class ReferenceTables {

    private final Database database;

    ReferenceTables(Database database) {
        this.database = database;
    }

    List<StoredReferenceSource> sources() {
        try {
            return database.unit(c -> Columns.list(c, "SELECT * FROM reference_sources ORDER BY file",
                    rows -> new StoredReferenceSource(rows.getString("file"), rows.getInt("version"),
                            rows.getString("sha256"), rows.getString("data_json"), getInstant(rows, "loaded_at"))));
        } catch (SQLException e) {
            throw database.failure("reading the reference library", e);
        }
    }

    void replace(StoredReferenceSource source, List<ReferenceRow> figures) {
        try {
            database.transaction(c -> {
                try (PreparedStatement delete = c.prepareStatement("DELETE FROM reference_sources WHERE file = ?")) {
                    delete.setString(1, source.file());
                    delete.executeUpdate();
                }
                try (PreparedStatement insert = c.prepareStatement("""
                        INSERT INTO reference_sources (file, version, sha256, data_json, loaded_at)
                        VALUES (?, ?, ?, ?, ?)""")) {
                    insert.setString(1, source.file());
                    insert.setInt(2, source.version());
                    insert.setString(3, source.sha256());
                    insert.setString(4, source.json());
                    setInstant(insert, 5, source.loadedAt());
                    insert.executeUpdate();
                }
                insertRows(c, source.file(), figures);
                return null;
            });
        } catch (SQLException e) {
            throw database.failure("loading reference file " + source.file(), e);
        }
    }

    private static void insertRows(Connection c, String file, List<ReferenceRow> figures) throws SQLException {
        try (PreparedStatement insert = c.prepareStatement("""
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
                setInt(insert, i++, row.iodepth());
                setInt(insert, i++, row.numjobs());
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

    List<ReferenceRow> rows(String file) {
        try {
            return database.unit(c -> Columns.list(c,
                    "SELECT * FROM reference_figures WHERE source_file = ? ORDER BY seq",
                    rows -> new ReferenceRow(rows.getInt("seq"), rows.getString("kind"), rows.getString("drive"),
                            rows.getString("capacity"), rows.getString("section"), rows.getString("suite"),
                            rows.getString("test"), rows.getString("rw"), getLong(rows, "bs"),
                            rows.getString("bs_mix"), getInt(rows, "iodepth"), getInt(rows, "numjobs"),
                            rows.getString("metric"), rows.getDouble("value"), rows.getString("unit"),
                            rows.getString("qualifier"), rows.getString("note")), file));
        } catch (SQLException e) {
            throw database.failure("reading the figures of reference file " + file, e);
        }
    }
}
