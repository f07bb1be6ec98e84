package io.drivelab.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.drivelab.device.DeviceDiscovery;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.scene.Scene;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * Not a test: bench/window.py runs it to time the real window on the display it is given (Xvfb with GTK, as a user
 * runs it). It starts the application as {@code Application.launch} does (toolkit, init() off the UI thread, then
 * start()) and prints "EVENT EPOCH_MS" lines: shown, frame (the first pulse laid out after it), history (History's
 * table filled). Given seconds, it then runs the quick preset on a test file at 10 samples/s, with the window's
 * reference drives shown, and prints the UI thread's gaps as LiveRunTest measures them (a 10 ms timeline).
 *
 * <p>usage: WindowBench DATABASE FOLDER SECONDS (FOLDER: the settings file and the test file go there)
 */
public final class WindowBench {
    private static final int SAMPLE_INTERVAL_MS = 100;

    public static void main(String[] args) throws Exception {
        Path db = Path.of(args[0]);
        Path folder = Path.of(args[1]);
        int seconds = Integer.parseInt(args[2]);
        AppContext context = new AppContext(db, null, folder.resolve("gui.json"), SAMPLE_INTERVAL_MS,
                new DeviceDiscovery());
        DriveLabApp app = new DriveLabApp(context, null);
        CountDownLatch done = new CountDownLatch(1);
        Platform.startup(() -> { });
        app.init();
        Platform.runLater(() -> {
            Stage stage = new Stage();
            stage.showingProperty().addListener((o, was, showing) -> {
                if (showing) {
                    event("shown");
                    firstPulse(stage.getScene());
                }
            });
            app.start(stage);
            watchHistory(stage.getScene(), () -> {
                if (seconds > 0) {
                    liveRun(app, stage.getScene(), folder, seconds, done);
                } else {
                    done.countDown();
                }
            });
        });
        if (!done.await(seconds + 120, TimeUnit.SECONDS)) {
            System.out.println("timeout");
        }
        Platform.runLater(() -> {
            app.stop();
            Platform.exit();
        });
        System.exit(0);
    }

    private static void event(String name) {
        System.out.println(name + " " + System.currentTimeMillis());
        System.out.flush();
    }

    private static void firstPulse(Scene scene) {
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            event("frame");
            scene.removePostLayoutPulseListener(once[0]);
        };
        scene.addPostLayoutPulseListener(once[0]);
    }

    /** "history" once History's table has rows (or at once when the database has none to show: "history-empty"). */
    private static void watchHistory(Scene scene, Runnable then) {
        TableView<?> table = (TableView<?>) scene.lookup("#runs");
        if (!table.getItems().isEmpty()) {
            event("history");
            then.run();
            return;
        }
        table.getItems().addListener(new ListChangeListener<Object>() {
            @Override
            public void onChanged(Change<?> change) {
                if (!table.getItems().isEmpty()) {
                    table.getItems().removeListener(this);
                    event("history");
                    then.run();
                }
            }
        });
        // An empty database fills nothing: go on after a second.
        Timeline wait = new Timeline(new KeyFrame(Duration.seconds(1), e -> {
            if (table.getItems().isEmpty()) {
                event("history-empty");
                then.run();
            }
        }));
        wait.play();
    }

    @SuppressWarnings("unchecked")
    private static void liveRun(DriveLabApp app, Scene scene, Path folder, int seconds, CountDownLatch done) {
        ((TextField) scene.lookup("#file-folder")).setText(folder.toString());
        ((TextField) scene.lookup("#file-size")).setText("64M");
        ((Spinner<Integer>) scene.lookup("#runtime")).getValueFactory().setValue(2);
        ((Spinner<Integer>) scene.lookup("#ramp")).getValueFactory().setValue(0);
        List<Long> gaps = new ArrayList<>();
        long[] last = {0};
        Timeline probe = new Timeline(new KeyFrame(Duration.millis(10), e -> {
            long now = System.nanoTime();
            if (last[0] != 0) {
                gaps.add(now - last[0]);
            }
            last[0] = now;
        }));
        probe.setCycleCount(Animation.INDEFINITE);
        // Start waits for what the window loads in the background (the drive list) to unblock it.
        Timeline start = new Timeline(new KeyFrame(Duration.millis(100), e -> { }));
        start.setCycleCount(200);
        start.setOnFinished(e -> {
            System.out.println("not-started " + app.window().run().startBlockedProperty().get());
            done.countDown();
        });
        start.getKeyFrames().setAll(new KeyFrame(Duration.millis(100), e -> {
            if (app.window().run().startBlockedProperty().get().isEmpty()) {
                start.stop();
                probe.play();
                app.window().start();
                event(app.window().run().isRunning() ? "run-started" : "not-started");
                measure(app, probe, gaps, seconds, done);
            }
        }));
        start.play();
    }

    private static void measure(DriveLabApp app, Timeline probe, List<Long> gaps, int seconds, CountDownLatch done) {
        Timeline end = new Timeline(new KeyFrame(Duration.seconds(seconds), e -> {
            probe.stop();
            app.window().stop();
            List<Long> sorted = gaps.stream().sorted().toList();
            Runtime runtime = Runtime.getRuntime();
            System.out.printf("stall ticks %d median_ms %.1f p99_ms %.1f worst_ms %.1f over50 %d heap_mb %d running %s%n",
                    sorted.size(), ms(sorted.get(sorted.size() / 2)), ms(sorted.get(sorted.size() * 99 / 100)),
                    ms(sorted.get(sorted.size() - 1)), sorted.stream().filter(g -> g > 50_000_000L).count(),
                    (runtime.totalMemory() - runtime.freeMemory()) >> 20, app.window().run().isRunning());
            done.countDown();
        }));
        end.play();
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    private WindowBench() {
    }
}
