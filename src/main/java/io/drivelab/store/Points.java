package io.drivelab.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.drivelab.store.Columns.getDouble;
import static io.drivelab.store.Columns.getInstant;
import static io.drivelab.store.Columns.getInt;
import static io.drivelab.store.Columns.getLong;
import static io.drivelab.store.Columns.setDouble;
import static io.drivelab.store.Columns.setInstant;
import static io.drivelab.store.Columns.setInt;
import static io.drivelab.store.Columns.setLong;

/** A run's measured points with their per-interval samples and latency histograms. */
final class Points {
    /** Every column of a point but its raw result. */
    private static final String FIGURE_COLUMNS = """
            run_id, point_key, seq, kind, workload, rw, bs, bs_mix, rwmixread, iodepth, numjobs, runtime_ms,
            read_iops, read_bw_bytes, read_lat_mean_ns, read_p50_ns, read_p99_ns, read_p999_ns,
            write_iops, write_bw_bytes, write_lat_mean_ns, write_p50_ns, write_p99_ns, write_p999_ns,
            status, error, started_at, ended_at""";

    /** Made when a histogram is first written or read: a command that lists runs never sets Jackson up. */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    private final Database database;

    Points(Database database) {
        this.database = database;
    }

    long save(long runId, PointResult point, List<Sample> samples) {
        String key = point.meta().pointKey();
        try {
            return database.transaction(c -> {
                if (Runs.query(c, runId).isEmpty()) {
                    throw new StoreException("no run " + runId + " to save point " + key + " in");
                }
                try (PreparedStatement delete = c.prepareStatement(
                        "DELETE FROM points WHERE run_id = ? AND point_key = ?")) {
                    delete.setLong(1, runId);
                    delete.setString(2, key);
                    delete.executeUpdate();
                }
                long pointId = insertPoint(c, runId, point);
                insertSamples(c, pointId, samples);
                insertHistograms(c, pointId, point.histograms());
                return pointId;
            });
        } catch (SQLException e) {
            StoreException failure = database.failure("saving point " + key + " of run " + runId, e);
            if (failure instanceof DiskFullException) {
                Path kept = UnsavedPoint.keep(database.path(), runId, point, samples);
                throw new DiskFullException(failure.getMessage() + (kept == null
                        ? "; the point could not be written elsewhere either"
                        : "; the point's figures are kept in " + kept), e);
            }
            throw failure;
        }
    }

    private static long insertPoint(Connection c, long runId, PointResult point) throws SQLException {
        PointMeta meta = point.meta();
        try (PreparedStatement insert = c.prepareStatement("""
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
            setInt(insert, i++, meta.rwmixread());
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

    private static void insertSamples(Connection c, long pointId, List<Sample> samples) throws SQLException {
        if (samples.isEmpty()) {
            return;
        }
        try (PreparedStatement insert = c.prepareStatement("""
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

    private static void insertHistograms(Connection c, long pointId, List<Histogram> histograms)
            throws SQLException {
        if (histograms.isEmpty()) {
            return;
        }
        try (PreparedStatement insert = c.prepareStatement("""
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
        ArrayNode pairs = Json.MAPPER.createArrayNode();
        for (Histogram.Bucket bucket : buckets) {
            pairs.addArray().add(bucket.index()).add(bucket.count());
        }
        return pairs.toString();
    }

    List<StoredPoint> list(long runId) {
        try {
            return database.unit(c -> {
                Map<Long, List<Histogram>> histograms = histogramsOfRun(c, runId);
                List<StoredPoint> points = new ArrayList<>();
                try (PreparedStatement query = c.prepareStatement(
                        "SELECT * FROM points WHERE run_id = ? ORDER BY seq, id")) {
                    query.setLong(1, runId);
                    try (ResultSet rows = query.executeQuery()) {
                        while (rows.next()) {
                            long id = rows.getLong("id");
                            points.add(new StoredPoint(id, runId, point(rows, rows.getString("result_json"),
                                    histograms.getOrDefault(id, List.of()))));
                        }
                    }
                }
                return points;
            });
        } catch (SQLException e) {
            throw database.failure("reading the points of run " + runId, e);
        }
    }

    /**
     * Every run's points by run id, in one read, without their raw results and histograms (null and empty): the
     * figures a list of runs shows. The raw results are most of a point's bytes (9 KB each of an imported fio
     * sweep); reading them for every stored run kept History's background reads allocating 100 MB a second.
     */
    Map<Long, List<PointResult>> figuresOfEveryRun() {
        try {
            return database.unit(c -> {
                Map<Long, List<PointResult>> byRun = new HashMap<>();
                try (PreparedStatement query = c.prepareStatement("SELECT " + FIGURE_COLUMNS
                        + " FROM points ORDER BY run_id, seq, id");
                     ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        byRun.computeIfAbsent(rows.getLong("run_id"), id -> new ArrayList<>())
                                .add(point(rows, null, List.of()));
                    }
                }
                return byRun;
            });
        } catch (SQLException e) {
            throw database.failure("reading the points of every run", e);
        }
    }

    Set<String> completedKeys(long runId) {
        try {
            return new LinkedHashSet<>(database.unit(c -> Columns.list(c,
                    "SELECT point_key FROM points WHERE run_id = ? AND status = 'complete' ORDER BY seq",
                    rows -> rows.getString(1), runId)));
        } catch (SQLException e) {
            throw database.failure("reading the completed points of run " + runId, e);
        }
    }

    List<Sample> samples(long pointId) {
        try {
            return database.unit(c -> Columns.list(c, "SELECT * FROM samples WHERE point_id = ? ORDER BY t_ms",
                    rows -> new Sample(rows.getLong("t_ms"), rows.getInt("ramp") != 0, figures(rows, "read_"),
                            figures(rows, "write_")), pointId));
        } catch (SQLException e) {
            throw database.failure("reading the samples of point " + pointId, e);
        }
    }

    private Map<Long, List<Histogram>> histogramsOfRun(Connection c, long runId) throws SQLException {
        Map<Long, List<Histogram>> byPoint = new HashMap<>();
        try (PreparedStatement query = c.prepareStatement("""
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

    private static PointResult point(ResultSet rows, String resultJson, List<Histogram> histograms)
            throws SQLException {
        PointMeta meta = new PointMeta(rows.getString("point_key"), rows.getInt("seq"),
                PointKind.fromDb(rows.getString("kind")), rows.getString("workload"), rows.getString("rw"),
                getLong(rows, "bs"), rows.getString("bs_mix"), getInt(rows, "rwmixread"),
                rows.getInt("iodepth"), rows.getInt("numjobs"));
        return new PointResult(meta, PointStatus.fromDb(rows.getString("status")), getLong(rows, "runtime_ms"),
                direction(rows, "read_"), direction(rows, "write_"), resultJson, histograms,
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

    private JsonNode parseJson(String text) {
        try {
            return Json.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new StoreException("damaged histogram in " + database.path() + ": " + e.getOriginalMessage(), e);
        }
    }
}
