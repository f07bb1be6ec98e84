package io.drivelab.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.drivelab.export.RunExport;
import io.drivelab.fio.FioBinary;
import io.drivelab.run.RunSession;
import io.drivelab.store.Run;
import io.drivelab.store.Store;
import io.drivelab.ui.common.FileDialogs;
import io.drivelab.ui.common.FxFileDialogs;
import io.drivelab.ui.common.LastFolderDialogs;
import io.drivelab.ui.common.FxTasks;
import io.drivelab.ui.common.Tabs;
import io.drivelab.ui.common.RepaintAnchor;
import io.drivelab.ui.common.TableCopy;
import io.drivelab.ui.common.Theme;
import io.drivelab.ui.common.ThemeMenu;
import io.drivelab.ui.compare.CompareView;
import io.drivelab.ui.compare.CompareViewModel;
import io.drivelab.ui.history.HistoryView;
import io.drivelab.ui.history.HistoryViewModel;
import io.drivelab.ui.plan.EngineChoice;
import io.drivelab.ui.plan.PlanView;
import io.drivelab.ui.plan.PlanViewModel;
import io.drivelab.ui.references.ReferenceDrivesViewModel;
import io.drivelab.ui.report.SaveReportViewModel;
import io.drivelab.ui.run.LiveTab;
import io.drivelab.ui.run.RunBar;
import io.drivelab.ui.run.RunViewModel;
import io.drivelab.ui.targets.Target;
import io.drivelab.ui.targets.TargetsView;
import io.drivelab.ui.targets.TargetsViewModel;
import javafx.animation.Timeline;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.MenuBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * The DriveLab window, read left to right like the work: targets, plan, then Start and what the run shows (live,
 * compare, history). It wires the view-models to their views and to each other, and owns the keyboard: Ctrl+R
 * starts, Esc stops, Ctrl+S saves the report.
 */
public final class MainWindow {
    /** How often the UI thread takes what the run reported: four times a second. */
    static final Duration DRAIN_PERIOD = Duration.millis(250);

    private final Stage stage;
    private final AppContext context;
    private final FxTasks tasks;
    private final LastFolderDialogs dialogs;
    private final TargetsViewModel targets;
    private final PlanViewModel plan;
    private final RunViewModel run;
    private final ReferenceDrivesViewModel references;
    private final CompareViewModel compare;
    private final HistoryViewModel history;
    private final SaveReportViewModel saver;
    private final LiveTab livePane;
    private final TabPane tabs = new TabPane();
    private final Tab liveTab;
    private final Tab compareTab;
    private final Tab historyTab;
    private final Label statusLine = new Label("");
    private final StartQuestions questions;
    private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(Theme.SYSTEM);
    /** Whether the theme shows dark here (Follow system asked the desktop once). */
    private boolean dark;
    private final Timeline drainer;
    /** Whether {@link #load()} began; then History and Compare list again when chosen (`drivelab` stores too). */
    private boolean loading;
    private final BooleanBinding loaded;
    private double[] dividers = {0.19, 0.43};
    /** The plan file opened at the last start, remembered again unless another plan is chosen. */
    private String plannedFile;
    /** The reference drives ticked last time, kept when the library cannot be read this time. */
    private List<String> rememberedDrives;

