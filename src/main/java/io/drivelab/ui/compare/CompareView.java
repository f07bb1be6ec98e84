package io.drivelab.ui.compare;

import java.util.ArrayList;
import java.util.List;

import io.drivelab.report.CrystalSummary;
import io.drivelab.report.Report;
import io.drivelab.report.ReportRenderer;
import io.drivelab.ui.common.ChartViewers;
import io.drivelab.ui.common.TableCopy;
import io.drivelab.ui.references.ReferenceDrivesViewModel;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.geometry.Pos;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.control.cell.CheckBoxListCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;

/** Compare: ticked runs and reference drives on the left; per workload, two charts side by side; the peaks. */
public final class CompareView extends SplitPane {
    private final ReportRenderer renderer = new ReportRenderer();
    private final VBox panels = new VBox(10);
    private final List<JFreeChart> shown = new ArrayList<>();
    private final CompareViewModel model;
    private final BooleanProperty showing = new SimpleBooleanProperty(true);
    /** The comparison and scale the panels were built for. */
    private Report builtFor;
    private boolean builtLog;
    private boolean built;

    public CompareView(CompareViewModel model) {
        this.model = model;
        setId("compare");
        ListView<CompareViewModel.RunChoice> runs = new ListView<>(model.runs());
        runs.setId("compare-runs");
        runs.setCellFactory(CheckBoxListCell.forListView(CompareViewModel.RunChoice::chosen,
                new StringConverter<>() {
                    @Override
                    public String toString(CompareViewModel.RunChoice r) {
                        return r == null ? "" : r.label();
                    }

                    @Override
                    public CompareViewModel.RunChoice fromString(String s) {
                        return null;
                    }
                }));
        ReferenceDrivesViewModel references = model.references();
        ListView<ReferenceDrivesViewModel.DriveChoice> drives = new ListView<>(references.drives());
        drives.setId("compare-drives");
        drives.setCellFactory(CheckBoxListCell.forListView(ReferenceDrivesViewModel.DriveChoice::chosen,
                new StringConverter<>() {
                    @Override
                    public String toString(ReferenceDrivesViewModel.DriveChoice d) {
                        return d == null ? "" : d.origin().isEmpty() ? d.name() : d.name() + "\n" + d.origin();
                    }

                    @Override
                    public ReferenceDrivesViewModel.DriveChoice fromString(String s) {
                        return null;
                    }
                }));
        Label referencesMessage = new Label();
        referencesMessage.textProperty().bind(references.messageProperty());
        referencesMessage.getStyleClass().add("hint");
        referencesMessage.setWrapText(true);
        Button removePack = new Button("Remove pack…");
        removePack.setId("remove-pack");
        removePack.setTooltip(new Tooltip("Removes the reference pack the selected drive was added with "
                + "(drivelab reference add); the drives that come with DriveLab stay"));
        removePack.disableProperty().bind(Bindings.createBooleanBinding(() -> {
            ReferenceDrivesViewModel.DriveChoice d = drives.getSelectionModel().getSelectedItem();
            return d == null || d.packs().isEmpty();
        }, drives.getSelectionModel().selectedItemProperty()));
        removePack.setOnAction(e -> confirmRemoval(references, drives.getSelectionModel().getSelectedItem()));
        Button refresh = new Button("Refresh");
        refresh.setId("compare-refresh");
        refresh.setTooltip(new Tooltip("Lists the stored runs again: those `drivelab` stored meanwhile too"));
        refresh.setOnAction(e -> model.refreshIfChanged());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox runsTitle = new HBox(6, title("Runs"), gap, refresh);
        runsTitle.setAlignment(Pos.CENTER_LEFT);
        VBox left = new VBox(6, runsTitle, runs, title("Reference drives"), drives, removePack, referencesMessage);
        left.getStyleClass().add("column");
        left.setMinWidth(220);
        left.setMaxWidth(340);
        VBox.setVgrow(runs, Priority.ALWAYS);
        VBox.setVgrow(drives, Priority.ALWAYS);

        Label message = new Label();
        message.setId("compare-message");
        message.textProperty().bind(model.messageProperty());
        message.getStyleClass().add("hint");
        Button resetZoom = new Button("Reset zoom");
        resetZoom.setId("reset-zoom");
        resetZoom.setTooltip(new Tooltip("Ctrl+wheel or a drag zooms a chart; a double-click resets that chart"));
        resetZoom.setOnAction(e -> shown.forEach(ChartViewers::resetZoom));
        CheckBox logScale = ChartViewers.logScaleToggle("log-scale", model.logScaleProperty());
        model.logScaleProperty().addListener(o -> build());
        VBox right = new VBox(8, new HBox(8, logScale, resetZoom, message), panels);
        right.getStyleClass().add("column");
        ScrollPane scroll = new ScrollPane(right);
        scroll.setFitToWidth(true);
        getItems().addAll(left, scroll);
        setDividerPositions(0.24);
        SplitPane.setResizableWithParent(left, false);
        model.comparisonProperty().addListener(o -> build());
        showing.addListener(o -> build());
        // made when first shown (the window's Compare tab): the comparison worked out by then is built at once
        build();
    }

