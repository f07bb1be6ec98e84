package io.drivelab.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javafx.animation.AnimationTimer;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Spinner;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * A start of the window that ends by itself: `mvn package` runs it (under Xvfb) to list the classes a window start
 * loads, for the launcher's class-data archive. It starts the application as {@code Application.launch} does, waits
 * until the window has read the database, shows every tab for a frame, and closes the window as a user does. The
 * database and settings are the environment's (DRIVELAB_DB, XDG_CONFIG_HOME), so the build points them at target/.
 * Given a folder ({@code args[0]}), it first runs the quick plan on a test file there until two points have ended,
 * then stops it as Esc does: a run's start loaded some 400 classes and method handles on the UI and run threads,
 * the longest of the window's pauses at a run's start (README, "Responsiveness and scale").
 *
 * <p>Exits 0 once done, 1 when the window did not load within two minutes (the build then archives the command
 * line's classes alone).
 */
public final class WindowRehearsal {

    public static void main(String[] args) throws Exception {
        DriveLabApp app = new DriveLabApp();
        CountDownLatch done = new CountDownLatch(1);
        Platform.startup(() -> {
        });
        app.init();
        Platform.runLater(() -> {
            app.start(new Stage());
            app.window().loadedProperty().addListener((o, was, loaded) -> {
                if (loaded) {
                    Runnable tabs = () -> showEveryTab(app, done);
                    if (args.length > 0) {
                        rehearseRun(app, Path.of(args[0]), tabs);
                    } else {
                        tabs.run();
                    }
                }
            });
        });
        boolean loaded = done.await(120, TimeUnit.SECONDS);
        CountDownLatch closed = new CountDownLatch(1);
        Platform.runLater(() -> {
            app.stop();
            closed.countDown();
        });
        closed.await(30, TimeUnit.SECONDS);
        Platform.exit();
        System.exit(loaded ? 0 : 1);
    }

    /** A run of the quick plan on a 64 MiB test file in {@code folder}, stopped after two points, then {@code then}. */
    @SuppressWarnings("unchecked")
    private static void rehearseRun(DriveLabApp app, Path folder, Runnable then) {
        MainWindow window = app.window();
        Scene scene = window.scene();
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            System.out.println("no run rehearsed: " + e);
            then.run();
            return;
        }
        ((TextField) scene.lookup("#file-folder")).setText(folder.toString());
        ((TextField) scene.lookup("#file-size")).setText("64M");
        ((Spinner<Integer>) scene.lookup("#runtime")).getValueFactory().setValue(1);
        ((Spinner<Integer>) scene.lookup("#ramp")).getValueFactory().setValue(0);
        // the titles of the points shown; a third one means two points have ended
        Set<String> points = new HashSet<>();
        boolean[] started = {false};
        Timeline poll = new Timeline();
        poll.setCycleCount(600);
        poll.getKeyFrames().add(new KeyFrame(Duration.millis(100), e -> {
            if (!started[0]) {
                // the drive list and the fields' checks may still be coming in
                if (window.run().startBlockedProperty().get().isEmpty()) {
                    started[0] = true;
                    window.start();
                }
                return;
            }
            String title = window.run().live().pointTitleProperty().get();
            if (!title.startsWith("No point")) {
                points.add(title);
            }
            if (points.size() >= 3 && window.run().isRunning()) {
                window.stop();
            }
            if (!window.run().isRunning()) {
                poll.stop();
                then.run();
            }
        }));
        poll.setOnFinished(e -> {
            System.out.println("run rehearsal cut short: " + window.run().startBlockedProperty().get());
            then.run();
        });
        poll.play();
    }

    /** Each tab selected in turn, one frame each, then {@code done}. */
    private static void showEveryTab(DriveLabApp app, CountDownLatch done) {
        TabPane tabs = (TabPane) app.window().scene().lookup("#tabs");
        new AnimationTimer() {
            private int next;

            @Override
            public void handle(long now) {
                if (next < tabs.getTabs().size()) {
                    tabs.getSelectionModel().select(next++);
                } else {
                    stop();
                    tabs.getSelectionModel().select(0);
                    done.countDown();
                }
            }
        }.start();
    }

    private WindowRehearsal() {
    }
}
