package io.drivelab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.drivelab.export.PointRows;
import io.drivelab.store.Direction;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointResult;
import io.drivelab.store.Run;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;

/**
 * {@code drivelab show RUN --against RUN2}: the points both runs measured (the same key: the same point of the same
 * plan), side by side with the ratio RUN / RUN2 per point and direction and its median, each run's engine named.
 * One run per engine on one target is the cross-check of the two engines.
 */
final class ShowAgainst {
    private ShowAgainst() {
    }

    static void print(PrintWriter out, Store store, Run run, Run other) {
        Map<String, PointResult> mine = measured(store, run);
        Map<String, PointResult> theirs = measured(store, other);
        List<String> common = mine.keySet().stream().filter(theirs::containsKey).toList();
        if (common.isEmpty()) {
            throw CommandException.badInput("runs " + run.id() + " and " + other.id() + " have no point in common "
                    + "(a point is matched by its key, the same point of the same plan): run " + run.id() + " is "
                    + plan(run) + ", run " + other.id() + " " + plan(other) + "; compare two runs of one plan");
        }
        out.println("Against:  run " + other.id() + ": " + other.name() + ", " + plan(other) + " on " + other.target());
        out.println("Engines:  run " + run.id() + " " + engine(run) + ", run " + other.id() + " " + engine(other));
        out.println();
        String a = "RUN " + run.id();
        String b = "RUN " + other.id();
        Table table = new Table("POINT", "DIR", a + " IOPS", b + " IOPS", "RATIO", a + " MEAN µs", b + " MEAN µs")
                .alignRight(2, 3, 4, 5, 6);
        List<Double> ratios = new ArrayList<>();
        List<String> unmeasured = new ArrayList<>();
        for (String key : common) {
            PointResult p = mine.get(key);
            PointResult q = theirs.get(key);
            boolean any = false;
            for (Direction direction : Direction.values()) {
                DirectionResult x = figures(p, direction);
                DirectionResult y = figures(q, direction);
                if (!didIo(x) && !didIo(y)) {
                    continue;
                }
                any = true;
                Double ratio = didIo(x) && didIo(y) ? x.iops() / y.iops() : null;
                if (ratio != null) {
                    ratios.add(ratio);
                }
                table.row(key, direction.jsonName(), x == null ? null : Format.iops(x.iops()),
                        y == null ? null : Format.iops(y.iops()),
                        ratio == null ? null : String.format(Locale.ROOT, "%.2f", ratio),
                        x == null ? null : Format.microsOfNanos(x.latMeanNs()),
                        y == null ? null : Format.microsOfNanos(y.latMeanNs()));
            }
            if (!any) {
                unmeasured.add(key);
            }
        }
        table.print(out);
        out.println();
        out.println(ratios.isEmpty() ? "Median ratio: - (no point has figures in both runs)"
                : String.format(Locale.ROOT, "Median ratio (run %d / run %d IOPS): %.2f over %d point directions",
                        run.id(), other.id(), median(ratios), ratios.size()));
        if (!unmeasured.isEmpty()) {
            out.println("No figures in either run: " + String.join(", ", unmeasured));
        }
        alone(out, mine, theirs, run, other);
        alone(out, theirs, mine, other, run);
        out.flush();
    }

    /** "Only in run 3 (no partner in run 4): ..." */
    private static void alone(PrintWriter out, Map<String, PointResult> in, Map<String, PointResult> notIn, Run run,
                              Run other) {
        List<String> keys = in.keySet().stream().filter(k -> !notIn.containsKey(k)).toList();
        if (!keys.isEmpty()) {
            out.println("Only in run " + run.id() + " (no partner in run " + other.id() + "): "
                    + String.join(", ", keys));
        }
    }

    /** The measured points by key, in plan order (the last pass of a key when it was measured again). */
    private static Map<String, PointResult> measured(Store store, Run run) {
        Map<String, PointResult> points = new LinkedHashMap<>();
        for (StoredPoint stored : store.listPoints(run.id())) {
            PointResult p = stored.point();
            if (p.meta().kind() == PointKind.MEASURE) {
                points.put(p.meta().pointKey(), p);
            }
        }
        return points;
    }

    private static DirectionResult figures(PointResult p, Direction direction) {
        return direction == Direction.READ ? p.read() : p.write();
    }

    private static boolean didIo(DirectionResult d) {
        return d != null && PointRows.didIo(d) && d.iops() > 0;
    }

    /** "fio-3.33" or "DriveLab's engine 0.1.0": which tool measured the run. */
    static String engine(Run run) {
        String version = run.engineVersion();
        if (version == null) {
            return "engine not recorded";
        }
        return version.startsWith("fio-") ? "measured by " + version : "measured by DriveLab's engine " + version;
    }

    private static String plan(Run run) {
        return run.planName() == null ? "a plan file" : "plan " + run.planName();
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
