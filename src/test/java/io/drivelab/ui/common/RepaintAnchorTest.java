package io.drivelab.ui.common;

import io.drivelab.IntegrationTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import javafx.animation.AnimationTimer;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The pixel that keeps JavaFX from painting the whole window (headless Monocle): it changes in a pulse whose only
 * changes cannot be seen (a hidden node; a pseudo-class set during layout, which marks the scene's root for the next
 * pulse), and not in an idle pulse, so that it never makes the window paint on its own.
 */
@IntegrationTest
class RepaintAnchorTest {
    private static final PseudoClass MARKED = PseudoClass.getPseudoClass("marked");
    private Scene scene;
    private Label hidden;
    private Region laidOut;
    private RepaintAnchor anchor;

    @BeforeEach
    void aWindowWithAHiddenLabel() throws Exception {
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupStage(stage -> {
            hidden = new Label("before");
            hidden.setVisible(false);
            // marks itself during layout, as a list cell re-indexed by its virtual flow does
            laidOut = new Region() {
                @Override
                protected void layoutChildren() {
                    super.layoutChildren();
                    pseudoClassStateChanged(MARKED, !getPseudoClassStates().contains(MARKED));
                }
            };
            laidOut.getStyleClass().add("laid-out");
            scene = new Scene(new StackPane(new VBox(new Label("shown"), hidden, laidOut)), 300, 200);
            // a rule on the pseudo-class (JavaFX only restyles for pseudo-classes some rule names), drawing the same
            scene.getStylesheets().add("data:text/css;base64," + Base64.getEncoder().encodeToString(
                    ".laid-out:marked { -fx-opacity: 1; }".getBytes(StandardCharsets.UTF_8)));
            anchor = RepaintAnchor.install(scene);
            stage.setScene(scene);
            stage.show();
        });
        pulses(3);
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void theAnchorIsOnePixelThatTakesNoPartInLayoutOrInput() {
        assertNotNull(anchor, "this JavaFX keeps the scene's pending nodes in the field read");
        Node pixel = ((StackPane) scene.getRoot()).getChildrenUnmodifiable().get(1);
        assertFalse(pixel.isManaged());
        assertTrue(pixel.isMouseTransparent());
        assertEquals(1, pixel.getLayoutBounds().getWidth());
        assertEquals(1, pixel.getLayoutBounds().getHeight());
        assertEquals(0, pixel.getBoundsInParent().getMinX());
    }

    @Test
    void anIdleWindowDoesNotChangeIt() throws Exception {
        long before = pokes();
        pulses(10);
        assertEquals(before, pokes(), "an idle pulse must not make the window paint");
    }

    @Test
    void aChangeToAHiddenNodeChangesIt() throws Exception {
        long before = pokes();
        WaitForAsyncUtils.asyncFx(() -> hidden.setText("after"));
        pulses(2);
        assertTrue(pokes() > before, "a hidden label's change has no region of its own to paint");
    }

    @Test
    void aPseudoClassSetDuringLayoutChangesItThenAndInTheNextPulse() throws Exception {
        long before = pokes();
        WaitForAsyncUtils.asyncFx(() -> laidOut.requestLayout());
        pulses(4);
        // the pulse of the layout, and the next, in which the root alone is synchronised (marked for its CSS)
        assertEquals(before + 2, pokes(), "the root's CSS mark alone has nothing to paint");
    }

    private long pokes() throws Exception {
        return WaitForAsyncUtils.asyncFx(anchor::pokes).get(5, TimeUnit.SECONDS);
    }

    /** Waits until {@code count} more pulses have begun, then for the FX events queued behind them. */
    private static void pulses(int count) throws Exception {
        CountDownLatch done = new CountDownLatch(count + 1);
        WaitForAsyncUtils.asyncFx(() -> new AnimationTimer() {
            @Override
            public void handle(long now) {
                done.countDown();
                if (done.getCount() == 0) {
                    stop();
                }
            }
        }.start());
        assertTrue(done.await(10, TimeUnit.SECONDS), "pulses did not run");
        WaitForAsyncUtils.waitForFxEvents();
    }
}
