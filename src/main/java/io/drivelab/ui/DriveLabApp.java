package io.drivelab.ui;

import java.util.concurrent.CompletionException;

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

    /** The preparation {@link #launchGui} began, for the instance {@code Application.launch} makes after it. */
    private static volatile StartPreparation launching;

    private final StartPreparation preparation;
    private final FileDialogs dialogs;
    private StartPreparation.Ready ready;
    private FxTasks tasks;
    private volatile MainWindow window;
    /** Closes the window when the JVM is told to end; null until {@link #closeWhenSignalled} registers it. */
    private Thread closeOnSignal;

    /** The application as started from the desktop: everything from the environment. */
    public DriveLabApp() {
        this(launching != null ? launching : StartPreparation.begin(AppContext.fromEnvironment()), null);
    }

    /**
     * Begins the start's preparation at once ({@link StartPreparation}): construct it before JavaFX's toolkit starts.
     *
     * @param dialogs file choosers to use instead of the desktop's (tests), or null
     */
    public DriveLabApp(AppContext context, FileDialogs dialogs) {
        this(StartPreparation.begin(context), dialogs);
    }

    private DriveLabApp(StartPreparation preparation, FileDialogs dialogs) {
        this.preparation = preparation;
        this.dialogs = dialogs;
    }

    /** Opens the window and returns when it is closed. */
    public static void launchGui(String[] args) {
        // Application.launch makes the instance once its toolkit has started: the preparation begins before that.
        launching = StartPreparation.begin(AppContext.fromEnvironment());
        Application.launch(DriveLabApp.class, args);
    }

    @Override
    public void init() {
        ready = preparation.ready();
    }

    @Override
    public void start(Stage stage) {
        if (preparation == launching) {
            closeWhenSignalled();  // the desktop's window, which a session's end or `kill` may end
        }
        sayWhatNothingCaught();
        tasks = new FxTasks();
        window = new MainWindow(stage, preparation.context(), preparation.store(), ready, tasks, dialogs);
        window.show();
        // Runs whose process died are marked interrupted (resumable) before History lists them.
        preparation.opened().whenComplete((unfinished, failure) -> Platform.runLater(() -> {
            if (failure == null) {
                window.load();
                window.say(StartPreparation.leftUnfinished(unfinished));
            } else {
                cannotStart(failure instanceof CompletionException ? failure.getCause() : failure);
            }
        }));
    }

    /**
     * An exception nothing caught on the UI thread is said on the status line, where the user looks, as well as
     * printed: only the terminal saw it (a spinner's "abc" left the field and the run's value apart, unsaid).
     */
    private void sayWhatNothingCaught() {
        Thread.currentThread().setUncaughtExceptionHandler((thread, e) -> {
            e.printStackTrace();
            MainWindow shown = window;
            String message = "Something went wrong in the window: " + Messages.of(e) + " (DriveLab goes on; the "
                    + "details went to its error output: please report them).";
            if (shown != null && !shown.statusText().contains(message)) {
                shown.say(message);
            }
        });
    }

    private void cannotStart(Throwable e) {
        Alert alert = new Alert(Alert.AlertType.ERROR, "The results database " + preparation.context().database()
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

    /** An interrupted run's reason when the window was ended by a signal, not closed by its user. */
    static final String ENDED_BY_SIGNAL = "stopped as the window was told to end (a logout, a shutdown, kill)";

    /**
     * Closes the window as its close button does when the JVM is told to end (SIGTERM: the session ends, `kill`),
     * rather than dropping everything: the run stops as Esc stops it and is stored as interrupted (resumable) with
     * its point so far, no engine is left, the choices made are remembered.
     */
    public void closeWhenSignalled() {
        if (closeOnSignal == null) {
            closeOnSignal = new Thread(this::closeOnSignal, "drivelab-close");
            Runtime.getRuntime().addShutdownHook(closeOnSignal);
        }
    }

    private void closeOnSignal() {
        MainWindow shown = window;
        if (shown == null) {
            return;
        }
        // The JVM ends: JavaFX's own shutdown may already refuse the UI thread work (Platform.runLater dropped,
        // 1 in 4 tries), so nothing here asks it. Reading the choices off it is safe now that nothing changes them.
        try {
            shown.run().stopAndWait(5_000, ENDED_BY_SIGNAL);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            shown.rememberedSettings().save(preparation.context().settingsFile());
        } catch (RuntimeException e) {
            // forgetting the last choices is no reason to hold the end up
        }
        preparation.store().close();
    }

    @Override
    public void stop() {
        if (closeOnSignal != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(closeOnSignal);
            } catch (IllegalStateException endingAlready) {
                // the hook closes what it can
            }
        }
        if (window != null) {
            window.close();
        }
        if (tasks != null) {
            tasks.close();
        }
        preparation.store().close();
    }
}
