package io.drivelab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.store.PointResult;

/** A point's latency percentiles, p50 to p99.99, per direction, from the engine's result line. */
public final class Percentiles {
    /** The engine's keys shown, in order. */
    public static final List<String> SHOWN = List.of("50", "90", "95", "99", "99.9", "99.99");
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One percentile of both directions.
     *
     * @param label   "p99.9"
     * @param readUs  microseconds, or null when the point did not read
     * @param writeUs microseconds, or null when the point did not write
     */
    public record Row(String label, Double readUs, Double writeUs) {
        // Written out: a record's own go through method handles, interpreted when the live view compares a point's
        // rows with those shown at its end (5 of the 13 busy samples of that pulse)
        @Override
        public boolean equals(Object other) {
            return other instanceof Row row && Objects.equals(row.label, label) && Objects.equals(row.readUs, readUs)
                    && Objects.equals(row.writeUs, writeUs);
        }

        @Override
        public int hashCode() {
            return Objects.hash(label, readUs, writeUs);
        }
    }

    private Percentiles() {
    }

    /** The rows of {@link #SHOWN}; none when the engine gave no result. */
    public static List<Row> of(PointResult point) {
        if (point.resultJson() == null) {
            return List.of();
        }
        JsonNode result;
        try {
            result = JSON.readTree(point.resultJson());
        } catch (JsonProcessingException e) {
            return List.of();
        }
        // A point kept as the mean of several passes has them under "passes"; the last pass's are shown.
        if (result.has("passes") && result.path("passes").size() > 0) {
            result = result.path("passes").get(result.path("passes").size() - 1);
        }
        List<Row> rows = new ArrayList<>();
        for (String key : SHOWN) {
            Double read = micros(result.path("read"), key);
            Double write = micros(result.path("write"), key);
            if (read != null || write != null) {
                rows.add(new Row("p" + key, read, write));
            }
        }
        return rows;
    }

    /** A row for each of {@link #SHOWN}, in that order: those of {@code rows}, blank (null figures) where it has none. */
    public static List<Row> everyShown(List<Row> rows) {
        List<Row> all = new ArrayList<>();
        for (String key : SHOWN) {
            String label = "p" + key;
            all.add(rows.stream().filter(r -> r.label().equals(label)).findFirst()
                    .orElse(new Row(label, null, null)));
        }
        return all;
    }

    /**
     * The unit a table of these rows reads best in, as fio prints its percentiles: "ms" once a figure reaches 10 ms
     * ("28,967" and "303,722" under "µs" were hard to read beside "38.7"), "µs" below.
     */
    public static String unit(List<Row> rows) {
        double largest = rows.stream().flatMap(r -> java.util.stream.Stream.of(r.readUs(), r.writeUs()))
                .filter(Objects::nonNull).mapToDouble(Double::doubleValue).max().orElse(0);
        return largest >= 10_000 ? "ms" : "µs";
    }

    /** A figure of a table in {@code unit} (of {@link #unit}): "95.3" µs, "28.97" ms; null for no figure. */
    public static String figure(Double us, String unit) {
        return "ms".equals(unit) ? Numbers.millis(us) : Numbers.micros(us);
    }

    private static Double micros(JsonNode direction, String key) {
        if (direction.path("ios").asLong(0) == 0) {
            return null;
        }
        JsonNode value = direction.path("lat_ns").path("percentiles").get(key);
        return value == null || !value.isNumber() ? null : value.asDouble() / 1000;
    }
}
