package io.drivelab.ui.run;

import java.util.List;

import io.drivelab.report.Charts;
import io.drivelab.report.Curve;
import io.drivelab.report.PointFigures;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.report.Report;
import io.drivelab.report.Throughput;
import io.drivelab.report.WorkloadType;
import io.drivelab.store.PointResult;
import io.drivelab.workload.Point;
import io.drivelab.workload.WorkloadKind;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * One workload's live datasets for the two charts shown side by side, each with the run's curves and the chosen
 * reference drives' curves. Which charts they are depends on what the plan says the workload is: one subclass per
 * kind.
 */
public abstract sealed class WorkloadCurves permits MatrixCurves, GdsioCurves, CheckpointCurves,
        LatencyUnderLoadCurves {
    private final String name;
    private final WorkloadType type;
    private final XYSeriesCollection left = new XYSeriesCollection();
    private final XYSeriesCollection leftReferences = new XYSeriesCollection();
    private final XYSeriesCollection right = new XYSeriesCollection();
    private final XYSeriesCollection rightReferences = new XYSeriesCollection();
    private final XYSeriesCollection leftPlanned = new XYSeriesCollection();

    WorkloadCurves(String name, WorkloadType type) {
        this.name = name;
        this.type = type;
    }

    /** The curves for a workload of this kind. */
    static WorkloadCurves of(String name, WorkloadType type, WorkloadKind kind) {
        return switch (kind) {
            case MATRIX -> new MatrixCurves(name, type);
            case LATENCY_UNDER_LOAD -> new LatencyUnderLoadCurves(name, type);
            case GDSIO_SWEEP -> new GdsioCurves(name, type);
            case CHECKPOINT -> new CheckpointCurves(name, type);
        };
    }

    /** Which charts show this workload. */
    public abstract Report.Kind kind();

    /** A finished, complete, measured point of this workload (changed series told through {@code changed}). */
    abstract void add(PointResult result, PointFigures figures, LiveCharts.Changes changed);

    abstract void showReferences(ReferenceCurves references);

    /** Brings curves fed in batches up to date, each series told once; whether anything changed. */
    boolean sync() {
        return false;
    }

    public String name() {
        return name;
    }

    WorkloadType type() {
        return type;
    }

    public Throughput unit() {
        return type.unit();
    }

    /** The left chart's measured curves. */
    public XYSeriesCollection left() {
        return left;
    }

    public XYSeriesCollection leftReferences() {
        return leftReferences;
    }

    /**
     * Where the plan will measure on the left chart, with no value (nothing drawn): its axis spans them before they
     * are measured (a quick plan's QD1 lay off the reference drives' QD16-256 until its first point).
     */
    public XYSeriesCollection leftPlanned() {
        return leftPlanned;
    }

    /** The plan's points on {@code chart}'s axis, drawn nowhere and in no legend. */
    static void showPlanned(JFreeChart chart, XYSeriesCollection planned) {
        XYPlot plot = chart.getXYPlot();
        if (plot.getRenderer(2) == null) {
            XYLineAndShapeRenderer nothing = new XYLineAndShapeRenderer(false, false);
            nothing.setDefaultSeriesVisibleInLegend(false);
            plot.setRenderer(2, nothing);
        }
        plot.setDataset(2, planned);
    }

    /** The plan measures {@code point} of this workload. */
    void planned(Point point) {
    }

    /** The right chart's measured curves. */
    public XYSeriesCollection right() {
        return right;
    }

    public XYSeriesCollection rightReferences() {
        return rightReferences;
    }

    /** Points on the left chart so far. */
    public int pointCount() {
        int n = 0;
        for (int i = 0; i < left.getSeriesCount(); i++) {
            n += left.getSeries(i).getItemCount();
        }
        return n;
    }

    static void fill(XYSeriesCollection collection, List<Curve> curves) {
        collection.removeAllSeries();
        Charts.seriesOf(curves).forEach(collection::addSeries);
    }

    /** Replaces each curve's series in {@code collection} (adding those it lacks), each told once. */
    static void refill(XYSeriesCollection collection, List<Curve> curves) {
        for (Curve curve : curves) {
            int index = collection.getSeriesIndex(curve.label());
            XYSeries series = index < 0 ? Charts.series(curve.label()) : collection.getSeries(index);
            series.setNotify(false);
            series.clear();
            curve.points().forEach(p -> Charts.add(series, p));
            series.setNotify(true);
            if (index < 0) {
                collection.addSeries(series);
            }
        }
    }

    /** A pair of series, left and right, added to the charts. */
    XYSeries[] addPair(XYSeries l, XYSeries r) {
        left.addSeries(l);
        right.addSeries(r);
        return new XYSeries[]{l, r};
    }
}
