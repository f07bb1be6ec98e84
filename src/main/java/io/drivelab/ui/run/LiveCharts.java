package io.drivelab.ui.run;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.drivelab.engine.CheckpointEvent;
import io.drivelab.report.Charts;
import io.drivelab.report.CrystalSummary;
import io.drivelab.report.Percentiles;
import io.drivelab.report.PointFigures;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.report.Throughput;
import io.drivelab.report.WorkloadType;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Run;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Point;
import io.drivelab.workload.PointKinds;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.WorkloadKind;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The live view's data: the running point over time, and per workload the curves growing as points finish, with
 * the chosen reference drives. The datasets are JFreeChart's and belong to the UI thread; points are added without
 * notifying and {@link #flush()} tells each changed series once, so a chart redraws once per batch, not per point.
 */
public final class LiveCharts {

    /** The series changed since the last flush: each is told once, so a chart redraws once per batch. */
    static final class Changes {
        private final Set<XYSeries> changed = new LinkedHashSet<>();

        void add(XYSeries series, double x, double y) {
            series.add(x, y, false);
            changed.add(series);
        }

        boolean fire() {
            boolean any = !changed.isEmpty();
            changed.forEach(XYSeries::fireSeriesChanged);
            changed.clear();
            return any;
        }
    }

    private final LiveTrace throughput = new LiveTrace(Charts.series("IOPS"));
    private final LiveTrace meanLatency = new LiveTrace(Charts.series("mean latency"));
    private final LiveTrace p99Latency = new LiveTrace(Charts.series("p99 latency"));
    private final XYSeriesCollection timeThroughput = new XYSeriesCollection(throughput.shown());
    private final XYSeriesCollection timeLatency = new XYSeriesCollection();
    private final ReadOnlyObjectWrapper<Throughput> timeUnit = new ReadOnlyObjectWrapper<>(Throughput.IOPS);
    private final ReadOnlyDoubleWrapper rampEnd = new ReadOnlyDoubleWrapper();
    private final ReadOnlyStringWrapper pointTitle = new ReadOnlyStringWrapper("No point running");
    private final Map<String, WorkloadCurves> workloads = new LinkedHashMap<>();
    private final ObservableList<String> workloadNames = FXCollections.observableArrayList();
    private final ObjectProperty<String> shownWorkload = new SimpleObjectProperty<>();
    private final ObservableList<Percentiles.Row> percentiles = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper percentilesTitle = new ReadOnlyStringWrapper("Latency percentiles");
    private final Changes changed = new Changes();
    private final LiveCrystalGrid crystal = new LiveCrystalGrid();
    private final LiveTemperature temperature = new LiveTemperature();
    /** The throughput of the targets running at the same time as the one shown, by target. */
    private final Map<String, LiveTrace> alongside = new LinkedHashMap<>();
    /** The shown run's target (null: unknown), naming its line when others run at the same time. */
    private String shownTarget;
    private int timeColumns = 1000;
    private ReferenceCurves references = ReferenceCurves.NONE;
    /** The kinds of a resumed run's earlier points, from its stored plan. */
    private PointKinds earlierKinds = PointKinds.NONE;
    /** Whether the shown workload follows the run (until the user picks one). */
    private boolean following = true;
    /** The samples taken in so far, of every run: the rate the live view is fed at, for the bench. */
    private long samplesTakenIn;

    LiveCharts() {
        timeLatency.addSeries(meanLatency.shown());
        timeLatency.addSeries(p99Latency.shown());
    }

    /** The running point's throughput over time. */
    public XYSeriesCollection timeThroughput() {
        return timeThroughput;
    }

    /** The running point's drive temperature and thermal throttling. */
    public LiveTemperature temperature() {
        return temperature;
    }

    /** The running point's mean and p99 latency over time. */
    public XYSeriesCollection timeLatency() {
        return timeLatency;
    }

    /** IOPS or MB/s, as the running point's workload is shown. */
    public ReadOnlyObjectProperty<Throughput> timeUnitProperty() {
        return timeUnit.getReadOnlyProperty();
    }

    /** Seconds of ramp seen so far in the running point (0: none). */
    public ReadOnlyDoubleProperty rampEndProperty() {
        return rampEnd.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty pointTitleProperty() {
        return pointTitle.getReadOnlyProperty();
    }

    /** The workloads with curves, in the order the run reaches them. */
    public ObservableList<String> workloadNames() {
        return workloadNames;
    }

    /** The workload whose curves are shown; follows the run until the user picks another. */
    public ObjectProperty<String> shownWorkloadProperty() {
        return shownWorkload;
    }

    public WorkloadCurves workload(String name) {
        return workloads.get(name);
    }

    /** The last finished point's latency percentiles. */
    public ObservableList<Percentiles.Row> percentiles() {
        return percentiles;
    }

    public ReadOnlyStringProperty percentilesTitleProperty() {
        return percentilesTitle.getReadOnlyProperty();
    }

    /** CrystalDiskMark's grid of the run shown, filling as its points finish; null for another plan. */
    public ReadOnlyObjectProperty<CrystalSummary> crystalGridProperty() {
        return crystal.gridProperty();
    }

    /** The reference drives to draw with every workload. */
    public void setReferences(ReferenceCurves chosen) {
        references = chosen;
        workloads.values().forEach(w -> w.showReferences(chosen));
    }

    /**
     * The pixel columns of the time chart's plot: a point's samples are drawn thinned to about two a column, so a
     * redraw costs the same whatever the point's length.
     */
    public void setTimeColumns(int pixels) {
        timeColumns = pixels;
        throughput.columns(pixels);
        alongside.values().forEach(t -> t.columns(pixels));
        meanLatency.columns(pixels);
        p99Latency.columns(pixels);
        temperature.columns(pixels);
    }

    /** A new run: everything cleared. */
    void clear() {
        workloads.clear();
        crystal.clear();
        workloadNames.clear();
        shownWorkload.set(null);
        percentiles.clear();
        percentilesTitle.set("Latency percentiles");
        clearTime("No point running");
        temperature.newRun();
        alongside.values().forEach(t -> timeThroughput.removeSeries(t.shown()));
        alongside.clear();
        shownTarget = null;
    }

    void pointStarted(PlanItem item, String key) {
        Point p = item.point();
        timeUnit.set(WorkloadType.of(p.workload()).unit());
        nameThroughput();
        clearTime((item.isPrecondition() ? "Precondition " : "") + p.workload().name() + " "
                + String.format(Locale.ROOT, "QD%d/%d", p.iodepth(), p.numjobs()) + " (" + key + ")");
        if (item.isMeasure()) {
            WorkloadCurves curves = curvesOf(p.workload().name(), typeOf(p), p.kind());
            // The next workload is shown once it has a point; until then the last one's curves stay in view.
            if (shownWorkload.get() == null) {
                shownWorkload.set(curves.name());
            }
        }
    }

    /**
     * A run starts: each workload it will measure gets its curves at once, so that the chosen reference drives are
     * drawn before the first point; the first is shown. {@code run} and {@code plan} (null when unknown) say
     * whether CrystalDiskMark's grid is shown.
     */
    void planned(Run run, TestPlan plan, List<PlanItem> items) {
        crystal.started(run, plan);
        shownTarget = run == null ? null : run.target();
        for (PlanItem item : items) {
            if (item.isMeasure()) {
                Point p = item.point();
                curvesOf(p.workload().name(), typeOf(p), p.kind()).planned(p);
            }
        }
        if (shownWorkload.get() == null && !workloadNames.isEmpty()) {
            shownWorkload.set(workloadNames.get(0));
        }
    }

    long samplesTakenIn() {
        return samplesTakenIn;
    }

    void follow(boolean follow) {
        following = follow;
    }

    void sample(LiveFeed.Sample s) {
        samplesTakenIn++;
        Throughput unit = timeUnit.get();
        throughput.add(s.seconds(), unit.of(s.iops(), s.bytesPerSecond()));
        if (s.meanUs() != null) {
            meanLatency.add(s.seconds(), s.meanUs());
        }
        if (s.p99Us() != null) {
            p99Latency.add(s.seconds(), s.p99Us());
        }
        if (s.ramp()) {
            rampEnd.set(s.seconds());
        }
        temperature.interval(s);
    }

    /** A sample of a target running at the same time: its line, in its own colour, in the shown point's unit. */
    void alongsideSample(String target, LiveFeed.Sample s) {
        LiveTrace line = alongside.get(target);
        if (line == null) {
            line = new LiveTrace(Charts.series(target));
            line.columns(timeColumns);
            alongside.put(target, line);
            timeThroughput.addSeries(line.shown());
            nameThroughput();
        }
        line.add(s.seconds(), timeUnit.get().of(s.iops(), s.bytesPerSecond()));
    }

    void alongsidePointStarted(String target) {
        LiveTrace line = alongside.get(target);
        if (line != null) {
            line.clear();
        }
    }

    /** The shown target's line: named by its unit alone, or by its target when others run at the same time. */
    private void nameThroughput() {
        String key = alongside.isEmpty() || shownTarget == null ? timeUnit.get().label() : shownTarget;
        if (!key.equals(throughput.shown().getKey())) {
            throughput.shown().setKey(key);
        }
    }

    void temperature(LiveTemperature.Reading r) {
        temperature.reading(r);
    }

    void pointFinished(PlanItem item, PointResult result, List<Percentiles.Row> rows) {
        crystal.finished(result);
        PointFigures f = PointFigures.of(result);
        // A point stopped before it measured (in its ramp) has no latencies: the last point that has stays shown.
        if (!rows.isEmpty()) {
            showRows(percentiles, rows);
            percentilesTitle.set("Latency percentiles of the last point: " + result.meta().workload() + " "
                    + f.configuration());
        }
        // A stopped or failed point is stored, but its figures are not the drive's: the curves leave it out.
        if (result.meta().kind() != PointKind.MEASURE || result.status() != PointStatus.COMPLETE || !f.measured()) {
            return;
        }
        WorkloadKind kind = item != null ? item.point().kind() : earlierKinds.kindOf(result.meta().pointKey());
        WorkloadCurves curves = curvesOf(result.meta().workload(), WorkloadType.of(result.meta()), kind);
        if (following || shownWorkload.get() == null) {
            shownWorkload.set(curves.name());
        }
        curves.add(result, f, changed);
    }

    /**
     * Shows {@code rows} in {@code shown} changing only the rows that differ: a whole new list makes the table
     * rebuild all its cells, a replaced row only that row's, and equal rows nothing at all.
     */
    static <T> void showRows(ObservableList<T> shown, List<T> rows) {
        if (shown.size() != rows.size()) {
            shown.setAll(rows);
            return;
        }
        for (int i = 0; i < rows.size(); i++) {
            if (!rows.get(i).equals(shown.get(i))) {
                shown.set(i, rows.get(i));
            }
        }
    }

    /** A checkpoint of the running checkpoint point: a point more on its time chart (drawn at the next flush). */
    void checkpoint(PlanItem item, CheckpointEvent c) {
        Point p = item.point();
        WorkloadCurves curves = curvesOf(p.workload().name(), typeOf(p), p.kind());
        if (shownWorkload.get() == null || following) {
            shownWorkload.set(curves.name());
        }
        if (curves instanceof CheckpointCurves checkpoints) {
            checkpoints.addCheckpoint(c);
        }
    }

    /** Shows a run's stored points (a resumed run's earlier points), charted as {@code kinds} (its plan's) say. */
    void showFinished(List<PointResult> results, PointKinds kinds) {
        earlierKinds = kinds;
        for (PointResult r : results) {
            pointFinished(null, r, Percentiles.of(r));
        }
    }

    /** Tells each series changed since the last flush that it changed: one redraw per chart. */
    boolean flush() {
        boolean any = false;
        for (WorkloadCurves w : workloads.values()) {
            any |= w.sync();
        }
        any |= throughput.sync() | meanLatency.sync() | p99Latency.sync() | temperature.sync();
        for (LiveTrace line : alongside.values()) {
            any |= line.sync();
        }
        return changed.fire() | any;
    }

    /** A point's type as its stored result will have it: a checkpoint point's rw is "checkpoint". */
    private static WorkloadType typeOf(Point p) {
        return p.kind() == WorkloadKind.CHECKPOINT ? new WorkloadType("checkpoint", null, null)
                : WorkloadType.of(p.workload());
    }

    private WorkloadCurves curvesOf(String name, WorkloadType type, WorkloadKind kind) {
        WorkloadCurves curves = workloads.get(name);
        if (curves == null) {
            curves = WorkloadCurves.of(name, type, kind);
            curves.showReferences(references);
            workloads.put(name, curves);
            workloadNames.add(name);
        }
        return curves;
    }

    private void clearTime(String title) {
        throughput.clear();
        meanLatency.clear();
        p99Latency.clear();
        rampEnd.set(0);
        temperature.clear();
        pointTitle.set(title);
    }

}
