package io.drivelab.ui.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.drivelab.engine.CheckpointEvent;
import io.drivelab.engine.CheckpointSummary;
import io.drivelab.reference.ReferenceFigure;
import io.drivelab.report.Charts;
import io.drivelab.report.Report;
import io.drivelab.report.SuiteCharts;
import io.drivelab.run.GdsioGrid;
import io.drivelab.store.DirectionResult;
import io.drivelab.report.Curve;
import io.drivelab.report.Percentiles;
import io.drivelab.report.PointFigures;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.report.Throughput;
import io.drivelab.report.WorkloadResults;
import io.drivelab.report.WorkloadType;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Point;
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

    /**
     * One workload's datasets: measured curves by NumJobs, and the reference drives' curves. A checkpoint workload
     * ({@link #kind()} CHECKPOINT) has seconds per checkpoint by pass in {@link #scaling()}, the pass averages in
     * {@link #scalingReferences()}, its GB/s per pass in {@link #latency()} and the reviewed drives' in
     * {@link #latencyReferences()}; a GDSIO workload has GiB/s and mean µs by threads (the report's charts,
     * {@link SuiteCharts}).
     */
    public static final class WorkloadCurves {
        private final String name;
        private final WorkloadType type;
        private final Report.Kind kind;
        private final List<CheckpointEvent> checkpoints = new ArrayList<>();
        private boolean checkpointsChanged;
        private final XYSeriesCollection scaling = new XYSeriesCollection();
        private final XYSeriesCollection latency = new XYSeriesCollection();
        private final XYSeriesCollection scalingReferences = new XYSeriesCollection();
        private final XYSeriesCollection latencyReferences = new XYSeriesCollection();
        private final Map<Integer, XYSeries[]> byJobs = new TreeMap<>();

        WorkloadCurves(String name, WorkloadType type) {
            this.name = name;
            this.type = type;
            this.kind = kindOf(name, type);
        }

        /** Which charts show this workload: by IODepth, checkpoint times, or GDSIO by threads. */
        public Report.Kind kind() {
            return kind;
        }

        static Report.Kind kindOf(String name, WorkloadType type) {
            if ("checkpoint".equals(type.rw())) {
                return Report.Kind.CHECKPOINT;
            }
            boolean gdsio = name.toUpperCase(Locale.ROOT).contains(ReferenceFigure.GDSIO) && type.bs() != null
                    && ("read".equals(type.rw()) || "write".equals(type.rw()));
            return gdsio ? Report.Kind.GDSIO : Report.Kind.SCALING;
        }

        void addCheckpoint(CheckpointEvent c) {
            checkpoints.add(c);
            checkpointsChanged = true;
        }

        /** Brings the checkpoint curves up to date, each series told once; whether anything changed. */
        boolean syncCheckpoints() {
            if (!checkpointsChanged) {
                return false;
            }
            checkpointsChanged = false;
            sync(scaling, SuiteCharts.checkpointTimes("", checkpoints));
            sync(scalingReferences, SuiteCharts.passAverageLines("", checkpoints));
            sync(latency, List.of(SuiteCharts.gbPerSByPass("this run", checkpoints)));
            return true;
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

        public String name() {
            return name;
        }

        public Throughput unit() {
            return type.unit();
        }

        public XYSeriesCollection scaling() {
            return scaling;
        }

        public XYSeriesCollection latency() {
            return latency;
        }

        public XYSeriesCollection scalingReferences() {
            return scalingReferences;
        }

        public XYSeriesCollection latencyReferences() {
            return latencyReferences;
        }

        /** Points on the scaling chart so far. */
        public int pointCount() {
            int n = 0;
            for (int i = 0; i < scaling.getSeriesCount(); i++) {
                n += scaling.getSeries(i).getItemCount();
            }
            return n;
        }

        XYSeries[] seriesFor(int numjobs) {
            return byJobs.computeIfAbsent(numjobs, jobs -> {
                String label = kind == Report.Kind.GDSIO ? SuiteCharts.gdsioLine(type.rw(), type.bs())
                        : WorkloadResults.jobsLabel(jobs);
                XYSeries s = new XYSeries(label, true, true);
                XYSeries l = kind == Report.Kind.GDSIO ? new XYSeries(label, true, true) : Charts.series(label);
                scaling.addSeries(s);
                latency.addSeries(l);
                return new XYSeries[]{s, l};
            });
        }

        void showReferences(ReferenceCurves references) {
            switch (kind) {
                case CHECKPOINT -> fill(latencyReferences, references.checkpointGbPerS());
                case GDSIO -> {
                    fill(scalingReferences, references.gdsioThroughput(type.rw(), type.bs()));
                    fill(latencyReferences, references.gdsioLatency(type.rw(), type.bs()));
                }
                default -> {
                    fill(scalingReferences, references.scaling(type));
                    fill(latencyReferences, references.latency(type));
                }
            }
        }

        private static void fill(XYSeriesCollection collection, List<Curve> curves) {
            collection.removeAllSeries();
            Charts.seriesOf(curves).forEach(collection::addSeries);
        }
    }

    private final XYSeries throughput = Charts.series("IOPS");
    private final XYSeries meanLatency = Charts.series("mean latency");
    private final XYSeries p99Latency = Charts.series("p99 latency");
    private final XYSeriesCollection timeThroughput = new XYSeriesCollection(throughput);
    private final XYSeriesCollection timeLatency = new XYSeriesCollection();
    private final ReadOnlyObjectWrapper<Throughput> timeUnit = new ReadOnlyObjectWrapper<>(Throughput.IOPS);
    private final ReadOnlyDoubleWrapper rampEnd = new ReadOnlyDoubleWrapper();
    private final ReadOnlyStringWrapper pointTitle = new ReadOnlyStringWrapper("No point running");
    private final Map<String, WorkloadCurves> workloads = new LinkedHashMap<>();
    private final ObservableList<String> workloadNames = FXCollections.observableArrayList();
    private final ObjectProperty<String> shownWorkload = new SimpleObjectProperty<>();
    private final ObservableList<Percentiles.Row> percentiles = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper percentilesTitle = new ReadOnlyStringWrapper("Latency percentiles");
    private final Set<XYSeries> changed = new LinkedHashSet<>();
    private ReferenceCurves references = ReferenceCurves.NONE;
    /** Whether the shown workload follows the run (until the user picks one). */
    private boolean following = true;

    LiveCharts() {
        timeLatency.addSeries(meanLatency);
        timeLatency.addSeries(p99Latency);
    }

    /** The running point's throughput over time. */
    public XYSeriesCollection timeThroughput() {
        return timeThroughput;
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

    /** The reference drives to draw with every workload. */
    public void setReferences(ReferenceCurves chosen) {
        references = chosen;
        workloads.values().forEach(w -> w.showReferences(chosen));
    }

    /** A new run: everything cleared. */
    void clear() {
        workloads.clear();
        workloadNames.clear();
        shownWorkload.set(null);
        percentiles.clear();
        percentilesTitle.set("Latency percentiles");
        clearTime("No point running");
    }

    void pointStarted(PlanItem item, String key) {
        Point p = item.point();
        timeUnit.set(WorkloadType.of(p.workload()).unit());
        throughput.setKey(timeUnit.get().label());
        clearTime((item.isPrecondition() ? "Precondition " : "") + p.workload().name() + " "
                + String.format(Locale.ROOT, "QD%d/%d", p.iodepth(), p.numjobs()) + " (" + key + ")");
        if (item.isMeasure()) {
            WorkloadCurves curves = curvesOf(p.workload().name(), typeOf(p));
            // The next workload is shown once it has a point; until then the last one's curves stay in view.
            if (shownWorkload.get() == null) {
                shownWorkload.set(curves.name());
            }
        }
    }

    void follow(boolean follow) {
        following = follow;
    }

    void sample(LiveFeed.Sample s) {
        Throughput unit = timeUnit.get();
        add(throughput, s.seconds(), unit.of(s.iops(), s.bytesPerSecond()));
        if (s.meanUs() != null) {
            add(meanLatency, s.seconds(), s.meanUs());
        }
        if (s.p99Us() != null) {
            add(p99Latency, s.seconds(), s.p99Us());
        }
        if (s.ramp()) {
            rampEnd.set(s.seconds());
        }
    }

    void pointFinished(PlanItem item, PointResult result, List<Percentiles.Row> rows) {
        percentiles.setAll(rows);
        PointFigures f = PointFigures.of(result);
        percentilesTitle.set("Latency percentiles of the last point: " + result.meta().workload() + " "
                + f.configuration());
        // A stopped or failed point is stored, but its figures are not the drive's: the curves leave it out.
        if (result.meta().kind() != PointKind.MEASURE || result.status() != PointStatus.COMPLETE || !f.measured()) {
            return;
        }
        WorkloadCurves curves = curvesOf(result.meta().workload(), WorkloadType.of(result.meta()));
        if (following || shownWorkload.get() == null) {
            shownWorkload.set(curves.name());
        }
        if (curves.kind() == Report.Kind.CHECKPOINT) {
            // The checkpoints came one by one; a resumed run's stored point brings them all at once.
            if (curves.checkpoints.isEmpty()) {
                CheckpointSummary.fromResultJson(result.resultJson())
                        .ifPresent(s -> s.checkpoints().forEach(curves::addCheckpoint));
            }
            return;
        }
        if (curves.kind() == Report.Kind.GDSIO) {
            XYSeries[] series = curves.seriesFor(0);
            DirectionResult d = "read".equals(result.meta().rw()) ? result.read() : result.write();
            if (d != null) {
                add(series[0], result.meta().numjobs(), d.bwBytes() / GdsioGrid.GIB);
                if (d.latMeanNs() != null) {
                    add(series[1], result.meta().numjobs(), d.latMeanNs() / 1000);
                }
            }
            return;
        }
        XYSeries[] series = curves.seriesFor(result.meta().numjobs());
        double y = f.throughput(curves.unit());
        add(series[0], result.meta().iodepth(), y);
        if (f.latMeanUs() != null) {
            add(series[1], y, f.latMeanUs());
        }
    }

    /** A checkpoint of the running checkpoint point: a point more on its time chart (drawn at the next flush). */
    void checkpoint(PlanItem item, CheckpointEvent c) {
        Point p = item.point();
        WorkloadCurves curves = curvesOf(p.workload().name(), typeOf(p));
        if (shownWorkload.get() == null || following) {
            shownWorkload.set(curves.name());
        }
        curves.addCheckpoint(c);
    }

    /** Shows a run's stored points (a resumed run's earlier points). */
    void showFinished(List<PointResult> results) {
        for (PointResult r : results) {
            pointFinished(null, r, Percentiles.of(r));
        }
    }

    /** Tells each series changed since the last flush that it changed: one redraw per chart. */
    boolean flush() {
        boolean any = !changed.isEmpty();
        for (WorkloadCurves w : workloads.values()) {
            any |= w.syncCheckpoints();
        }
        changed.forEach(XYSeries::fireSeriesChanged);
        changed.clear();
        return any;
    }

    /** A point's type as its stored result will have it: a checkpoint point's rw is "checkpoint". */
    private static WorkloadType typeOf(Point p) {
        return p.isCheckpoint() ? new WorkloadType("checkpoint", null, null) : WorkloadType.of(p.workload());
    }

    private WorkloadCurves curvesOf(String name, WorkloadType type) {
        WorkloadCurves curves = workloads.get(name);
        if (curves == null) {
            curves = new WorkloadCurves(name, type);
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
        pointTitle.set(title);
    }

    private void add(XYSeries series, double x, double y) {
        series.add(x, y, false);
        changed.add(series);
    }
}
