package io.drivelab.ui.run;

import java.util.ArrayList;
import java.util.List;

import io.drivelab.engine.CheckpointEvent;
import io.drivelab.engine.CheckpointSummary;
import io.drivelab.report.PointFigures;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.report.Report;
import io.drivelab.report.SuiteCharts;
import io.drivelab.report.WorkloadType;
import io.drivelab.store.PointResult;
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
        refill(left(), SuiteCharts.checkpointTimes("", checkpoints));
        refill(leftReferences(), SuiteCharts.passAverageLines("", checkpoints));
        refill(right(), List.of(SuiteCharts.gbPerSByPass("this run", checkpoints)));
        return true;
    }

    @Override
    void showReferences(ReferenceCurves references) {
        fill(rightReferences(), references.checkpointGbPerS());
    }
}
