package io.drivelab.ui.run;

import java.util.ArrayList;
import java.util.List;

import io.drivelab.engine.CheckpointEvent;
import io.drivelab.engine.CheckpointSummary;
import io.drivelab.report.Charts;
import io.drivelab.report.Curve;
import io.drivelab.report.PointFigures;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.report.Report;
import io.drivelab.report.SuiteCharts;
import io.drivelab.report.WorkloadType;
import io.drivelab.store.PointResult;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * A checkpoint workload: seconds per checkpoint by pass with the pass averages dashed (left), and GB/s per pass
 * against the reviewed drives' DLIO figures (right). Checkpoints arrive one by one and are drawn at the next sync.
 */
public final class CheckpointCurves extends WorkloadCurves {
    private final List<CheckpointEvent> checkpoints = new ArrayList<>();
    private boolean changed;

    CheckpointCurves(String name, WorkloadType type) {
        super(name, type);
    }

    @Override
    public Report.Kind kind() {
        return Report.Kind.CHECKPOINT;
    }

    public XYSeriesCollection secondsPerCheckpoint() {
        return left();
    }

    public XYSeriesCollection passAverages() {
        return leftReferences();
    }

    public XYSeriesCollection gbPerPass() {
        return right();
    }

    public XYSeriesCollection reviewedGbPerPass() {
        return rightReferences();
    }

    void addCheckpoint(CheckpointEvent c) {
        checkpoints.add(c);
        changed = true;
    }

    /** The checkpoints came one by one; a resumed run's stored point brings them all at once. */
    @Override
    void add(PointResult result, PointFigures figures, LiveCharts.Changes changes) {
        if (checkpoints.isEmpty()) {
            CheckpointSummary.fromResultJson(result.resultJson())
                    .ifPresent(s -> s.checkpoints().forEach(this::addCheckpoint));
        }
    }

    @Override
    boolean sync() {
        if (!changed) {
            return false;
        }
        changed = false;
        sync(left(), SuiteCharts.checkpointTimes("", checkpoints));
        sync(leftReferences(), SuiteCharts.passAverageLines("", checkpoints));
        sync(right(), List.of(SuiteCharts.gbPerSByPass("this run", checkpoints)));
        return true;
    }

    @Override
    void showReferences(ReferenceCurves references) {
        fill(rightReferences(), references.checkpointGbPerS());
    }

    private static void sync(XYSeriesCollection collection, List<Curve> curves) {
        for (Curve curve : curves) {
            int index = collection.getSeriesIndex(curve.label());
            XYSeries series = index < 0 ? Charts.series(curve.label()) : collection.getSeries(index);
            series.setNotify(false);
            series.clear();
            curve.points().forEach(p -> series.add(p.x(), p.y(), false));
            series.setNotify(true);
            if (index < 0) {
                collection.addSeries(series);
            }
        }
    }
}
