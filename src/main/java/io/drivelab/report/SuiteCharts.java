package io.drivelab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.drivelab.engine.CheckpointEvent;
import io.drivelab.workload.Units;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The charts of the reviews' other suites, for the report, the compare view and the live view alike: DLIO
 * checkpointing (seconds per checkpoint over the run; GB/s per pass against the reviewed drives) and the GDSIO
 * sweep (GiB/s and mean latency against threads, a line per block size and direction). The curves are made here
 * too, from a run's checkpoints or GDSIO cells, so that every view shows the same lines.
 */
public final class SuiteCharts {
    /** What the checkpoint charts say about comparing: the reviews' checkpoints are 1,636 GB, a run's are smaller. */
    public static final String SCALED_NOTE = "checkpoint size scaled down from the reviews' 1,636 GB: compare by GB/s";

    private SuiteCharts() {
    }

    /** Seconds per checkpoint against the checkpoint's number in the run: a line per pass, its average dashed. */
    public static JFreeChart checkpointTimes(String title, XYSeriesCollection perPass,
                                             XYSeriesCollection passAverages) {
        NumberAxis number = new NumberAxis("checkpoint");
        number.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        number.setAutoRangeIncludesZero(false);
        NumberAxis seconds = new NumberAxis("seconds per checkpoint");
        seconds.setAutoRangeIncludesZero(true);
        JFreeChart chart = Charts.chart(title, number, seconds, perPass, null, true);
        Charts.addMeasuredDashed(chart, 1, passAverages);
        chart.addSubtitle(new org.jfree.chart.title.TextTitle("dashed: pass averages; " + SCALED_NOTE));
        return chart;
    }

    /** GB/s (10^9 bytes/s) per pass: the run's pass averages, and the reviewed drives' DLIO pass averages dashed. */
    public static JFreeChart checkpointGbPerS(String title, XYSeriesCollection measured,
                                              XYSeriesCollection references) {
        NumberAxis pass = new NumberAxis("pass");
        pass.setTickUnit(new NumberTickUnit(1));
        pass.setAutoRangeIncludesZero(false);
        NumberAxis gbPerS = new NumberAxis("GB/s (checkpoint bytes over checkpoint time)");
        gbPerS.setAutoRangeIncludesZero(true);
        JFreeChart chart = Charts.chart(title, pass, gbPerS, measured, references, false);
        chart.addSubtitle(new org.jfree.chart.title.TextTitle("dashed: reviewed drives' 1,636 GB pass averages "
                + "as GB/s (sizes differ: compare by GB/s)"));
        return chart;
    }

    /** GiB/s against threads (1 … 128 on a base-2 axis). */
    public static JFreeChart gdsioThroughput(String title, XYSeriesCollection measured,
                                             XYSeriesCollection references) {
        NumberAxis gib = new NumberAxis("GiB/s");
        gib.setAutoRangeIncludesZero(true);
        return Charts.chart(title, threads(), gib, measured, references, false);
    }

    /** Mean latency (µs) against threads. */
    public static JFreeChart gdsioLatency(String title, XYSeriesCollection measured,
                                          XYSeriesCollection references) {
        return Charts.chart(title, threads(), UnitAxes.latency("mean latency", false), measured, references, false);
    }

    private static LogAxis threads() {
        LogAxis threads = Charts.log2Axis("threads");
        threads.setRange(0.8, 160);
        return threads;
    }

    // ---- curves ----

    /** Seconds per checkpoint, a curve per pass, x the checkpoint's number in the run (from 1). */
    public static List<Curve> checkpointTimes(String source, List<CheckpointEvent> checkpoints) {
        Map<Integer, List<Curve.XY>> byPass = new LinkedHashMap<>();
        int n = 0;
        for (CheckpointEvent c : checkpoints) {
            n++;
            byPass.computeIfAbsent(c.pass(), p -> new ArrayList<>()).add(new Curve.XY(n, c.seconds()));
        }
        List<Curve> curves = new ArrayList<>();
        byPass.forEach((pass, points) -> curves.add(new Curve(source, "pass " + pass, points)));
        return curves;
    }

    /** Each pass's mean seconds per checkpoint as a flat line over that pass's checkpoints. */
    public static List<Curve> passAverageLines(String source, List<CheckpointEvent> checkpoints) {
        List<Curve> curves = new ArrayList<>();
        for (Curve pass : checkpointTimes(source, checkpoints)) {
            double mean = pass.points().stream().mapToDouble(Curve.XY::y).average().orElse(0);
            List<Curve.XY> points = pass.points();
            curves.add(new Curve(source, pass.series() + " average", List.of(
                    new Curve.XY(points.get(0).x(), mean), new Curve.XY(points.get(points.size() - 1).x(), mean))));
        }
        return curves;
    }

    /** One curve, named {@code label}: per pass, all its checkpoints' bytes over their summed time, in GB/s. */
    public static Curve gbPerSByPass(String label, List<CheckpointEvent> checkpoints) {
        Map<Integer, double[]> byPass = new LinkedHashMap<>();
        for (CheckpointEvent c : checkpoints) {
            double[] sums = byPass.computeIfAbsent(c.pass(), p -> new double[2]);
            sums[0] += c.bytes();
            sums[1] += c.seconds();
        }
        List<Curve.XY> points = new ArrayList<>();
        byPass.forEach((pass, sums) -> {
            if (sums[1] > 0) {
                points.add(new Curve.XY(pass, sums[0] / sums[1] / 1e9));
            }
        });
        return new Curve("", label, points);
    }

    /** "1M read": a GDSIO line's name. */
    public static String gdsioLine(String rw, long bs) {
        return Units.formatSize(bs).toUpperCase(Locale.ROOT) + " " + rw;
    }

    /** GiB/s by threads, a curve per direction and block size. */
    public static List<Curve> gdsioThroughput(String source, List<GdsioGrid.Series> series) {
        List<Curve> curves = new ArrayList<>();
        for (GdsioGrid.Series s : series) {
            curves.add(new Curve(source, gdsioLine(s.rw(), s.bs()), s.cells().stream()
                    .map(c -> new Curve.XY(c.threads(), c.gibPerS())).toList()));
        }
        return curves;
    }

    /** Mean µs by threads, a curve per direction and block size (cells without a latency left out). */
    public static List<Curve> gdsioLatency(String source, List<GdsioGrid.Series> series) {
        List<Curve> curves = new ArrayList<>();
        for (GdsioGrid.Series s : series) {
            curves.add(new Curve(source, gdsioLine(s.rw(), s.bs()), s.cells().stream()
                    .filter(c -> c.meanUs() != null).map(c -> new Curve.XY(c.threads(), c.meanUs())).toList()));
        }
        return curves;
    }
}
