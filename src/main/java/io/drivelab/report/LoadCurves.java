package io.drivelab.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.PointKinds;
import io.drivelab.workload.WorkloadKind;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.data.xy.XYSeriesCollection;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Latency under load: a workload's offered rates below its measured peak, as the report draws them: p50, p99 and
 * p99.9 latency from each I/O's scheduled time against the IOPS achieved, and achieved against offered IOPS.
 *
 * @param workload the plan's name for it
 * @param peakIops the peak measured first (reads and writes per second), or null when it was not measured
 * @param loads    the offered rates, lowest first
 */
public record LoadCurves(String workload, Double peakIops, List<Load> loads) {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The percentiles drawn, as the engine names them, and their legend text. */
    private static final Map<String, String> PERCENTILES = Map.of("50", "p50", "99", "p99", "99.9", "p99.9");
    private static final List<String> DRAWN = List.of("50", "99", "99.9");

    /**
     * One offered rate as measured.
     *
     * @param offeredIops  the rate offered to the drive (every job's together)
     * @param achievedIops reads and writes per second measured
     * @param behindMs     how long the rate was not held
     * @param latencyUs    latency from the scheduled time by percentile ("50", "99", "99.9"), reads and writes
     *                     taken together as the slower of the two
     */
    public record Load(String key, double offeredIops, double achievedIops, double behindMs,
                       Map<String, Double> latencyUs) {
        /** Achieved over offered, in %. */
        public double heldPercent() {
            return offeredIops > 0 ? 100 * achievedIops / offeredIops : 0;
        }
    }

    public LoadCurves {
        loads = List.copyOf(loads);
    }

    /** The latency-under-load workloads of a stored run, in the order measured. */
    public static List<LoadCurves> of(PointKinds kinds, List<StoredPoint> stored) {
        Map<String, Map<String, PointResult>> byWorkload = new LinkedHashMap<>();
        for (StoredPoint sp : stored) {
            PointResult p = sp.point();
            if (kinds.kindOf(p.meta().pointKey()) == WorkloadKind.LATENCY_UNDER_LOAD
                    && p.meta().kind() == PointKind.MEASURE && p.status() == PointStatus.COMPLETE) {
                // the latest complete result of a key counts (a resumed run may have measured it twice)
                byWorkload.computeIfAbsent(p.meta().workload(), w -> new LinkedHashMap<>())
                        .put(p.meta().pointKey(), p);
            }
        }
        List<LoadCurves> all = new ArrayList<>();
        byWorkload.forEach((workload, points) -> all.add(of(workload, points.values())));
        return all;
    }

    /**
     * One workload's curves from its complete measured points: the one without a rate is the peak, the others are
     * its offered rates (what the live view has as points finish).
     */
    public static LoadCurves of(String workload, Collection<PointResult> points) {
        Double peak = null;
        List<Load> loads = new ArrayList<>();
        for (PointResult p : points) {
            JsonNode rate = rate(p).orElse(null);
            if (rate == null) {
                peak = iops(p);
            } else {
                loads.add(load(p, rate));
            }
        }
        loads.sort(Comparator.comparingDouble(Load::offeredIops));
        return new LoadCurves(workload, peak, loads);
    }

    /** The report's panel: latency percentiles against achieved IOPS; achieved against offered, the ideal dashed. */
    public Report.Panel panel(String source) {
        List<Curve> percentiles = new ArrayList<>();
        for (String pct : DRAWN) {
            List<Curve.XY> xy = loads.stream().filter(l -> l.latencyUs().get(pct) != null)
                    .map(l -> new Curve.XY(l.achievedIops(), l.latencyUs().get(pct))).toList();
            percentiles.add(new Curve(source, PERCENTILES.get(pct), xy));
        }
        Curve achieved = new Curve(source, "achieved", curve(l -> new Curve.XY(l.offeredIops(), l.achievedIops())));
        Curve ideal = new Curve("", "offered, fully held",
                curve(l -> new Curve.XY(l.offeredIops(), l.offeredIops())));
        return new Report.Panel(workload, Report.Kind.LOAD_CURVE, Throughput.IOPS, percentiles, List.of(),
                List.of(achieved), List.of(ideal));
    }

    /** One header line: "...: peak 130,109 IOPS; 10 offered rates of 13,008 to 130,109 IOPS, 98 % to 101 % held". */
    public String summary() {
        String peak = peakIops == null ? "peak not measured" : "peak " + Numbers.figure(peakIops) + " IOPS";
        if (loads.isEmpty()) {
            return workload + ": " + peak + "; no offered rate measured yet";
        }
        double least = loads.stream().mapToDouble(Load::heldPercent).min().orElse(0);
        double most = loads.stream().mapToDouble(Load::heldPercent).max().orElse(0);
        return String.format(Locale.ROOT, "%s: %s; %d offered rates of %s to %s IOPS, %.0f %% to %.0f %% held",
                workload, peak, loads.size(), Numbers.figure(loads.get(0).offeredIops()),
                Numbers.figure(loads.get(loads.size() - 1).offeredIops()), least, most);
    }

    /** Latency from the scheduled time (log scale: p99.9 leaps where the drive stops keeping up) by IOPS. */
    public static JFreeChart latencyChart(String title, XYSeriesCollection percentiles) {
        NumberAxis achieved = new NumberAxis("achieved IOPS");
        achieved.setAutoRangeIncludesZero(true);
        return Charts.chart(title, achieved, UnitAxes.latency("latency from scheduled time", true),
                percentiles, null, false);
    }

    /** Achieved against offered IOPS, the line of a fully held rate dashed. */
    public static JFreeChart achievedChart(String title, XYSeriesCollection achieved, XYSeriesCollection ideal) {
        NumberAxis offered = new NumberAxis("offered IOPS");
        offered.setAutoRangeIncludesZero(true);
        NumberAxis got = new NumberAxis("achieved IOPS");
        got.setAutoRangeIncludesZero(true);
        return Charts.chart(title, offered, got, achieved, ideal, false);
    }

    private List<Curve.XY> curve(Function<Load, Curve.XY> xy) {
        return loads.stream().map(xy).toList();
    }

    private static Load load(PointResult p, JsonNode rate) {
        Map<String, Double> latency = new LinkedHashMap<>();
        for (String pct : DRAWN) {
            double worst = -1;
            for (String dir : List.of("read_sched_lat_ns", "write_sched_lat_ns")) {
                JsonNode v = rate.path(dir).path("percentiles").get(pct);
                if (v != null && v.isNumber()) {
                    worst = Math.max(worst, v.asDouble());
                }
            }
            latency.put(pct, worst < 0 ? null : worst / 1000);
        }
        double offered = rate.path("target_iops").asDouble();
        return new Load(p.meta().pointKey(), offered, iops(p), rate.path("behind_ms").asDouble(), latency);
    }

    private static double iops(PointResult p) {
        return (p.read() == null ? 0 : p.read().iops()) + (p.write() == null ? 0 : p.write().iops());
    }

    /** The result line's "rate" object: present only for a point run at a rate. */
    static Optional<JsonNode> rate(PointResult p) {
        if (p.resultJson() == null) {
            return Optional.empty();
        }
        try {
            JsonNode rate = JSON.readTree(p.resultJson()).get("rate");
            return rate == null || !rate.isObject() ? Optional.empty() : Optional.of(rate);
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }
}
