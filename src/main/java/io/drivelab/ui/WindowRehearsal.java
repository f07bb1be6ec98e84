package io.drivelab.ui;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;

/**
 * A start of the window that ends by itself: `mvn package` runs it (under Xvfb) to list the classes a window start
 * loads, for the launcher's class-data archive. It starts the application as {@code Application.launch} does, waits
 * until the window has read the database, shows every tab for a frame, and closes the window as a user does. The
 * database and settings are the environment's (DRIVELAB_DB, XDG_CONFIG_HOME), so the build points them at target/.
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
                    showEveryTab(app, done);
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
