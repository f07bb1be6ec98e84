package io.drivelab.ui.run;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import io.drivelab.report.Charts;
import io.drivelab.report.CrystalSummary;
import io.drivelab.report.LoadCurves;
import io.drivelab.report.Percentiles;
import io.drivelab.report.Report;
import io.drivelab.report.SuiteCharts;
import io.drivelab.report.Throughput;
import io.drivelab.ui.common.ChartColours;
import io.drivelab.ui.common.ChartViewers;
import io.drivelab.ui.common.TableCopy;
import io.drivelab.ui.common.Theme;
import io.drivelab.ui.compare.CrystalGridView;
import io.drivelab.ui.references.ReferenceDrivesViewModel;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The live view: the running point over time with its percentiles, and the chosen workload's curves against the
 * reference drives. It only draws: the run's data comes from {@link LiveCharts}, changed in batches by the view-
 * model; {@link #redraw(Runnable)} wraps a batch so that each chart redraws once.
 */
public final class LiveView extends VBox {
    private final LiveCharts live;
    private final JFreeChart timeChart;
    private final JFreeChart scalingChart;
    private final JFreeChart latencyChart;
    private final XYSeriesCollection empty = new XYSeriesCollection();
    private final BooleanProperty logScale = new SimpleBooleanProperty(false);
    /**
     * The report's checkpoint, GDSIO and latency-under-load charts (left, right), shown in place of the two above
     * for such workloads: made when such a workload is first shown, not with the window (six charts built and
     * styled for plans that seldom have them).
     */
    private final Map<Report.Kind, List<JFreeChart>> suiteCharts = new EnumMap<>(Report.Kind.class);
    private ChartViewer leftViewer;
    private ChartViewer rightViewer;

    public LiveView(LiveCharts live, ReferenceDrivesViewModel references) {
        this.live = live;
        setSpacing(6);
        setId("live");
        // made with what the run showed so far: the window makes this view after its first frame
        timeChart = Charts.timeSeries(live.pointTitleProperty().get(), live.timeUnitProperty().get(),
                live.timeThroughput(), live.timeLatency());
        scalingChart = Charts.scaling("Throughput by IODepth", Throughput.IOPS, empty, empty);
        latencyChart = Charts.latency("Latency against throughput", Throughput.IOPS, empty, empty);
        ChartViewer timeViewer = viewer(timeChart, "time-chart");
        ChartViewer scalingViewer = viewer(scalingChart, "scaling-chart");
        ChartViewer latencyViewer = viewer(latencyChart, "latency-chart");
        leftViewer = scalingViewer;
        rightViewer = latencyViewer;

        timeViewer.widthProperty().addListener((o, a, b) -> live.setTimeColumns(b.intValue()));
        live.pointTitleProperty().addListener((o, a, b) -> timeChart.setTitle(b));
        live.timeUnitProperty().addListener((o, a, b) -> Charts.setThroughputAxis(timeChart, b, false));
        live.rampEndProperty().addListener((o, a, b) -> Charts.showRamp(timeChart, b.doubleValue()));
        Charts.showRamp(timeChart, live.rampEndProperty().get());
        live.temperature().attach(timeChart);

        // A row for every percentile from the start, blank until a point has it: the table's cells are built and
        // styled with the window, not in the pulse the run's first point ends in (105 nodes: a 150 ms pause). The
        // rows stay; a point's end changes their figures in place (replaced rows had the table rebuild its cells,
        // and the pulse after most point ends painted the whole window: 40-55 ms in software).
        StringProperty unit = new SimpleStringProperty(Percentiles.unit(live.percentiles()));
        List<PercentileRow> rows = Percentiles.everyShown(live.percentiles()).stream()
                .map(r -> new PercentileRow(r, unit.get())).toList();
        live.percentiles().addListener((ListChangeListener<Percentiles.Row>) c -> {
            List<Percentiles.Row> shown = Percentiles.everyShown(live.percentiles());
            unit.set(Percentiles.unit(shown));
            for (int i = 0; i < rows.size(); i++) {
                rows.get(i).show(shown.get(i), unit.get());
            }
        });
        TableView<PercentileRow> percentiles = new TableView<>(FXCollections.observableArrayList(rows));
        percentiles.setId("percentiles");
        percentiles.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        // Rows of one height: each layout places the cells without measuring them first.
        percentiles.setFixedCellSize(24);
        percentiles.getColumns().add(column("Percentile", r -> new ReadOnlyStringWrapper(r.label())));
        percentiles.getColumns().add(column("Read", r -> r.read));
        percentiles.getColumns().add(column("Write", r -> r.write));
        for (TableColumn<PercentileRow, ?> figures : percentiles.getColumns().subList(1, 3)) {
            figures.textProperty().bind(javafx.beans.binding.Bindings.concat(figures.getText(), " ", unit));
        }
        TableCopy.install(percentiles);
        Label percentilesTitle = new Label();
        percentilesTitle.textProperty().bind(live.percentilesTitleProperty());
        percentilesTitle.setWrapText(true);
        percentilesTitle.setMinHeight(Region.USE_PREF_SIZE);
        percentilesTitle.getStyleClass().add("target-title");
        VBox percentileBox = new VBox(4, percentilesTitle, percentiles);
        VBox.setVgrow(percentiles, Priority.ALWAYS);
        // Grown to the time chart's height, never asking for more: the title's lines change at every point, and a
        // taller column made the charts change size, each redrawn at once in the layout pass (60 ms in one pulse).
        percentiles.setPrefHeight(120);
        percentileBox.setPrefWidth(230);
        percentileBox.setMinWidth(200);
        HBox top = new HBox(8, timeViewer, percentileBox);
        HBox.setHgrow(timeViewer, Priority.ALWAYS);
        VBox.setVgrow(top, Priority.ALWAYS);

        ComboBox<String> workload = new ComboBox<>(live.workloadNames());
        workload.setId("live-workload");
        workload.valueProperty().bindBidirectional(live.shownWorkloadProperty());
        // The shown workload follows the run until the user picks one (the combo also acts on the run's changes).
        workload.setOnAction(e -> {
            if (workload.isShowing() || workload.isFocused()) {
                live.follow(false);
            }
        });
        workload.setPromptText("(after the first point)");
        MenuButton drives = new MenuButton("Reference drives");
        drives.setId("reference-drives");
        references.drives().addListener((ListChangeListener<ReferenceDrivesViewModel.DriveChoice>)
                c -> fillDrives(drives, references.drives()));
        fillDrives(drives, references.drives());
        Label hint = new Label("dashed: published figures of the same workload");
        hint.getStyleClass().add("hint");
        CheckBox log = ChartViewers.logScaleToggle("live-log-scale", logScale);
        logScale.addListener((o, a, b) -> quietly(List.of(scalingChart, latencyChart), () -> {
            Charts.setLogScale(scalingChart, b);
            Charts.setLogScale(latencyChart, b);
        }));
        HBox tools = new HBox(8, new Label("Workload"), workload, drives, log, hint);
        tools.setAlignment(Pos.CENTER_LEFT);
        // CrystalDiskMark's grid for a run of that preset, filled as its points finish; absent for other plans
        VBox crystal = new VBox();
        crystal.setId("live-crystal");
        crystal.managedProperty().bind(crystal.visibleProperty());
        live.crystalGridProperty().addListener((o, a, b) -> showCrystal(crystal, b));
        showCrystal(crystal, live.crystalGridProperty().get());
        HBox bottom = new HBox(8, scalingViewer, latencyViewer);
        HBox.setHgrow(scalingViewer, Priority.ALWAYS);
        HBox.setHgrow(latencyViewer, Priority.ALWAYS);
        VBox.setVgrow(bottom, Priority.ALWAYS);
        getChildren().addAll(top, crystal, tools, bottom);

        live.shownWorkloadProperty().addListener((o, a, b) -> showWorkload(b));
        references.chosenProperty().addListener((o, a, b) -> quietly(curveCharts(), () -> live.setReferences(b)));
        live.setReferences(references.chosen());
        if (live.shownWorkloadProperty().get() != null) {
            showWorkload(live.shownWorkloadProperty().get());
        }
    }

    /**
     * Runs a batch of the run's changes: the time series changes with every sample, so its chart is silent during
     * the batch and redraws once after it; the curves change only when a point finishes, and their charts redraw
     * then (the view-model tells each changed series once per batch).
     */
    public void redraw(Runnable batch) {
        quietly(List.of(timeChart), batch);
    }

    /** Runs {@code changes} with {@code charts} silent, then redraws each of them once. */
    private static void quietly(List<JFreeChart> charts, Runnable changes) {
        charts.forEach(c -> c.setNotify(false));
        try {
            changes.run();
        } finally {
            charts.forEach(c -> c.setNotify(true));
        }
    }

    /** Whether the curve charts draw throughput and latency on log scales (Compare's toggle too, remembered). */
    public BooleanProperty logScaleProperty() {
        return logScale;
    }

    /** The chart of the running point over time. */
    public JFreeChart timeChart() {
        return timeChart;
    }

    /** The chart of throughput by IODepth of the shown workload. */
    public JFreeChart scalingChart() {
        return scalingChart;
    }

    /** The two curve charts showing now: by IODepth, or the checkpoint, GDSIO or latency-under-load charts. */
    public List<JFreeChart> shownCurveCharts() {
        return List.of(leftViewer.getChart(), rightViewer.getChart());
    }

    private List<JFreeChart> curveCharts() {
        List<JFreeChart> charts = new ArrayList<>(List.of(scalingChart, latencyChart));
        suiteCharts.values().forEach(charts::addAll);
        return charts;
    }

    /** The left and right charts of workloads of {@code kind}. */
    private List<JFreeChart> chartsFor(Report.Kind kind) {
        return switch (kind) {
            case CHECKPOINT -> suiteCharts.computeIfAbsent(kind, k -> List.of(
                    SuiteCharts.checkpointTimes("Seconds per checkpoint", empty, empty),
                    SuiteCharts.checkpointGbPerS("GB/s per pass", empty, empty)));
            case GDSIO -> suiteCharts.computeIfAbsent(kind, k -> List.of(
                    SuiteCharts.gdsioThroughput("GiB/s by threads", empty, empty),
                    SuiteCharts.gdsioLatency("Mean latency by threads", empty, empty)));
            case LOAD_CURVE -> suiteCharts.computeIfAbsent(kind, k -> List.of(
                    LoadCurves.latencyChart("Latency under load", empty),
                    LoadCurves.achievedChart("Achieved against offered IOPS", empty, empty)));
            default -> List.of(scalingChart, latencyChart);
        };
    }

    private void showWorkload(String name) {
        WorkloadCurves curves = name == null ? null : live.workload(name);
        Report.Kind kind = curves == null ? Report.Kind.SCALING : curves.kind();
        List<JFreeChart> pair = chartsFor(kind);
        JFreeChart left = pair.get(0);
        JFreeChart right = pair.get(1);
        quietly(curveCharts(), () -> {
            set(left, curves == null ? empty : curves.left(),
                    curves == null ? empty : curves.leftReferences());
            WorkloadCurves.showPlanned(left, curves == null ? empty : curves.leftPlanned());
            set(right, curves == null ? empty : curves.right(),
                    curves == null ? empty : curves.rightReferences());
            if (kind == Report.Kind.CHECKPOINT) {
                left.setTitle(name + ": seconds per checkpoint over the run");
                right.setTitle(name + ": GB/s per pass against the reviewed drives");
            } else if (kind == Report.Kind.GDSIO) {
                left.setTitle(name + ": GiB/s by threads");
                right.setTitle(name + ": mean latency by threads");
            } else if (kind == Report.Kind.LOAD_CURVE) {
                left.setTitle(name + ": latency from the scheduled time against achieved IOPS");
                right.setTitle(name + ": achieved against offered IOPS");
            } else if (curves != null) {
                scalingChart.setTitle(name + ": " + curves.unit().figure() + " by IODepth");
                latencyChart.setTitle(name + ": latency against " + curves.unit().figure());
                Charts.setThroughputAxis(scalingChart, curves.unit(), false);
                Charts.setThroughputAxis(latencyChart, curves.unit(), true);
            }
        });
        if (leftViewer.getChart() != left) {
            ChartColours.apply(left, Theme.isShownDark(leftViewer));  // a chart swapped in wears the window's colours
            leftViewer.setChart(left);
        }
        if (rightViewer.getChart() != right) {
            ChartColours.apply(right, Theme.isShownDark(rightViewer));
            rightViewer.setChart(right);
        }
    }

    private static void showCrystal(VBox box, CrystalSummary grid) {
        box.setVisible(grid != null);
        box.getChildren().setAll(grid == null ? List.of() : List.of(CrystalGridView.compact(grid)));
    }

    private static void set(JFreeChart chart, XYSeriesCollection measured, XYSeriesCollection references) {
        XYPlot plot = chart.getXYPlot();
        plot.setDataset(0, measured);
        plot.setDataset(1, references);
    }

    private static void fillDrives(MenuButton button, List<ReferenceDrivesViewModel.DriveChoice> drives) {
        button.getItems().clear();
        for (ReferenceDrivesViewModel.DriveChoice d : drives) {
            CheckMenuItem item = new CheckMenuItem(d.name());
            item.selectedProperty().bindBidirectional(d.chosen());
            button.getItems().add(item);
        }
    }

    private static ChartViewer viewer(JFreeChart chart, String id) {
        ChartViewer viewer = ChartViewers.of(chart);
        viewer.setId(id);
        viewer.setMinSize(200, 160);
        viewer.setPrefSize(420, 300);
        return viewer;
    }

    private static <T> TableColumn<T, String> column(String title,
                                                     java.util.function.Function<T, ObservableValue<String>> text) {
        TableColumn<T, String> column = new TableColumn<>(title);
        column.setCellValueFactory(c -> text.apply(c.getValue()));
        column.setSortable(false);
        return column;
    }

    private static String orDash(String s) {
        return s == null ? "-" : s;
    }

    /** A row of the live percentile table: its percentile fixed, its figures shown as text, changed in place. */
    public static final class PercentileRow {
        private final String label;
        private final StringProperty read = new SimpleStringProperty("-");
        private final StringProperty write = new SimpleStringProperty("-");

        PercentileRow(Percentiles.Row row, String unit) {
            label = row.label();
            show(row, unit);
        }

        void show(Percentiles.Row row, String unit) {
            read.set(orDash(Percentiles.figure(row.readUs(), unit)));
            write.set(orDash(Percentiles.figure(row.writeUs(), unit)));
        }

        public String label() {
            return label;
        }

        /** The read and write figures as the table shows them ("-" where there is none). */
        public List<String> figures() {
            return List.of(read.get(), write.get());
        }
    }
}
