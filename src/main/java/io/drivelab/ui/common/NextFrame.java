package io.drivelab.ui.common;

import javafx.animation.AnimationTimer;
import javafx.application.Platform;

/**
 * Work put off until the window's next frame is on its way: what a window's first frame need not show is made
 * after it, so the window shows sooner (on two cores each node styled and laid out before it took about a
 * millisecond of a start's 1.4 s).
 */
public final class NextFrame {
    private NextFrame() {
    }

    /**
     * Runs {@code work} on the UI thread once the next pulse is over: that pulse's frame goes to the renderer
     * first, and what {@code work} adds is styled and laid out in the pulse after.
     */
    public static void then(Runnable work) {
        new AnimationTimer() {
            @Override
            public void handle(long now) {
                stop();
                Platform.runLater(work);
            }
        }.start();
    }
}
