package io.drivelab.ui.common;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.util.Duration;

/**
 * {@link Tasks} for the application: work on a small pool of daemon threads, results on the JavaFX thread, and
 * {@link #repeatBetweenFrames} for what the UI thread does at a steady pace (draining the live run's queue into the
 * charts).
 */
public final class FxTasks extends Tasks implements AutoCloseable {
    private final ExecutorService pool;

    public FxTasks() {
        AtomicInteger n = new AtomicInteger();
        pool = Executors.newFixedThreadPool(2, work -> {
            Thread t = new Thread(work, "drivelab-background-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    protected <T> void submit(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onError) {
        // After the window closed, what a last result asks for is for no one: dropped.
        if (pool.isShutdown()) {
            return;
        }
        try {
            pool.execute(() -> {
                try {
                    T result = work.call();
                    Platform.runLater(() -> onSuccess.accept(result));
                } catch (Throwable e) {
                    Platform.runLater(() -> onError.accept(e));
                }
            });
        } catch (RejectedExecutionException closedMeanwhile) {
            // closed between the check and now: dropped as well
        }
    }

    @Override
    public Thread startThread(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        // A run left going when the window closes is stopped by the close, not kept alive by this thread.
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /**
     * Calls {@code tick} on the JavaFX thread every {@code period}, until the returned Timeline is stopped, in the
     * idle time after a frame rather than at the start of one. A timeline's handler runs at the start of a pulse,
     * before that frame is laid out and painted, so its work delayed the frame by as long as it took: the live run's
     * drain (1-7 ms at each tick) made most of the gaps over 20 ms between frames (2026-12-03). Handed over with
     * {@code Platform.runLater}, it runs once the pulse is done (JavaFX runs its pulse and such calls one after the
     * other, in order) and what it changes is shown by the next frame. Never more than one call waits.
     */
    public Timeline repeatBetweenFrames(Duration period, Runnable tick) {
        Timeline timeline = new Timeline();
        boolean[] waiting = {false};
        timeline.getKeyFrames().add(new KeyFrame(period, e -> {
            if (!waiting[0]) {
                waiting[0] = true;
                Platform.runLater(() -> {
                    waiting[0] = false;
                    // not after the timeline was stopped (the window closing)
                    if (timeline.getStatus() == Animation.Status.RUNNING) {
                        tick.run();
                    }
                });
            }
        }));
        timeline.setCycleCount(Animation.INDEFINITE);
        timeline.play();
        return timeline;
    }

    @Override
    public void close() {
        pool.shutdownNow();
        try {
            pool.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
