package io.drivelab.ui.run;

import java.util.LinkedHashMap;
import java.util.Map;

import io.drivelab.report.LoadCurves;
import io.drivelab.report.PointFigures;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.report.Report;
import io.drivelab.report.WorkloadType;
import io.drivelab.store.PointResult;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * A latency-under-load workload, drawn as the report draws it ({@link LoadCurves}) and growing as its offered rates
 * finish: p50, p99 and p99.9 latency from the scheduled time against the IOPS achieved (left), achieved against
 * offered IOPS with the fully held rate dashed (right). Reference drives publish no such curve: none are drawn.
 */
public final class LatencyUnderLoadCurves extends WorkloadCurves {
    /** The finished points by key: a resumed run's point measured again replaces the earlier one. */
    private final Map<String, PointResult> points = new LinkedHashMap<>();
    private boolean changed;

    LatencyUnderLoadCurves(String name, WorkloadType type) {
        super(name, type);
    }

    @Override
    public Report.Kind kind() {
        return Report.Kind.LOAD_CURVE;
    }

    /** Latency from the scheduled time by percentile, against achieved IOPS. */
    public XYSeriesCollection latency() {
        return left();
    }

    public XYSeriesCollection achieved() {
        return right();
    }

    /** The line of a rate fully held (achieved = offered). */
    public XYSeriesCollection fullyHeld() {
        return rightReferences();
    }

    /** The offered rates on the chart so far (the peak, measured first, is no point of the curve). */
    @Override
    public int pointCount() {
        return right().getSeriesCount() == 0 ? 0 : right().getSeries(0).getItemCount();
    }

    @Override
    void add(PointResult result, PointFigures figures, LiveCharts.Changes changes) {
        points.put(result.meta().pointKey(), result);
        changed = true;
    }

    /** The curves rebuilt from the points so far, as the report builds them (at most once per batch). */
    @Override
    boolean sync() {
        if (!changed) {
            return false;
        }
        changed = false;
        Report.Panel panel = LoadCurves.of(name(), points.values()).panel("");
        refill(left(), panel.scaling());
        refill(right(), panel.latency());
        refill(rightReferences(), panel.latencyReferences());
        return true;
    }

    @Override
    void showReferences(ReferenceCurves references) {
        // no reference drive publishes latency under load
    }
}
