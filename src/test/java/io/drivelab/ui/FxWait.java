package io.drivelab.ui;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import javafx.stage.Window;
import org.testfx.util.WaitForAsyncUtils;

/** For window tests: ask the FX thread, and wait on what the window shows (polling, never a fixed sleep). */
public final class FxWait {
    private FxWait() {
    }

    /** Runs on the FX thread and returns the result. */
    public static <T> T fx(Callable<T> query) {
        try {
            return WaitForAsyncUtils.asyncFx(query).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Waits until a window shows its live view, made after the window's first frame ({@code ui.run.LiveTab}). */
    public static void waitForTheLiveView() throws InterruptedException {
        waitUntil(() -> fx(() -> Window.getWindows().stream()
                .anyMatch(w -> w.getScene() != null && w.getScene().lookup("#live") != null)), 30);
    }

    /** Whether the calling code runs inside a JavaFX pulse (animations, CSS, layout), not between two. */
    public static boolean insideAPulse() {
        return StackWalker.getInstance().walk(frames -> frames.anyMatch(
                f -> f.getClassName().equals("com.sun.javafx.tk.quantum.QuantumToolkit")
                        && f.getMethodName().equals("pulse")));
    }

    /** Waits until {@code done}, failing after {@code seconds}. */
    public static void waitUntil(BooleanSupplier done, int seconds) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("not within " + seconds + " s");
            }
            Thread.sleep(100);
        }
    }
}
