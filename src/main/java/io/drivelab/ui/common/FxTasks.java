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
 *
 * <p>Every thread it starts works {@linkplain #behindTheWindow behind the window}.
 */
public final class FxTasks extends Tasks implements AutoCloseable {
    private final ExecutorService pool;

    public FxTasks() {
        AtomicInteger n = new AtomicInteger();
        pool = Executors.newFixedThreadPool(2, work -> behindTheWindow(work, "drivelab-background-"
                + n.incrementAndGet()));
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
        Thread thread = behindTheWindow(body, name);
        thread.start();
        return thread;
    }

    /**
     * A thread (not started) for work the window waits on but the user does not watch: a run, the drawing of a chart,
     * a load. A daemon, so that what is left going when the window closes is ended by the close, and at Java's
     * lowest priority: with the launcher's -XX:ThreadPriorityPolicy=1 that is nice 4 on Linux, and what it starts
     * inherits it (the threads it makes, the engine or fio a run starts). On a small machine busy with a run the
     * window's frames then come first: a run on two cores kept the UI thread from its frame for up to 88 ms, most
     * of it the engine's and these threads' time (README, "Responsiveness and scale"). Without that option, and on
     * the command line, priorities change nothing.
     */
    public static Thread behindTheWindow(Runnable body, String name) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
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
