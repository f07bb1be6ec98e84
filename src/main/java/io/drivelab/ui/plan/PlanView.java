package io.drivelab.ui.plan;

import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;

import io.drivelab.ui.common.FileDialogs;
import io.drivelab.ui.common.Messages;
import io.drivelab.ui.common.NextFrame;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.RadioButton;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextFormatter;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/** The plan column: preset or file, workloads and their grids, times, preconditions, engine, CPUs, estimate. */
public final class PlanView extends ScrollPane {
    private final PlanViewModel model;
    private final GridPane grid = new GridPane();
    private final Label gridTitle = new Label();

    /** @param report where to say what opening or saving a plan did */
    public PlanView(PlanViewModel model, FileDialogs dialogs, Consumer<String> report) {
        this.model = model;
        setFitToWidth(true);
        setHbarPolicy(ScrollBarPolicy.NEVER);
        setId("plan");
        Label title = new Label("2  Plan");
        title.getStyleClass().add("section-title");

        ComboBox<String> presets = new ComboBox<>(model.presets());
        presets.setId("preset");
        presets.setValue(model.chosenProperty().get());
        presets.setOnAction(e -> {
            String chosen = presets.getValue();
            if (chosen != null && !chosen.equals(model.chosenProperty().get()) && model.presets().contains(chosen)) {
                model.choosePreset(chosen);
            }
        });
        model.chosenProperty().addListener((o, a, b) -> presets.setValue(b));
        presets.setEditable(false);
        presets.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(presets, Priority.ALWAYS);
        Button open = new Button("Open…");
        open.setTooltip(new Tooltip("Open a plan file (JSON)"));
        open.setOnAction(e -> dialogs.openFile("Open a plan", home(), "DriveLab plan", "json").ifPresent(file -> {
            try {
                model.open(file);
                report.accept("Plan " + file + " opened.");
            } catch (RuntimeException ex) {
                report.accept("The plan cannot be opened: " + Messages.of(ex));
            }
        }));
        Button save = new Button("Save…");
        save.setId("plan-save");
        save.setTooltip(new Tooltip("Save the plan as edited (JSON)"));
        save.disableProperty().bind(model.planProperty().isNull());
        save.setOnAction(e -> dialogs.saveFile("Save the plan", home().resolve(model.chosenProperty().get()
                .replaceAll("\\.json$", "") + ".json"), "DriveLab plan", "json").ifPresent(file -> {
                    try {
                        model.save(file);
                        report.accept("Plan saved: " + file + ".");
                    } catch (RuntimeException ex) {
                        report.accept("The plan cannot be saved: " + Messages.of(ex));
                    }
                }));
        HBox chooser = new HBox(6, presets, open, save);
        chooser.setAlignment(Pos.CENTER_LEFT);

        Label description = new Label();
        description.textProperty().bind(model.descriptionProperty());
        description.setWrapText(true);
        description.getStyleClass().add("hint");
        Label regionNote = new Label();
        regionNote.setId("region-note");
        regionNote.textProperty().bind(model.regionNoteProperty());
        regionNote.setWrapText(true);
        regionNote.getStyleClass().add("hint");
        regionNote.visibleProperty().bind(model.regionNoteProperty().isNotEmpty());
        regionNote.managedProperty().bind(regionNote.visibleProperty());

        ListView<WorkloadChoice> workloads = new ListView<>(model.workloads());
        workloads.setId("workloads");
        workloads.setPrefHeight(130);
        workloads.setCellFactory(v -> new WorkloadCell());
        workloads.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null) {
                model.shownWorkloadProperty().set(b);
            }
        });

        grid.getStyleClass().add("matrix-grid");
        grid.setId("matrix");
        gridTitle.getStyleClass().add("hint");
        gridTitle.setWrapText(true);

        GridPane times = new GridPane();
        times.setHgap(8);
        times.setVgap(4);
        // a value past a field's limits is used at the limit, and said so (before, without a word)
        Label outOfRange = hint("");
        outOfRange.setId("time-limit");
        outOfRange.setWrapText(true);
        outOfRange.visibleProperty().bind(outOfRange.textProperty().isNotEmpty());
        outOfRange.managedProperty().bind(outOfRange.visibleProperty());
        times.addRow(0, fixed("Runtime"), spinner("Runtime", 1, 86_400, model.runtimeProperty(), outOfRange),
                hint("s per point"));
        times.addRow(1, fixed("Ramp"), spinner("Ramp", 0, 3_600, model.rampProperty(), outOfRange),
                hint("s before, not counted"));
        times.addRow(2, fixed("Idle"), spinner("Idle", 0, 86_400, model.idleProperty(), outOfRange),
                hint("s rest after each"));
        times.add(outOfRange, 0, 3, 3, 1);

        // A checkpoint plan has no matrix: its checkpoints instead of times that would change nothing.
        times.visibleProperty().bind(model.timesApplyProperty());
        times.managedProperty().bind(times.visibleProperty());
        Label checkpoints = new Label();
        checkpoints.setId("checkpoints");
        checkpoints.textProperty().bind(model.checkpointTextProperty());
        checkpoints.setWrapText(true);
        checkpoints.visibleProperty().bind(model.checkpointTextProperty().isNotEmpty());
        checkpoints.managedProperty().bind(checkpoints.visibleProperty());

        CheckBox preconditions = new CheckBox("Run the preconditions");
        preconditions.setId("preconditions");
        preconditions.selectedProperty().bindBidirectional(model.preconditionsProperty());
        Label preconditionText = new Label();
        preconditionText.textProperty().bind(model.preconditionTextProperty());
        preconditionText.setWrapText(true);
        preconditionText.getStyleClass().add("hint");
        VBox preconditionBox = new VBox(4, preconditions, preconditionText);
        preconditionBox.visibleProperty().bind(model.preconditionTextProperty().isNotEmpty());
        preconditionBox.managedProperty().bind(preconditionBox.visibleProperty());

        Label estimate = new Label();
        estimate.setId("estimate");
        estimate.textProperty().bind(model.estimateProperty());
        estimate.getStyleClass().add("estimate");
        estimate.setWrapText(true);
        Label problem = new Label();
        problem.textProperty().bind(model.problemProperty());
        problem.getStyleClass().add("problem");
        problem.setWrapText(true);
        problem.visibleProperty().bind(model.problemProperty().isNotEmpty());
        problem.managedProperty().bind(problem.visibleProperty());

        VBox column = new VBox(8, title, chooser, description, regionNote, new Label("Workloads"), workloads);
        column.getStyleClass().add("column");
        setContent(column);
        // What comes below the workloads joins after the window's first frame, under what that frame showed: the
        // matrix's cells alone were 211 of the 575 nodes styled and laid out before the window could show.
        VBox details = new VBox(8, gridTitle, grid, times, checkpoints, preconditionBox, engineRows(model.engine()),
                cpuRows(model.cpus()), estimate, problem);
        NextFrame.then(() -> {
            showGrid(model.shownWorkloadProperty().get());
            model.shownWorkloadProperty().addListener((o, a, b) -> showGrid(b));
            column.getChildren().add(details);
        });
        if (!model.workloads().isEmpty()) {
            workloads.getSelectionModel().select(model.shownWorkloadProperty().get());
        }
        model.workloads().addListener((ListChangeListener<WorkloadChoice>) c -> {
            if (!model.workloads().isEmpty() && workloads.getSelectionModel().getSelectedItem() == null) {
                workloads.getSelectionModel().select(0);
            }
        });
    }

    private void showGrid(WorkloadChoice w) {
        grid.getChildren().clear();
        if (w == null) {
            gridTitle.setText("");
            return;
        }
        gridTitle.setText(w.name() + " (" + w.describe() + "): tick the IODepth × NumJobs points to measure");
        Label corner = new Label("QD \\ jobs");
        corner.getStyleClass().add("matrix-header");
        grid.add(corner, 0, 0);
        for (int c = 0; c < w.numjobs().size(); c++) {
            Label head = new Label(String.valueOf(w.numjobs().get(c)));
            head.getStyleClass().add("matrix-header");
            grid.add(head, c + 1, 0);
        }
        for (int r = 0; r < w.iodepths().size(); r++) {
            int qd = w.iodepths().get(r);
            Label head = new Label(String.valueOf(qd));
            head.getStyleClass().add("matrix-header");
            grid.add(head, 0, r + 1);
            for (int c = 0; c < w.numjobs().size(); c++) {
                int jobs = w.numjobs().get(c);
                CheckBox cell = new CheckBox();
                cell.setId("cell-" + qd + "-" + jobs);
                cell.selectedProperty().bindBidirectional(w.cell(qd, jobs));
                // Made when the mouse first comes over the cell: a tooltip is a window of its own, and a grid of them
                // made with the window delayed its start.
                cell.setOnMouseEntered(e -> {
                    if (cell.getTooltip() == null) {
                        cell.setTooltip(new Tooltip("IODepth " + qd + ", " + jobs + (jobs == 1 ? " job" : " jobs")));
                    }
                });
                grid.add(cell, c + 1, r + 1);
            }
        }
    }

    /** "Measured by" DriveLab's engine or fio; fio cannot be picked while it is missing or too old, and says why. */
    private static VBox engineRows(EngineChoice choice) {
        ToggleGroup group = new ToggleGroup();
        RadioButton drivelab = new RadioButton(EngineChoice.Engine.DRIVELAB.label());
        drivelab.setId("engine-drivelab");
        drivelab.setUserData(EngineChoice.Engine.DRIVELAB);
        RadioButton fio = new RadioButton(EngineChoice.Engine.FIO.label());
        fio.setId("engine-fio");
        fio.setUserData(EngineChoice.Engine.FIO);
        fio.disableProperty().bind(choice.fioProblemProperty().isNotEmpty());
        group.getToggles().addAll(drivelab, fio);
        group.selectToggle(choice.chosenProperty().get() == EngineChoice.Engine.FIO ? fio : drivelab);
        group.selectedToggleProperty().addListener((o, a, b) -> {
            if (b != null) {
                choice.chosenProperty().set((EngineChoice.Engine) b.getUserData());
            }
        });
        choice.chosenProperty().addListener((o, a, b) -> group.selectToggle(b == EngineChoice.Engine.FIO ? fio
                : drivelab));
        Label about = new Label();
        about.setId("engine-fio-about");
        about.getStyleClass().add("hint");
        about.setWrapText(true);
        about.textProperty().bind(Bindings.createStringBinding(choice::describeFio, choice.fioProperty(),
                choice.fioProblemProperty()));
        HBox row = new HBox(8, fixed("Measured by"), drivelab, fio);
        row.setAlignment(Pos.CENTER_LEFT);
        return new VBox(4, row, about);
    }

    /**
     * "CPUs": empty, the scheduler places the jobs (the default); a list keeps them there. Not offered while a remote
     * host is ticked, and a disabled field shows no tooltip: the hint says why.
     */
    private static VBox cpuRows(CpuChoice choice) {
        TextField cpus = new TextField();
        cpus.setId("cpus");
        cpus.setPromptText("all (scheduler)");
        cpus.setPrefColumnCount(10);
        cpus.textProperty().bindBidirectional(choice.textProperty());
        cpus.disableProperty().bind(choice.offeredProperty().not());
        Tooltip about = new Tooltip(CpuChoice.ABOUT);
        about.setWrapText(true);
        about.setMaxWidth(420);
        cpus.setTooltip(about);
        HBox row = new HBox(8, fixed("CPUs"), cpus, hint("fio's list: 1, 0-3, 0,2"));
        row.setAlignment(Pos.CENTER_LEFT);
        Label notOffered = hint(CpuChoice.NOT_FOR_REMOTE);
        notOffered.setId("cpus-not-offered");
        notOffered.setWrapText(true);
        notOffered.visibleProperty().bind(choice.offeredProperty().not());
        notOffered.managedProperty().bind(notOffered.visibleProperty());
        return new VBox(4, row, notOffered);
    }

    /** Whole seconds, {@code min} to {@code max}: a value past them is used at the limit, said in {@code note}. */
    private static Spinner<Integer> spinner(String name, int min, int max, ObjectProperty<Integer> value,
                                            Label note) {
        Spinner<Integer> spinner = new Spinner<>(min, max, value.get() == null ? min : value.get());
        spinner.setId(name.toLowerCase(Locale.ROOT));
        spinner.setEditable(true);
        // whole seconds only: "abc" threw NumberFormatException on the UI thread at commit and stayed shown
        // while the run would have used the old value
        spinner.getEditor().setTextFormatter(new TextFormatter<String>(
                change -> change.getControlNewText().matches("\\d{0,9}") ? change : null));
        // an emptied field keeps the value it had (null made the plan throw), and shows it again once left
        SpinnerValueFactory<Integer> values = spinner.getValueFactory();
        values.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer seconds) {
                return seconds == null ? "" : seconds.toString();
            }

            @Override
            public Integer fromString(String text) {
                if (text == null || text.isBlank()) {
                    return values.getValue();
                }
                int typed = Integer.parseInt(text.strip());
                int used = Math.max(min, Math.min(max, typed));
                if (used != typed) {
                    note.setText(String.format("%s: %,d s is %s %,d s; %,d s is used.", name, typed,
                            typed > max ? "more than the most it takes," : "less than the least it takes,", used,
                            used));
                } else if (note.getText().startsWith(name + ":")) {
                    note.setText("");
                }
                return used;
            }
        });
        spinner.focusedProperty().addListener((o, was, focused) -> {
            if (!focused) {
                spinner.getEditor().setText(values.getConverter().toString(values.getValue()));
            }
        });
        spinner.setPrefWidth(90);
        spinner.getValueFactory().valueProperty().bindBidirectional(value);
        return spinner;
    }

    /** A label that keeps its whole text. */
    private static Label fixed(String text) {
        Label label = new Label(text);
        label.setMinWidth(Region.USE_PREF_SIZE);
        return label;
    }

    private static Label hint(String text) {
        Label label = new Label(text);
        label.getStyleClass().add("hint");
        return label;
    }

    private static Path home() {
        return Path.of(System.getProperty("user.home"));
    }

    /** A workload in the list: ticked to measure it, its name and how many cells it has. */
    private static final class WorkloadCell extends ListCell<WorkloadChoice> {
        private final CheckBox included = new CheckBox();
        private WorkloadChoice bound;

        @Override
        protected void updateItem(WorkloadChoice item, boolean empty) {
            super.updateItem(item, empty);
            if (bound != null) {
                included.selectedProperty().unbindBidirectional(bound.includedProperty());
                bound = null;
            }
            if (empty || item == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            bound = item;
            included.selectedProperty().bindBidirectional(item.includedProperty());
            setGraphic(included);
            int cells = item.tickedCount();
            setText(item.name() + "  (" + cells + (cells == 1 ? " point)" : " points)"));
        }
    }
}
