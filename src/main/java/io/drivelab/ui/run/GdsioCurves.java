package io.drivelab.ui.run;

import io.drivelab.report.GdsioGrid;
import io.drivelab.report.PointFigures;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.report.Report;
import io.drivelab.report.SuiteCharts;
import io.drivelab.report.WorkloadType;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointResult;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** A GDSIO sweep workload: GiB/s (left) and mean µs (right) by threads, against the reviews' GDSIO figures. */
public final class GdsioCurves extends WorkloadCurves {
    private XYSeries[] line;

    GdsioCurves(String name, WorkloadType type) {
        super(name, type);
    }

    @Override
    public Report.Kind kind() {
        return Report.Kind.GDSIO;
    }

    public XYSeriesCollection gibPerS() {
        return left();
    }

    public XYSeriesCollection meanLatency() {
        return right();
    }

    @Override
    void add(PointResult result, PointFigures f, LiveCharts.Changes changed) {
        if (line == null) {
            String label = SuiteCharts.gdsioLine(type().rw(), type().bs());
            line = addPair(new XYSeries(label, true, true), new XYSeries(label, true, true));
        }
        DirectionResult d = "read".equals(result.meta().rw()) ? result.read() : result.write();
        if (d != null) {
            changed.add(line[0], result.meta().numjobs(), d.bwBytes() / GdsioGrid.GIB);
            if (d.latMeanNs() != null) {
                changed.add(line[1], result.meta().numjobs(), d.latMeanNs() / 1000);
            }
        }
    }

    @Override
    void showReferences(ReferenceCurves references) {
        fill(leftReferences(), references.gdsioThroughput(type().rw(), type().bs()));
        fill(rightReferences(), references.gdsioLatency(type().rw(), type().bs()));
    }
}