    public MainWindow(Stage stage, AppContext context, Store store, StartPreparation.Ready ready, FxTasks tasks,
                      FileDialogs testDialogs) {
        this.stage = stage;
        this.context = context;
        this.tasks = tasks;
        this.questions = new StartQuestions(stage, statusLine::setText);
        Settings settings = ready.settings();
        this.dialogs = new LastFolderDialogs(testDialogs != null ? testDialogs : new FxFileDialogs(stage),
                settings.dialogFolder());

        targets = new TargetsViewModel(tasks, context.discovery(), settings.folder(), settings.fileSize());
        targets.orderProperty().set(Boolean.TRUE.equals(settings.runTogether()) ? RunSession.Order.TOGETHER
                : RunSession.Order.ONE_AFTER_ANOTHER);
        targets.stopOthersOnFailureProperty().set(Boolean.TRUE.equals(settings.stopOthersOnFailure()));
        plan = ready.plan();
        plan.regionNoteProperty().bind(targets.regionNote(plan.planProperty()));
        restorePlan(settings);
        plan.engine().chosenProperty().set(EngineChoice.Engine.named(settings.engine()));
        plan.engine().lookForFio(tasks, FioBinary::locate);
        targets.addRemoteHosts(settings.remoteHosts());
        run = new RunViewModel(tasks, store, ready.engine(), ready.engineProblem(), context.discovery(), targets,
                plan, context.statusIntervalMs());
        references = new ReferenceDrivesViewModel(tasks, ReferenceDrivesViewModel.Library.in(store));
        compare = new CompareViewModel(tasks, store, references);
        compare.logScaleProperty().set(Boolean.TRUE.equals(settings.logScale()));
        // the export the command line writes, called directly: the GUI never runs the CLI
        history = new HistoryViewModel(tasks, store, (id, format, file) -> RunExport.write(store, id,
                format == HistoryViewModel.ExportFormat.CSV ? RunExport.Format.CSV : RunExport.Format.JSON, false,
                file));
        saver = new SaveReportViewModel(tasks, store, references);
        loaded = references.loadedProperty().and(history.listedProperty()).and(compare.listedProperty());

        livePane = new LiveTab(run.live(), references, compare.logScaleProperty());
        liveTab = Tabs.named("Live", livePane);
        compareTab = Tabs.filledWhenChosen("Compare", tab -> {
            CompareView compareView = new CompareView(compare);
            compareView.showingProperty().bind(tab.selectedProperty());
            return compareView;
        });
        historyTab = Tabs.filledWhenChosen("History", tab -> new HistoryView(history, dialogs, this::open,
                this::resume));
        tabs.getTabs().addAll(liveTab, compareTab, historyTab);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("tabs");
        VBox.setVgrow(tabs, Priority.ALWAYS);
        VBox right = new VBox(new RunBar(run, this::start, this::stop, this::saveReport), tabs);

        TargetsView targetsView = new TargetsView(targets, dialogs);
        PlanView planView = new PlanView(plan, dialogs, statusLine::setText);
        SplitPane columns = new SplitPane(targetsView, planView, right);
        columns.setDividerPositions(dividers);
        SplitPane.setResizableWithParent(targetsView, false);
        SplitPane.setResizableWithParent(planView, false);
        statusLine.getStyleClass().add("status-bar");
        statusLine.setId("status-line");
        statusLine.setMaxWidth(Double.MAX_VALUE);
        BorderPane root = new BorderPane(columns);
        root.setBottom(statusLine);
        theme.set(Theme.of(settings.theme()));
        root.setTop(new MenuBar(ThemeMenu.view(theme)));

        // A size remembered on a large monitor must still fit a laptop's screen.
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(root, Math.min(settings.width(), screen.getWidth()),
                Math.min(settings.height(), screen.getHeight()));
        scene.getStylesheets().add(MainWindow.class.getResource("drivelab.css").toExternalForm());
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.R, KeyCombination.SHORTCUT_DOWN), this::start);
        // Esc stops a run wherever the focus is: a filter, since a text field would take the key otherwise.
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE && run.isRunning()) {
                stop();
                e.consume();
            }
        });
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.S, KeyCombination.SHORTCUT_DOWN),
                this::saveReport);
        TableCopy.everywhere(scene);
        RepaintAnchor.install(scene);
        dark = ready.dark();
        Theme.show(scene, dark);
        theme.addListener((o, a, b) -> {
            dark = b.isDark();
            Theme.show(scene, dark);
        });
        stage.setTitle(DriveLabApp.TITLE);
        stage.setScene(scene);
        stage.sizeToScene();

        saver.messageProperty().addListener((o, a, b) -> statusLine.setText(b));
        history.messageProperty().addListener((o, a, b) -> statusLine.setText(b));
        // History is read again when its tab is chosen: refilled hidden at a run's end, its table held the UI
        // thread for 80-110 ms
        run.finishedRunsProperty().addListener(o -> {
            if (historyTab.isSelected()) {
                history.refresh();
            }
            compare.refreshTicking(run.lastRunIdProperty().get());
        });
        tabs.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b == historyTab && loading) {
                history.refresh();
            } else if (b == compareTab && loading) {
                compare.refreshIfChanged();
            }
            // Targets and plan are the set-up of a run; comparing and browsing runs gets the whole width.
            if (b == liveTab) {
                columns.getItems().setAll(targetsView, planView, right);
                columns.setDividerPositions(dividers);
            } else if (a == liveTab) {
                dividers = columns.getDividerPositions();
                columns.getItems().setAll(right);
            }
        });
        // Back on the tab shown last (the Live tab's set-up columns fold away as on a click).
        tabs.getTabs().stream().filter(t -> t.getText().equals(settings.tab())).findFirst()
                .ifPresent(t -> tabs.getSelectionModel().select(t));
        drainer = tasks.repeatBetweenFrames(DRAIN_PERIOD, () -> {
            if (run.pending()) {
                livePane.redraw(run::drain);
            }
        });

        targets.refresh();
    }

    /** Shows the window; what comes from the database is filled in by {@link #load()}. */
    public void show() {
        stage.show();
        // its charts take the window's colours as they join it (ChartViewers)
        livePane.fillAfterNextFrame();
    }

    /**
     * Reads what the window shows from the database, off the UI thread, each part filled in as it arrives: History,
     * Compare and the reference library (synced with the shipped one at a first start). Called once the database
     * is open, after the window shows.
     */
    public void load() {
        loading = true;
        // The lists of runs first: the library (a first start syncs 436 figures) takes the longest.
        history.refresh();
        compare.refresh();
        references.load(rememberedDrives);
    }

    /** Shows {@code message} on the status line, unless null. */
    void say(String message) {
        if (message != null) {
            statusLine.setText(statusLine.getText().isEmpty() ? message : statusLine.getText() + " " + message);
        }
    }

    String statusText() {
        return statusLine.getText();
    }

    /** True once the reference library, History and Compare were read (or said why they cannot be). */
    public BooleanBinding loadedProperty() {
        return loaded;
    }

    Scene scene() {
        return stage.getScene();
    }

    public RunViewModel run() {
        return run;
    }

    CompareViewModel compare() {
        return compare;
    }

    HistoryViewModel history() {
        return history;
    }

    /** Start: asks for what the write guard wants confirmed (typed device names, overwriting a file), then runs. */
    void start() {
        if (run.isRunning() || !run.startBlockedProperty().get().isEmpty()) {
            return;
        }
        Optional<RunViewModel.Confirmed> confirmed = questions.ask(run.confirmationsNeeded());
        if (confirmed.isEmpty()) {
            return;
        }
        tabs.getSelectionModel().select(liveTab);
        statusLine.setText("");
        run.start(confirmed.get());
        targets.testing(targets.selected().stream().map(Target::path).toList(), run.runningProperty());
        Settings chosen = rememberedSettings();
        tasks.create(() -> {
            remember(chosen);
            return null;
        }).start();
    }

    void stop() {
        if (run.isRunning()) {
            run.stop();
        }
    }

    /** Saves the report of what is in front of the user: the comparison, the run picked in History, or the run. */
    void saveReport() {
        List<Long> ids = List.of();
        Tab shown = tabs.getSelectionModel().getSelectedItem();
        if (shown == compareTab) {
            ids = compare.chosenRunIds();
        } else if (shown == historyTab && history.selectedProperty().get() != null) {
            ids = List.of(history.selectedProperty().get().id());
        }
        if (ids.isEmpty() && run.lastRunIdProperty().get() >= 0) {
            ids = List.of(run.lastRunIdProperty().get());
        }
        if (ids.isEmpty()) {
            statusLine.setText("Nothing to report yet: run a plan, or pick runs in History or Compare.");
            return;
        }
        List<Long> chosen = ids;
        Path suggested = Path.of(System.getProperty("user.home"), SaveReportViewModel.suggestedName(ids));
        dialogs.saveFile("Save report", suggested, "PNG image", "png").ifPresent(file ->
                saver.save(chosen, file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png")
                        ? file : file.resolveSibling(file.getFileName() + ".png")));
    }

    private void open(Run r) {
        compare.show(r.id());
        tabs.getSelectionModel().select(compareTab);
    }

    private void resume(Run r) {
        Optional<RunViewModel.Confirmed> confirmed = questions.ask(run.resumeConfirmation(r).stream().toList());
        if (confirmed.isEmpty()) {
            return;
        }
        tabs.getSelectionModel().select(liveTab);
        run.resume(r.id(), confirmed.get());
        targets.testing(List.of(Path.of(r.target())), run.runningProperty());
    }

    /** Stops what goes on and remembers the window and the choices. */
    public void close() {
        drainer.stop();
        try {
            run.stopAndWait(5_000, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        remember(rememberedSettings());
    }

    /** Saves {@code settings}; at a Start off the UI thread, so that a kill or power loss later forgets nothing. */
    private void remember(Settings settings) {
        try {
            settings.save(context.settingsFile());
        } catch (RuntimeException e) {
            // Forgetting the last choices is no reason to fail closing, nor a run.
        }
    }

    Settings rememberedSettings() {
        Scene scene = stage.getScene();
        boolean fromFile = !plan.presets().contains(plan.chosenProperty().get());
        return new Settings(scene.getWidth(), scene.getHeight(), fromFile ? null : plan.chosenProperty().get(),
                fromFile ? plannedFile : null, plan.runtimeProperty().get(), plan.rampProperty().get(),
                plan.idleProperty().get(), plan.preconditionsProperty().get(),
                targets.testFile().folderProperty().get(), targets.testFile().sizeProperty().get(),
                references.drives().isEmpty() ? rememberedDrives : references.chosenNames(),
                compare.logScaleProperty().get(), tabs.getSelectionModel().getSelectedItem().getText(),
                theme.get().name(), targets.orderProperty().get() == RunSession.Order.TOGETHER,
                plan.engine().chosenProperty().get().remembered(), targets.remoteHosts(),
                targets.stopOthersOnFailureProperty().get(), plan.cpus().remembered(), dialogs.lastFolder());
    }

    private void restorePlan(Settings s) {
        rememberedDrives = s.referenceDrives();
        if (s.planFile() != null && Files.isRegularFile(Path.of(s.planFile()))) {
            try {
                plan.open(Path.of(s.planFile()));
                plannedFile = s.planFile();
            } catch (RuntimeException e) {
                statusLine.setText("The last plan file cannot be opened: " + e.getMessage());
            }
        }
        if (s.runtime() != null) {
            plan.runtimeProperty().set(s.runtime());
        }
        if (s.ramp() != null) {
            plan.rampProperty().set(s.ramp());
        }
        if (s.idle() != null) {
            plan.idleProperty().set(s.idle());
        }
        if (s.preconditions() != null) {
            plan.preconditionsProperty().set(s.preconditions());
        }
        plan.cpus().textProperty().set(s.cpusAllowed() == null ? "" : s.cpusAllowed());
    }
}
