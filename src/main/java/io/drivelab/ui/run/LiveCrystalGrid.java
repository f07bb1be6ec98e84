package io.drivelab.ui.run;

import java.util.ArrayList;
import java.util.List;

import io.drivelab.report.CrystalSummary;
import io.drivelab.store.PointResult;
import io.drivelab.store.Run;
import io.drivelab.workload.TestPlan;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * CrystalDiskMark's grid of the run shown, filled tile by tile as its points finish, from the same summary Compare
 * and the report show; none for a run of another plan.
 */
final class LiveCrystalGrid {
    private final ReadOnlyObjectWrapper<CrystalSummary> grid = new ReadOnlyObjectWrapper<>();
    private final List<PointResult> points = new ArrayList<>();
    private Run run;
    private TestPlan plan;

    /** The grid now, or null when the run shown is not of the crystaldiskmark preset. */
    ReadOnlyObjectProperty<CrystalSummary> gridProperty() {
        return grid.getReadOnlyProperty();
    }

    void clear() {
        run = null;
        plan = null;
        points.clear();
        grid.set(null);
    }

    /** The run starts (or resumes, with its earlier points already in): its empty tiles are shown. */
    void started(Run started, TestPlan itsPlan) {
        run = started;
        plan = itsPlan;
        show();
    }

    /** A point finished (a resumed run's earlier ones included). */
    void finished(PointResult point) {
        points.add(point);
        if (run != null) {
            show();
        }
    }

    private void show() {
        grid.set(run == null ? null : CrystalSummary.of(run, plan, points).orElse(null));
    }
}
