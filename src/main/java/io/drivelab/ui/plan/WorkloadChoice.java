package io.drivelab.ui.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import io.drivelab.workload.Matrix;
import io.drivelab.workload.Units;
import io.drivelab.workload.WorkloadStep;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * One workload of the plan with its IODepth × NumJobs grid of checkboxes. The grid offers the usual values and the
 * plan's own; the plan's cells start ticked. Any set of cells can be ticked: cells that do not form one full
 * IODepth × NumJobs matrix become several matrices of the same workload.
 */
public final class WorkloadChoice {
    static final List<Integer> USUAL_IODEPTHS = List.of(1, 2, 4, 8, 16, 32, 64, 128, 256);
    static final List<Integer> USUAL_NUMJOBS = List.of(1, 2, 4, 8, 16);

    private final WorkloadStep step;
    private final List<Integer> iodepths;
    private final List<Integer> numjobs;
    private final Map<Matrix.Cell, BooleanProperty> cells = new LinkedHashMap<>();
    private final BooleanProperty included = new SimpleBooleanProperty(true);

    WorkloadChoice(WorkloadStep step) {
        this.step = step;
        Matrix m = step.matrix();
        this.iodepths = List.copyOf(union(USUAL_IODEPTHS, m.iodepths()));
        this.numjobs = List.copyOf(union(USUAL_NUMJOBS, m.numjobs()));
        List<Matrix.Cell> planned = m.cells();
        for (int qd : iodepths) {
            for (int jobs : numjobs) {
                Matrix.Cell cell = new Matrix.Cell(qd, jobs);
                cells.put(cell, new SimpleBooleanProperty(planned.contains(cell)));
            }
        }
    }

    private static TreeSet<Integer> union(List<Integer> a, List<Integer> b) {
        TreeSet<Integer> all = new TreeSet<>(a);
        all.addAll(b);
        return all;
    }

    /** The workload's name, "4K random read". */
    public String name() {
        return step.workload().name();
    }

    /** "randread 4k", "randread 128k-mix". */
    public String describe() {
        String transfer = step.workload().mix() != null ? step.workload().transferLabel()
                : Units.formatSize(step.workload().bs());
        return step.workload().rw().value() + " " + transfer;
    }

    /** The grid's rows. */
    public List<Integer> iodepths() {
        return iodepths;
    }

    /** The grid's columns. */
    public List<Integer> numjobs() {
        return numjobs;
    }

    public BooleanProperty cell(int iodepth, int jobs) {
        BooleanProperty cell = cells.get(new Matrix.Cell(iodepth, jobs));
        if (cell == null) {
            throw new IllegalArgumentException("no cell QD" + iodepth + "/" + jobs + " in the grid of " + name());
        }
        return cell;
    }

    /** Whether the workload is measured at all. */
    public BooleanProperty includedProperty() {
        return included;
    }

    /** Ticked cells. */
    public int tickedCount() {
        return (int) cells.values().stream().filter(BooleanProperty::get).count();
    }

    /** The workload as ticked: its own step when unchanged, else one step per set of NumJobs with equal IODepths. */
    List<WorkloadStep> steps() {
        if (!included.get()) {
            return List.of();
        }
        List<Matrix.Cell> ticked = cells.entrySet().stream().filter(e -> e.getValue().get()).map(Map.Entry::getKey)
                .toList();
        if (new TreeSet<>(cellKeys(ticked)).equals(new TreeSet<>(cellKeys(step.matrix().cells())))) {
            return List.of(step);
        }
        // NumJobs columns grouped by the IODepths ticked in them, in column order.
        Map<List<Integer>, List<Integer>> jobsByDepths = new LinkedHashMap<>();
        for (int jobs : numjobs) {
            List<Integer> depths = ticked.stream().filter(c -> c.numjobs() == jobs).map(Matrix.Cell::iodepth)
                    .toList();
            if (!depths.isEmpty()) {
                jobsByDepths.computeIfAbsent(depths, k -> new ArrayList<>()).add(jobs);
            }
        }
        Matrix m = step.matrix();
        List<WorkloadStep> steps = new ArrayList<>();
        jobsByDepths.forEach((depths, jobs) -> steps.add(new WorkloadStep(step.workload(),
                new Matrix(depths, jobs, m.runtime(), m.ramp(), m.idle(), m.passes(), m.keep(), m.outer()))));
        return steps;
    }

    private static List<String> cellKeys(List<Matrix.Cell> cells) {
        return cells.stream().map(c -> c.iodepth() + "/" + c.numjobs()).toList();
    }

    Observable[] observables() {
        List<Observable> all = new ArrayList<>(cells.values());
        all.add(included);
        return all.toArray(Observable[]::new);
    }

    @Override
    public String toString() {
        return name();
    }
}
