package io.drivelab.ui;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.drivelab.device.DeviceDiscovery;
import javafx.animation.AnimationTimer;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.Scene;
import javafx.scene.control.ListView;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * Not a test: bench/window.py runs it to time the real window on the display it is given (Xvfb with GTK, as a user
 * runs it). It starts the application as {@code Application.launch} does (toolkit, init() off the UI thread, then
 * start()) and prints "EVENT EPOCH_MS" lines (each followed by "cpu EVENT MS", the process's CPU time so far): shown, frame (the first pulse after it), history (History's
 * table filled), compare (Compare's list of runs filled). Given seconds, it then runs the quick preset on a test file at 10 samples/s, with the window's
 * reference drives shown, and prints the gaps between the UI thread's pulses (LiveRunTest's measure, taken once a
 * pulse rather than by a 10 ms timeline that runs several times in one pulse).
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
        CountDownLatch framed = new CountDownLatch(1);
        Platform.startup(() -> { });
        app.init();
        Platform.runLater(() -> {
            Stage stage = new Stage();
            stage.showingProperty().addListener((o, was, showing) -> {
                if (showing) {
                    event("shown");
                    firstPulse(framed);
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
        // History may fill before the first frame on a busy machine: wait for both.
        if (!done.await(seconds + 120, TimeUnit.SECONDS) || !framed.await(60, TimeUnit.SECONDS)) {
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
        // The CPU time spent so far, all threads: the start's cost on a machine whose load changes.
        ProcessHandle.current().info().totalCpuDuration()
                .ifPresent(cpu -> System.out.println("cpu " + name + " " + cpu.toMillis()));
        System.out.flush();
    }

    private static void firstPulse(CountDownLatch seen) {
        new AnimationTimer() {
            @Override
            public void handle(long now) {
                event("frame");
                seen.countDown();
                stop();
            }
        }.start();
    }

    /**
     * "history" once History's table has rows and "compare" once Compare lists the runs (or "history-empty" after a
     * second when the database has none to show), then {@code then}.
     */
    private static void watchHistory(Scene scene, Runnable then) {
        // Both filled before the next step (or the end): either may come first.
        int[] left = {2};
        Runnable both = () -> {
            if (--left[0] == 0) {
                then.run();
            }
        };
        whenFilled(((ListView<?>) scene.lookup("#compare-runs")).getItems(), "compare", both);
        ObservableList<?> runs = ((TableView<?>) scene.lookup("#runs")).getItems();
        whenFilled(runs, "history", both);
        Timeline wait = new Timeline(new KeyFrame(Duration.seconds(1), e -> {
            if (runs.isEmpty()) {
                event("history-empty");
                then.run();
            }
        }));
        wait.play();
    }

    private static void whenFilled(ObservableList<?> items, String name, Runnable then) {
        if (!items.isEmpty()) {
            event(name);
            then.run();
            return;
        }
        items.addListener(new ListChangeListener<Object>() {
            @Override
            public void onChanged(Change<?> change) {
                if (!items.isEmpty()) {
                    items.removeListener(this);
                    event(name);
                    then.run();
                }
            }
        });
    }

    @SuppressWarnings("unchecked")
    private static void liveRun(DriveLabApp app, Scene scene, Path folder, int seconds, CountDownLatch done) {
        ((TextField) scene.lookup("#file-folder")).setText(folder.toString());
        ((TextField) scene.lookup("#file-size")).setText("64M");
        ((Spinner<Integer>) scene.lookup("#runtime")).getValueFactory().setValue(2);
        ((Spinner<Integer>) scene.lookup("#ramp")).getValueFactory().setValue(0);
        List<Long> gaps = new ArrayList<>();
        // Called once per pulse (60 a second while it runs): a gap longer than a frame is the UI thread kept busy.
        AnimationTimer probe = new AnimationTimer() {
            private long last;

            @Override
            public void handle(long now) {
                long at = System.nanoTime();
                if (last != 0) {
                    gaps.add(at - last);
                }
                last = at;
            }
        };
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
                probe.start();
                app.window().start();
                event(app.window().run().isRunning() ? "run-started" : "not-started");
                measure(app, probe, gaps, seconds, done);
            }
        }));
        start.play();
    }

    private static void measure(DriveLabApp app, AnimationTimer probe, List<Long> gaps, int seconds,
                                CountDownLatch done) {
        Timeline end = new Timeline(new KeyFrame(Duration.seconds(seconds), e -> {
            probe.stop();
            app.window().stop();
            List<Long> sorted = gaps.stream().sorted().toList();
            Runtime runtime = Runtime.getRuntime();
            System.out.printf("stall ticks %d median_ms %.1f p99_ms %.1f worst_ms %.1f over50 %d heap_mb %d "
                            + "running %s%n",
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
