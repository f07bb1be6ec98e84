package io.drivelab.export;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.drivelab.store.PointTemperatures;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.telemetry.Throttling;

/**
 * A point's drive temperature in exports (docs/telemetry.md): the charted sensor's lowest and highest reading, its
 * warning threshold, and whether and when the point throttled; why there are no readings where there are none.
 * JSON adds every reading of every sensor.
 */
final class TemperatureColumns {
    /** Why a point has no temperatures when none were stored with it (measured before telemetry, or failed). */
    static final String NOT_RECORDED = "not recorded with this point";

    private TemperatureColumns() {
    }

    static List<String> columns() {
        return List.of("temp_drive", "temp_sensor", "temp_min_c", "temp_max_c", "temp_threshold_c", "throttled",
                "throttled_from_s", "throttled_to_s", "temp_unavailable");
    }

    /** The columns of one point, in {@link #columns()}' order; null where there is no value. */
    static Map<String, Object> of(Store store, StoredPoint point) {
        Optional<PointTemperatures> stored = store.temperatures(point.id());
        Map<String, Object> row = new LinkedHashMap<>();
        columns().forEach(c -> row.put(c, null));
        if (stored.isEmpty()) {
            row.put("temp_unavailable", NOT_RECORDED);
            return row;
        }
        PointTemperatures t = stored.get();
        PointTemperatures.Sensor s = t.primary();
        row.put("temp_drive", t.drive());
        if (t.unavailable() != null || s == null || s.readings().isEmpty()) {
            row.put("temp_sensor", s == null ? null : s.label());
            row.put("temp_unavailable", t.unavailable() == null ? "no readings" : t.unavailable());
            return row;
        }
        row.put("temp_sensor", s.label());
        row.put("temp_min_c", PointRows.exact(s.readings().stream()
                .mapToDouble(PointTemperatures.Reading::celsius).min().orElseThrow(), 2));
        row.put("temp_max_c", PointRows.exact(s.readings().stream()
                .mapToDouble(PointTemperatures.Reading::celsius).max().orElseThrow(), 2));
        row.put("temp_threshold_c", s.threshold() == null ? null : PointRows.exact(s.threshold(), 2));
        if (s.threshold() != null) {
            // without a threshold throttling cannot be judged: "throttled" stays empty, not "no"
            Optional<Throttling.Mark> mark = Throttling.of(store.listSamples(point.id()), t);
            row.put("throttled", mark.isPresent() ? "yes" : "no");
            mark.ifPresent(m -> {
                row.put("throttled_from_s", PointRows.exact(m.fromMs() / 1000.0, 3));
                row.put("throttled_to_s", PointRows.exact(m.toMs() / 1000.0, 3));
            });
        }
        return row;
    }

    /** JSON's "temperatures": every sensor with its thresholds and readings; null when none were stored. */
    static PointTemperatures readings(Store store, StoredPoint point) {
        return store.temperatures(point.id()).orElse(null);
    }
}
