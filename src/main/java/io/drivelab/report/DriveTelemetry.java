package io.drivelab.report;

import io.drivelab.reference.RatedEndurance;
import io.drivelab.store.HealthSnapshot;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointTemperatures;
import io.drivelab.store.Run;
import io.drivelab.store.Sample;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.telemetry.Throttling;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a run's telemetry says (docs/telemetry.md): the drive's temperature during each point with the throttling
 * mark, and its health before and after with what the run wrote. The same sentences in the report and in
 * {@code drivelab show}.
 *
 * @param points the run's points that were measured with telemetry, in plan order
 * @param before the health log before the run, or null
 * @param after  the health log after it, or null
 * @param endurance the share of the drive's rated endurance the run wrote
 */
public record DriveTelemetry(List<Point> points, HealthSnapshot before, HealthSnapshot after,
                             EnduranceShare endurance) {

    public DriveTelemetry {
        points = List.copyOf(points);
    }

    /** One point's temperatures and whether it throttled. */
    public record Point(StoredPoint point, List<Sample> samples, PointTemperatures temperatures,
                       Optional<Throttling.Mark> throttling) {
    }

    /** The report's charts of the points that throttled: throughput and temperature over time, with the mark. */
    public List<Report.Panel> throttledPanels() {
        List<Report.Panel> panels = new ArrayList<>();
        for (Point p : points) {
            if (p.throttling().isEmpty()) {
                continue;
            }
            PointResult r = p.point().point();
            Throughput unit = WorkloadType.of(r.meta()).unit();
            List<Curve.XY> throughput = p.samples().stream().map(s -> new Curve.XY(s.tMs() / 1000.0,
                    unit.of(iops(s.read()) + iops(s.write()), bytes(s.read()) + bytes(s.write())))).toList();
            PointTemperatures.Sensor sensor = p.temperatures().primary();
            List<Curve.XY> celsius = sensor.readings().stream()
                    .map(t -> new Curve.XY(t.tMs() / 1000.0, t.celsius())).toList();
            panels.add(new Report.Panel(r.meta().workload() + " " + PointFigures.of(r).configuration(),
                    Report.Kind.THERMAL, unit, List.of(new Curve("", unit.label(), throughput)), List.of(),
                    List.of(new Curve("", sensor.label() + " °C", celsius)), List.of(),
                    new Report.Thermal(sensor.threshold(), p.throttling().get())));
        }
        return panels;
    }

    private static double iops(Sample.Figures f) {
        return f == null ? 0 : f.iops();
    }

    private static double bytes(Sample.Figures f) {
        return f == null ? 0 : f.bwBytes();
    }

    public static DriveTelemetry of(Store store, long runId) {
        return of(store, runId, null);
    }

    /**
     * A run's telemetry, its share of the drive's rated endurance against {@code rated} where given (else the
     * reference library's rating of the drive).
     */
    public static DriveTelemetry of(Store store, long runId, RatedEndurance rated) {
        Run run = store.getRun(runId).orElseThrow(() -> new IllegalArgumentException("there is no run " + runId));
        List<StoredPoint> stored = store.listPoints(runId);
        List<Point> points = new ArrayList<>();
        for (StoredPoint p : stored) {
            store.temperatures(p.id()).ifPresent(t -> {
                List<Sample> samples = store.listSamples(p.id());
                points.add(new Point(p, samples, t, Throttling.of(samples, t)));
            });
        }
        HealthSnapshot before = null;
        HealthSnapshot after = null;
        for (HealthSnapshot h : store.health(runId)) {
            if (h.moment().equals(HealthSnapshot.BEFORE)) {
                before = h;
            } else {
                after = h;
            }
        }
        return new DriveTelemetry(points, before, after,
                EnduranceShare.of(store, run, before, after, stored, rated));
    }

    public boolean isEmpty() {
        return points.isEmpty() && before == null && after == null;
    }

    /** Whether any point throttled. */
    public boolean throttled() {
        return points.stream().anyMatch(p -> p.throttling().isPresent());
    }

    /**
     * Sentences: one per point with readings, one per reason for the points without (a test file's 16 points are
     * "Temperature, every point: no drive", not 16 lines), then the health.
     */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        Map<String, List<String>> unreadBecause = new LinkedHashMap<>();
        for (Point p : points) {
            String key = p.point().point().meta().pointKey();
            if (hasReadings(p)) {
                lines.add("Temperature, " + key + ": " + temperature(p));
            } else {
                unreadBecause.computeIfAbsent(temperature(p), why -> new ArrayList<>()).add(key);
            }
        }
        unreadBecause.forEach((why, keys) -> lines.add("Temperature, " + which(keys) + ": " + why));
        String health = health();
        if (health != null) {
            lines.add(health);
        } else if (endurance.percent().isPresent() && endurance.writtenBytes() > 0) {
            // a run without health logs (measured before telemetry): a line only when there is a share to give
            lines.add("Endurance: the run's points wrote " + Numbers.capacity(endurance.writtenBytes()) + ", "
                    + endurance.sentence());
        }
        return lines;
    }

    /** "every point", "02-read-128k-qd1-j1" or "3 points (01-…, 02-…, 04-…)"; more than 3 are counted only. */
    private String which(List<String> keys) {
        if (keys.size() == points.size() && keys.size() > 1) {
            return "every point";
        }
        if (keys.size() == 1) {
            return keys.get(0);
        }
        return keys.size() + " points" + (keys.size() <= 3 ? " (" + String.join(", ", keys) + ")" : "");
    }

    private static boolean hasReadings(Point p) {
        PointTemperatures.Sensor s = p.temperatures().primary();
        return p.temperatures().unavailable() == null && s != null && !s.readings().isEmpty();
    }

    /** "41.9 to 83.5 °C (Composite of nvme0n1, warning at 81.9 °C); THROTTLED from 3 s to 8 s: ...". */
    static String temperature(Point p) {
        PointTemperatures t = p.temperatures();
        PointTemperatures.Sensor s = t.primary();
        if (!hasReadings(p)) {
            return (t.unavailable() == null ? "no readings" : t.unavailable())
                    + (t.drive() == null ? "" : " (" + t.drive() + ")");
        }
        double low = s.readings().stream().mapToDouble(PointTemperatures.Reading::celsius).min().orElseThrow();
        double high = s.readings().stream().mapToDouble(PointTemperatures.Reading::celsius).max().orElseThrow();
        String text = celsius(low) + " to " + celsius(high) + " °C (" + s.label() + " of " + t.drive()
                + (s.threshold() == null ? ", no warning threshold" : ", warning at " + celsius(s.threshold()) + " °C")
                + ")";
        if (p.throttling().isEmpty()) {
            return text + (s.threshold() != null && high >= s.threshold() ? "; at the warning threshold, "
                    + "throughput held" : "");
        }
        Throttling.Mark m = p.throttling().get();
        return text + String.format(Locale.ROOT, "; THROTTLED from %.0f s to %.0f s: throughput %.0f %% below its "
                + "start at up to %s °C", m.fromMs() / 1000.0, m.toMs() / 1000.0, m.dropPercent(),
                celsius(m.hottestCelsius()));
    }

    /** What the run did to the drive, by its health logs; null when no log was taken. */
    String health() {
        if (before == null && after == null) {
            return null;
        }
        if (before == null || after == null || before.unavailable() != null || after.unavailable() != null) {
            HealthSnapshot missing = before == null || before.unavailable() != null ? before : after;
            String why = missing == null ? "not taken" : missing.unavailable();
            String drive = before == null ? after.drive() : before.drive();
            if (drive == null) {
                // a test file in RAM (tmpfs): no drive took the writes, so no share of one's endurance to speak of
                Long written = endurance.writtenBytes();
                return "Health: " + why + (written == null || written == 0 ? ""
                        : "; its points wrote " + Numbers.capacity(written) + ", to no local drive");
            }
            return "Health (" + drive + "): " + why + pointsWrote();
        }
        List<String> parts = new ArrayList<>();
        Long written = difference(before.bytesWritten(), after.bytesWritten());
        parts.add(written == null ? "what the run wrote is not in the log" + pointsWrote()
                : "the run wrote " + Numbers.capacity(written) + " to the drive, " + endurance.sentence());
        if (after.percentUsed() != null) {
            parts.add("percentage used " + orDash(before.percentUsed()) + " % → " + after.percentUsed() + " %");
        }
        Long errors = difference(before.mediaErrors(), after.mediaErrors());
        if (errors != null) {
            parts.add(errors == 0 ? "no new media error" : errors + " NEW MEDIA ERROR" + (errors == 1 ? "" : "S"));
        }
        Long hot = difference(before.warningTempMinutes(), after.warningTempMinutes());
        if (hot != null && hot > 0) {
            parts.add(hot + " min more above the warning temperature");
        }
        if (after.criticalWarning() != null && after.criticalWarning() != 0) {
            parts.add("critical warning " + after.criticalWarning());
        }
        return "Health (" + after.drive() + ", " + after.source() + "): " + String.join("; ", parts);
    }

    /** "; its points wrote 4.29 GB, 0.061 % of ...": when the logs do not say what the run wrote. */
    private String pointsWrote() {
        Long written = endurance.writtenBytes();
        return written == null || written == 0 ? ""
                : "; its points wrote " + Numbers.capacity(written) + ", " + endurance.sentence();
    }

    private static Long difference(Long before, Long after) {
        return before == null || after == null ? null : after - before;
    }

    private static String orDash(Object value) {
        return value == null ? "-" : value.toString();
    }

    static String celsius(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
