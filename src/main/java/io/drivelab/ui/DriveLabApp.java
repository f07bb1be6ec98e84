package io.drivelab.ui;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import io.drivelab.engine.EngineBinary;
import io.drivelab.engine.EngineException;
import io.drivelab.store.Store;
import io.drivelab.ui.common.FileDialogs;
import io.drivelab.ui.common.FxTasks;
import io.drivelab.ui.common.Messages;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.stage.Stage;

/**
 * The DriveLab application: shows the {@link MainWindow} first, then opens the results database off the UI thread
 * (creating or migrating it, marking runs whose process died as interrupted) and has the window read what it shows
 * from it. A database that cannot be opened is said in a message, and DriveLab ends.
 */
public final class DriveLabApp extends Application {
    public static final String TITLE = "DriveLab";

    private final AppContext context;
    private final FileDialogs dialogs;
    private Store store;
    private CompletableFuture<Void> opened;
    private Path engine;
    private String engineProblem;
    private FxTasks tasks;
    private MainWindow window;

    /** The application as started from the desktop: everything from the environment. */
    public DriveLabApp() {
        this(AppContext.fromEnvironment(), null);
    }

    /**
     * @param dialogs file choosers to use instead of the desktop's (tests), or null
     */
    public DriveLabApp(AppContext context, FileDialogs dialogs) {
        this.context = context;
        this.dialogs = dialogs;
    }

    /** Opens the window and returns when it is closed. */
    public static void launchGui(String[] args) {
        Application.launch(DriveLabApp.class, args);
    }

    @Override
    public void init() {
        store = Store.openOnFirstUse(context.database());
        // Opened while the UI thread builds the window. Runs whose process died are marked interrupted (resumable)
        // before History lists them.
        opened = CompletableFuture.runAsync(store::markStaleRunsInterrupted, work -> {
            Thread thread = new Thread(work, "drivelab-open-database");
            thread.setDaemon(true);
            thread.start();
        });
        try {
            engine = context.engine() != null ? context.engine() : EngineBinary.locate();
        } catch (EngineException e) {
            engineProblem = Messages.of(e);
        }
    }

    @Override
    public void start(Stage stage) {
        tasks = new FxTasks();
        window = new MainWindow(stage, context, store, engine, engineProblem, tasks, dialogs);
        window.show();
        opened.whenComplete((done, failure) -> Platform.runLater(() -> {
            if (failure == null) {
                window.load();
            } else {
                cannotStart(failure instanceof CompletionException ? failure.getCause() : failure);
            }
        }));
    }

    private void cannotStart(Throwable e) {
        Alert alert = new Alert(Alert.AlertType.ERROR, "The results database " + context.database()
                + " cannot be opened: " + Messages.of(e) + "\n\nDriveLab keeps every run there. Free the file "
                + "or start DriveLab with DRIVELAB_DB set to another file.");
        alert.setHeaderText("DriveLab cannot start");
        alert.setTitle(TITLE);
        alert.showAndWait();
        Platform.exit();
    }

    /** The window, once started (tests look at its run). */
    public MainWindow window() {
        return window;
    }

    @Override
    public void stop() {
        if (window != null) {
            window.close();
        }
        if (tasks != null) {
            tasks.close();
        }
        if (store != null) {
            store.close();
        }
    }
}