    /**
     * Whether the view is on screen (true unless told otherwise; the window binds it to its tab). While it is not,
     * a new comparison waits to be built until it is: built hidden, at a run's start (the drives ticked, the run
     * listed), its charts and table held the UI thread for 150-230 ms while the live view was on screen.
     */
    public BooleanProperty showingProperty() {
        return showing;
    }

    /** Builds the panels of the model's comparison and scale, when on screen and not built for them already. */
    private void build() {
        Report report = model.comparisonProperty().get();
        boolean log = model.logScaleProperty().get();
        if (!showing.get() || (built && report == builtFor && log == builtLog)) {
            return;
        }
        built = true;
        builtFor = report;
        builtLog = log;
        show(report);
    }

    /** Asks before removing the packs {@code drive} comes from: the figures of a pack are gone until added again. */
    private void confirmRemoval(ReferenceDrivesViewModel references, ReferenceDrivesViewModel.DriveChoice drive) {
        String packs = String.join(", ", drive.packs());
        Alert confirm = new Alert(Alert.AlertType.CONFIRMATION, "The figures of " + packs + " leave the reference "
                + "library, with every drive they bring (" + drive.name() + " among them); the pack's file is not "
                + "touched: `drivelab reference add` brings it back.", ButtonType.CANCEL, ButtonType.OK);
        confirm.setHeaderText("Remove the reference pack " + packs + "?");
        confirm.initOwner(getScene().getWindow());
        confirm.showAndWait().filter(ButtonType.OK::equals).ifPresent(b -> references.removePacks(drive));
    }

    private void show(Report report) {
        panels.getChildren().clear();
        shown.clear();
        if (report == null) {
            return;
        }
        for (CrystalSummary grid : model.crystalGrids()) {
            panels.getChildren().addAll(title("CrystalDiskMark: " + grid.run()), CrystalGridView.of(grid));
        }
        if (!report.findings().isEmpty()) {
            VBox findings = new VBox(4);
            findings.setId("findings");
            for (String sentence : report.findings()) {
                Label line = new Label("• " + sentence);
                line.setWrapText(true);
                findings.getChildren().add(line);
            }
            panels.getChildren().addAll(title("Findings (against the reference drives at the same workload)"),
                    findings);
        }
        for (Report.Panel panel : report.panels()) {
            List<JFreeChart> charts = renderer.charts(panel, model.logScaleProperty().get());
            shown.addAll(charts);
            HBox row = new HBox(8);
            row.getStyleClass().add("compare-panel");
            for (JFreeChart chart : charts) {
                ChartViewer viewer = ChartViewers.of(chart);
                viewer.setPrefSize(440, 330);
                viewer.setMinSize(250, 250);
                HBox.setHgrow(viewer, Priority.ALWAYS);
                row.getChildren().add(viewer);
            }
            panels.getChildren().add(row);
        }
        panels.getChildren().addAll(title("Peaks"), table(report.table()));
    }

    private static TableView<List<String>> table(Report.Table table) {
        TableView<List<String>> view = new TableView<>();
        view.setId("peaks");
        for (int c = 0; c < table.columns().size(); c++) {
            int index = c;
            TableColumn<List<String>, String> column = new TableColumn<>(table.columns().get(c));
            column.setCellValueFactory(row -> new ReadOnlyStringWrapper(row.getValue().get(index)));
            if (table.numeric().get(c)) {
                column.setStyle("-fx-alignment: CENTER-RIGHT;");
            }
            view.getColumns().add(column);
        }
        view.getItems().setAll(table.rows());
        TableCopy.install(view);
        view.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        view.setPrefHeight(Math.min(400, 30 + 26 * (table.rows().size() + 1)));
        return view;
    }

    private static Label title(String text) {
        Label label = new Label(text);
        label.getStyleClass().add("section-title");
        return label;
    }
}
