package io.drivelab.ui.run;

import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** Start, Stop and Save report, the progress of the run, and what went wrong. */
public final class RunBar extends VBox {

    public RunBar(RunViewModel model, Runnable start, Runnable stop, Runnable saveReport) {
        getStyleClass().add("run-bar");
        Button startButton = new Button("Start");
        startButton.setId("start");
        startButton.getStyleClass().add("start-button");
        startButton.setTooltip(new Tooltip("Start the plan on the ticked targets (Ctrl+R)"));
        startButton.disableProperty().bind(model.startBlockedProperty().isNotEmpty());
        startButton.setOnAction(e -> start.run());
        Button stopButton = new Button("Stop");
        stopButton.setId("stop");
        stopButton.setTooltip(new Tooltip("Stop the run; what it measured is kept (Esc)"));
        stopButton.disableProperty().bind(model.runningProperty().not());
        stopButton.setOnAction(e -> stop.run());
        Button save = new Button("Save report…");
        save.setId("save-report");
        save.setTooltip(new Tooltip("Save the run's report as a PNG (Ctrl+S)"));
        save.setOnAction(e -> saveReport.run());

        ProgressBar progress = new ProgressBar();
        progress.setId("progress");
        progress.progressProperty().bind(model.progressProperty());
        progress.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(progress, Priority.ALWAYS);
        Label times = new Label();
        times.setId("times");
        times.textProperty().bind(Bindings.createStringBinding(() -> model.elapsedProperty().get().isEmpty() ? ""
                        : "Elapsed " + model.elapsedProperty().get()
                        + (model.etaProperty().get().isEmpty() ? "" : "  ·  ETA " + model.etaProperty().get()),
                model.elapsedProperty(), model.etaProperty()));
        times.setMinWidth(Region.USE_PREF_SIZE);
        HBox buttons = new HBox(8, startButton, stopButton, save, progress, times);
        buttons.setAlignment(Pos.CENTER_LEFT);

        Label position = new Label();
        position.textProperty().bind(model.positionProperty());
        position.setMinWidth(Region.USE_PREF_SIZE);
        Label current = new Label();
        current.setId("current");
        current.textProperty().bind(model.currentProperty());
        current.getStyleClass().add("hint");
        HBox now = new HBox(10, position, current);

        Label status = new Label();
        status.setId("status");
        status.textProperty().bind(model.statusProperty());
        // a run's last line names its test file, and what to do with it: wrapped rather than cut at the edge
        status.setWrapText(true);
        Label blocked = new Label();
        blocked.setId("start-blocked");
        blocked.getStyleClass().add("problem");
        blocked.setWrapText(true);
        blocked.textProperty().bind(Bindings.createStringBinding(() -> model.isRunning()
                        || model.startBlockedProperty().get().isEmpty() ? "" : "Start: "
                        + model.startBlockedProperty().get(),
                model.startBlockedProperty(), model.runningProperty()));
        blocked.visibleProperty().bind(blocked.textProperty().isNotEmpty());
        blocked.managedProperty().bind(blocked.visibleProperty());
        Label error = new Label();
        error.setId("error");
        error.getStyleClass().add("error-banner");
        error.setWrapText(true);
        error.setMaxWidth(Double.MAX_VALUE);
        error.textProperty().bind(model.errorProperty());
        error.visibleProperty().bind(model.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        getChildren().addAll(buttons, now, status, blocked, error);
    }
}
