package io.drivelab.ui.run;

import io.drivelab.ui.common.NextFrame;
import io.drivelab.ui.references.ReferenceDrivesViewModel;
import javafx.beans.property.BooleanProperty;
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
    private final BooleanProperty logScale;
    private final ReadOnlyBooleanWrapper filled = new ReadOnlyBooleanWrapper();
    private LiveView view;

    /** {@code logScale}: whether the curve charts draw on log scales, as the user last chose (Compare's too). */
    public LiveTab(LiveCharts live, ReferenceDrivesViewModel references, BooleanProperty logScale) {
        this.live = live;
        this.references = references;
        this.logScale = logScale;
        Label waiting = new Label("Preparing the live charts…");
        waiting.getStyleClass().add("hint");
        getChildren().add(waiting);
    }

    /**
     * Makes the live view while the window's next frame is painted (the renderer paints on a thread of its own),
     * and puts it in the tab from the pulse after: call it when the window shows. The view's styling and layout
     * come in the pulse after that one, behind the frame's upload to the screen (queued on the UI thread when its
     * painting ends).
     */
    public void fillAfterNextFrame() {
        NextFrame.then(() -> {
            view = new LiveView(live, references);
            view.logScaleProperty().bindBidirectional(logScale);
            NextFrame.then(this::join);
        });
    }

    private void join() {
        if (!filled.get()) {
            getChildren().setAll(view);
            filled.set(true);
        }
    }

    /** True once the live view is made and in the tab. */
    public ReadOnlyBooleanProperty filledProperty() {
        return filled.getReadOnlyProperty();
    }

    /**
     * Runs a batch of the run's changes, redrawn once by the live view ({@link LiveView#redraw}); before the view
     * is in the tab, the batch only changes the data it shows.
     */
    public void redraw(Runnable batch) {
        if (!filled.get()) {
            batch.run();
        } else {
            view.redraw(batch);
        }
    }
}
