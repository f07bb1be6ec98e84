package io.drivelab.ui.history;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.Comparator;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;

import io.drivelab.store.Run;
import io.drivelab.ui.common.FileDialogs;
import io.drivelab.ui.common.TableCopy;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableBooleanValue;
import javafx.collections.transformation.SortedList;
import javafx.geometry.Pos;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextInputDialog;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** History: the stored runs with open, rename, delete, export and resume. */
public final class HistoryView extends VBox {
    private static final DateTimeFormatter MINUTES = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT);

    /**
     * @param open   shows a run (in Compare)
     * @param resume goes on with an interrupted or failed run
     */
    public HistoryView(HistoryViewModel model, FileDialogs dialogs, Consumer<Run> open, Consumer<Run> resume) {
        getStyleClass().add("column");
        setId("history");
        TableView<Run> table = new TableView<>();
        SortedList<Run> sorted = new SortedList<>(model.runs());
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        table.setId("runs");
        TableColumn<Run, Long> id = new TableColumn<>("Run");
        id.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().id()));
        id.setPrefWidth(50);
        table.getColumns().add(id);
        table.getColumns().add(column("Started", r -> MINUTES.format(r.startedAt().atZone(ZoneId.systemDefault())),
                130));
        table.getColumns().add(column("Name", Run::name, 220));
        table.getColumns().add(column("Target", Run::target, 160));
        table.getColumns().add(column("Plan", r -> r.planName() == null ? "-" : r.planName(), 110));
        table.getColumns().add(column("Status", r -> r.status().dbValue(), 90));
        table.getColumns().add(figure(model, "Points", RunFigures::points, RunFigures.BY_POINTS, 60));
        table.getColumns().add(figure(model, "Peak IOPS", RunFigures::iops, RunFigures.BY_PEAK, 230));
        table.getColumns().add(figure(model, "Peak bandwidth", RunFigures::bandwidth, RunFigures.BY_PEAK, 230));
        table.getColumns().add(figure(model, "Duration", RunFigures::duration, RunFigures.BY_DURATION, 80));
        // The figures come after the list: sort again when they arrive.
        model.figuresProperty().addListener(o -> table.sort());
        TableCopy.install(table);
        Label placeholder = new Label();
        placeholder.textProperty().bind(Bindings.when(model.listedProperty())
                .then("No runs yet: start one with the Start button.").otherwise("Loading the stored runs…"));
        table.setPlaceholder(placeholder);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY);
        table.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> model.selectedProperty().set(b));
        table.setRowFactory(v -> {
            TableRow<Run> row = new TableRow<>();
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && !row.isEmpty()) {
                    open.accept(row.getItem());
                }
            });
            return row;
        });
        VBox.setVgrow(table, Priority.ALWAYS);

        var none = model.selectedProperty().isNull();
        Button openButton = button("Open", "history-open", none, () -> open.accept(model.selectedProperty().get()));
        Button rename = button("Rename…", "history-rename", none, () -> {
            Run run = model.selectedProperty().get();
            TextInputDialog dialog = new TextInputDialog(run.name());
            dialog.setTitle("Rename run " + run.id());
            dialog.setHeaderText("A new name for run " + run.id());
            dialog.initOwner(getScene().getWindow());
            dialog.showAndWait().ifPresent(name -> model.rename(run, name));
        });
        Button delete = button("Delete…", "history-delete", none, () -> {
            Run run = model.selectedProperty().get();
            Alert confirm = new Alert(Alert.AlertType.CONFIRMATION, HistoryViewModel.deletion(run),
                    ButtonType.CANCEL, ButtonType.OK);
            confirm.setHeaderText("Delete run " + run.id() + "?");
            confirm.initOwner(getScene().getWindow());
            confirm.showAndWait().filter(ButtonType.OK::equals).ifPresent(b -> model.delete(run));
        });
        Button csv = button("Export CSV…", "history-csv", none, () -> export(model, dialogs,
                HistoryViewModel.ExportFormat.CSV));
        Button json = button("Export JSON…", "history-json", none, () -> export(model, dialogs,
                HistoryViewModel.ExportFormat.JSON));
        Button resumeButton = button("Resume", "history-resume", none, () -> resume.accept(
                model.selectedProperty().get()));
        resumeButton.disableProperty().unbind();
        resumeButton.disableProperty().bind(Bindings.createBooleanBinding(
                () -> !HistoryViewModel.resumable(model.selectedProperty().get()), model.selectedProperty()));
        Button refresh = new Button("Refresh");
        refresh.setOnAction(e -> model.refresh());
        HBox buttons = new HBox(8, openButton, rename, delete, csv, json, resumeButton, refresh);
        buttons.setAlignment(Pos.CENTER_LEFT);
        // what History's actions report goes to the window's status line (MainWindow), seen from every tab
        getChildren().addAll(table, buttons);
    }

    private static void export(HistoryViewModel model, FileDialogs dialogs, HistoryViewModel.ExportFormat format) {
        Run run = model.selectedProperty().get();
        Path suggested = Path.of(System.getProperty("user.home"), "drivelab-run-" + run.id() + "."
                + format.extension());
        dialogs.saveFile("Export run " + run.id(), suggested, format.name() + " file", format.extension())
                .ifPresent(file -> model.export(run, format, file));
    }

    private static Button button(String text, String id, ObservableBooleanValue disabled,
                                 Runnable action) {
        Button button = new Button(text);
        button.setId(id);
        button.disableProperty().bind(disabled);
        button.setOnAction(e -> action.run());
        return button;
    }

    /** A column of the run's figures, sorted by value: a number, not its text. */
    private static <T> TableColumn<Run, T> figure(HistoryViewModel model, String title,
                                                  Function<RunFigures, T> value, Comparator<T> order,
                                                  double width) {
        TableColumn<Run, T> column = new TableColumn<>(title);
        column.setCellValueFactory(c -> {
            long run = c.getValue().id();
            return Bindings.createObjectBinding(() -> {
                RunFigures f = model.figuresProperty().get().get(run);
                return f == null ? null : value.apply(f);
            }, model.figuresProperty());
        });
        column.setComparator(order);
        column.setStyle("-fx-alignment: CENTER-RIGHT;");
        column.setPrefWidth(width);
        return column;
    }

    private static TableColumn<Run, String> column(String title, Function<Run, String> text, double width) {
        TableColumn<Run, String> column = new TableColumn<>(title);
        column.setCellValueFactory(c -> new ReadOnlyStringWrapper(text.apply(c.getValue())));
        column.setPrefWidth(width);
        return column;
    }
}
