package io.drivelab.ui.run;

import io.drivelab.ui.references.ReferenceDrivesViewModel;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;

/**
 * The Live tab's content. Its {@link LiveView} (three charts and the percentile table) is made after the window's
 * first frame, so that the targets, the plan and Start show first: made with the window, the view's making,
 * styling, layout and first chart drawings were a third of the window's start (README, "Responsiveness and
 * scale"). Until then what a run reports waits in {@link LiveCharts}, which the view shows as it is when made.
 */
public final class LiveTab extends StackPane {
    private final LiveCharts live;
    private final ReferenceDrivesViewModel references;
    private final ReadOnlyBooleanWrapper filled = new ReadOnlyBooleanWrapper();
    private LiveView view;

    public LiveTab(LiveCharts live, ReferenceDrivesViewModel references) {
        this.live = live;
        this.references = references;
        Label waiting = new Label("Preparing the live charts…");
        waiting.getStyleClass().add("hint");
        getChildren().add(waiting);
    }

    /**
     * Makes the live view once the window's next frame is painted, then runs {@code then}: call it when the window
     * shows. The frame's painting ends before the pulse after it begins, and its upload to the screen is queued on
     * the UI thread by then; the view is made after both.
     */
    public void fillAfterNextFrame(Runnable then) {
        new AnimationTimer() {
            private int pulses;

            @Override
            public void handle(long now) {
                if (++pulses == 2) {
                    stop();
                    Platform.runLater(() -> fill(then));
                }
            }
        }.start();
    }

    private void fill(Runnable then) {
        if (view == null) {
            view = new LiveView(live, references);
            getChildren().setAll(view);
            filled.set(true);
            then.run();
        }
    }

    /** True once the live view is made and in the tab. */
    public ReadOnlyBooleanProperty filledProperty() {
        return filled.getReadOnlyProperty();
    }

    /**
     * Runs a batch of the run's changes, redrawn once by the live view ({@link LiveView#redraw}); before the view
     * is made, the batch only changes the data it will show.
     */
    public void redraw(Runnable batch) {
        if (view == null) {
            batch.run();
        } else {
            view.redraw(batch);
        }
    }
}
