package io.drivelab.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javafx.animation.Animation;
import javafx.animation.AnimationTimer;
import javafx.animation.KeyFrame;
import javafx.animation.PauseTransition;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * Not a test: bench/responsiveness.py runs it beside {@link WindowBench} as the floor of the stall measure on the same
 * display: a bare JavaFX window of DriveLab's size with one label changed 10 times a second (as the live view's
 * figures change), its pulses timed as WindowBench times DriveLab's. Given a busy share, the UI thread is also kept
 * busy for that share of the time, in pieces of PIECE_MS handed to it with {@code Platform.runLater} from another
 * thread (as a live run's samples and finished drawings reach it). Prints "shown" once the window is shown, a second
 * before its measure starts (the bench then starts DriveLab's run's plan beside it), the gaps over -Dbench.gapLogMs,
 * and WindowBench's "stall" line.
 *
 * <p>usage: PulseFloorBench SECONDS WIDTH HEIGHT BUSY_SHARE PIECE_MS
 */
public final class PulseFloorBench {
    public static void main(String[] args) throws Exception {
        int seconds = Integer.parseInt(args[0]);
        double width = Double.parseDouble(args[1]);
        double height = Double.parseDouble(args[2]);
        double share = Double.parseDouble(args[3]);
        double pieceMs = Double.parseDouble(args[4]);
        Platform.startup(() -> { });
        Platform.runLater(() -> {
            Label figure = new Label("0");
            Stage stage = new Stage();
            stage.setScene(new Scene(new StackPane(figure), width, height));
            stage.show();
            // what runs beside the window (bench/responsiveness.py's run of the same plan) starts now, its JVM's
            // start over by the measure's (as DriveLab's run starts in a JVM already going)
            System.out.println("shown");
            System.out.flush();
            Timeline changes = new Timeline(new KeyFrame(Duration.millis(100),
                    e -> figure.setText(String.format(Locale.ROOT, "%,d IOPS", System.nanoTime() % 1_000_000))));
            changes.setCycleCount(Animation.INDEFINITE);
            changes.play();
            // a second to settle, as WindowBench's drives are ticked a second before Start
            PauseTransition settle = new PauseTransition(Duration.seconds(1));
            settle.setOnFinished(e -> measure(seconds, share, pieceMs));
            settle.play();
        });
    }

    private static void measure(int seconds, double share, double pieceMs) {
        if (share > 0) {
            Thread busy = new Thread(() -> {
                long periodNs = (long) (pieceMs * 1e6 / share);
                long next = System.nanoTime();
                while (true) {
                    next += periodNs;
                    try {
                        Thread.sleep(Math.max(0, (next - System.nanoTime()) / 1_000_000));
                    } catch (InterruptedException e) {
                        return;
                    }
                    Platform.runLater(() -> spin((long) (pieceMs * 1e6)));
                }
            }, "bench-busy");
            busy.setDaemon(true);
            busy.start();
        }
        List<Long> gaps = new ArrayList<>();
        List<String> longGaps = new ArrayList<>();
        long logAboveNs = Long.getLong("bench.gapLogMs", 1_000_000) * 1_000_000;
        AnimationTimer probe = new AnimationTimer() {
            private long last;

            @Override
            public void handle(long now) {
                long at = System.nanoTime();
                if (last != 0) {
                    gaps.add(at - last);
                    if (at - last > logAboveNs) {
                        longGaps.add(String.format(Locale.ROOT, "gap %.1f ms at_ns %d", (at - last) / 1e6, at));
                    }
                }
                last = at;
            }
        };
        probe.start();
        PauseTransition end = new PauseTransition(Duration.seconds(seconds));
        end.setOnFinished(e -> {
            probe.stop();
            longGaps.forEach(System.out::println);
            System.out.println("stall " + WindowBench.gapFigures(gaps));
            System.out.flush();
            Platform.exit();
            System.exit(0);
        });
        end.play();
    }

    /** The UI thread busy for {@code nanos}, as with work of its own. */
    private static void spin(long nanos) {
        long until = System.nanoTime() + nanos;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    private PulseFloorBench() {
    }
}
