package io.drivelab.ui.run;

import java.util.Map;
import java.util.TreeMap;

import io.drivelab.report.Charts;
import io.drivelab.report.PointFigures;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.report.Report;
import io.drivelab.report.WorkloadResults;
import io.drivelab.report.WorkloadType;
import io.drivelab.store.PointResult;
import io.drivelab.workload.Point;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** A matrix workload: throughput by IODepth (left) and mean latency against throughput (right), a line per NumJobs. */
public final class MatrixCurves extends WorkloadCurves {
    private final Map<Integer, XYSeries[]> byJobs = new TreeMap<>();

    MatrixCurves(String name, WorkloadType type) {
        super(name, type);
    }

    @Override
    public Report.Kind kind() {
        return Report.Kind.SCALING;
    }

    public XYSeriesCollection scaling() {
        return left();
    }

    public XYSeriesCollection latency() {
        return right();
    }

    @Override
    void add(PointResult result, PointFigures f, LiveCharts.Changes changed) {
        XYSeries[] series = byJobs.computeIfAbsent(result.meta().numjobs(), jobs -> {
            String label = WorkloadResults.jobsLabel(jobs);
            return addPair(new XYSeries(label, true, true), Charts.series(label));
        });
        double y = f.throughput(unit());
        changed.add(series[0], result.meta().iodepth(), y);
        if (f.latMeanUs() != null) {
            changed.add(series[1], y, f.latMeanUs());
        }
    }

    @Override
    void planned(Point point) {
        if (leftPlanned().getSeriesCount() == 0) {
            leftPlanned().addSeries(new XYSeries("planned IODepths", true, false));
        }
        leftPlanned().getSeries(0).addOrUpdate(point.iodepth(), Double.NaN);
    }

    @Override
    void showReferences(ReferenceCurves references) {
        fill(leftReferences(), references.scaling(type()));
        fill(rightReferences(), references.latency(type()));
    }
}
