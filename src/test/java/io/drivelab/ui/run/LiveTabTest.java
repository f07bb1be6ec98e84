package io.drivelab.ui.run;

import static io.drivelab.ui.FxWait.fx;
import static io.drivelab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.drivelab.IntegrationTest;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.ui.common.FxTasks;
import io.drivelab.ui.references.ReferenceDrivesViewModel;
import io.drivelab.workload.PlanItem;
import javafx.animation.AnimationTimer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.control.CheckBox;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

/** The Live tab on headless Monocle: its live view is made after the window's next frame, showing what came before. */
@IntegrationTest
class LiveTabTest {
    private final FxRobot robot = new FxRobot();
    private final LiveCharts live = new LiveCharts();
    private final BooleanProperty logScale = new SimpleBooleanProperty();
    private LiveTab tab;

    @AfterEach
    void closeStage() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void theLiveViewIsMadeOnlyOnceTheWindowsNextFrameIsPainted() throws Exception {
        show();
        AtomicInteger pulses = new AtomicInteger();
        AtomicInteger pulsesWhenMade = new AtomicInteger(-1);
        AtomicInteger madeTimes = new AtomicInteger();
        AnimationTimer counter = new AnimationTimer() {
            @Override
            public void handle(long now) {
                pulses.incrementAndGet();
            }
        };
        robot.interact(() -> {
            counter.start();
            tab.filledProperty().addListener((o, was, filled) -> {
                madeTimes.incrementAndGet();
                pulsesWhenMade.set(pulses.get());
            });
            tab.fillAfterNextFrame();
            assertNull(tab.lookup("#live"), "made at once");
        });
        waitUntil(() -> fx(() -> tab.filledProperty().get()), 10);
        robot.interact(counter::stop);

        assertTrue(pulsesWhenMade.get() >= 2, "made after " + pulsesWhenMade.get() + " pulses");
        assertEquals(1, madeTimes.get());
        assertTrue(fx(() -> tab.lookup("#live") instanceof LiveView && tab.lookup("#time-chart") != null));
    }

    @Test
    void whatARunReportedBeforeTheViewWasMadeIsShownInIt() throws Exception {
        show();
        List<PlanItem> items = LiveLoadCurveTest.presetItems();
        PlanItem peak = items.get(0);
        robot.interact(() -> tab.redraw(() -> {
            live.pointStarted(peak, peak.point().key());
            try {
                live.pointFinished(peak, LiveLoadCurveTest.result(peak, 100_000, null, 900), List.of());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            live.flush();
        }));
        assertNull(fx(() -> tab.lookup("#live")), "the view was made before it was asked for");

        robot.interact(tab::fillAfterNextFrame);
        waitUntil(() -> fx(() -> tab.filledProperty().get()), 10);

        LiveView view = fx(() -> (LiveView) tab.lookup("#live"));
        String name = peak.point().workload().name();
        assertSame(((LatencyUnderLoadCurves) live.workload(name)).latency(),
                fx(() -> view.shownCurveCharts().get(0).getXYPlot().getDataset(0)));
        String title = fx(() -> live.pointTitleProperty().get());
        assertNotEquals("No point running", title);
        assertEquals(title, fx(() -> view.timeChart().getTitle().getText()));
    }

    /** Before: only Compare had log scales; the live view's test file at 62K IOPS lay flat beside drives at 2.3M. */
    @Test
    void theLogScaleTheUserChoseIsTheLiveCurvesOneAndItsToggleIsTheSameSetting() throws Exception {
        logScale.set(true);  // as remembered, or ticked in Compare
        show();
        robot.interact(tab::fillAfterNextFrame);
        waitUntil(() -> fx(() -> tab.filledProperty().get()), 10);
        LiveView view = fx(() -> (LiveView) tab.lookup("#live"));
        XYPlot scaling = view.scalingChart().getXYPlot();
        assertTrue(fx(() -> scaling.getRangeAxis() instanceof LogAxis), "IOPS on a log scale");
        assertEquals("IOPS", fx(() -> scaling.getRangeAxis().getLabel()));
        assertTrue(fx(() -> ((CheckBox) tab.lookup("#live-log-scale")).isSelected()));
        List<JFreeChart> curves = fx(view::shownCurveCharts);
        assertTrue(fx(() -> curves.get(1).getXYPlot().getDomainAxis() instanceof LogAxis
                && curves.get(1).getXYPlot().getRangeAxis() instanceof LogAxis), "latency against IOPS, both log");

        robot.clickOn("#live-log-scale");
        assertEquals(false, fx(logScale::get), "the setting Compare and the window remember");
        assertTrue(fx(() -> scaling.getRangeAxis() instanceof NumberAxis
                && curves.get(1).getXYPlot().getRangeAxis() instanceof NumberAxis), "linear again");
        assertTrue(fx(() -> scaling.getDomainAxis() instanceof LogAxis), "IODepth stays on its base-2 axis");
        assertEquals("mean latency (µs)", fx(() -> curves.get(1).getXYPlot().getRangeAxis().getLabel()));
    }

    private void show() throws Exception {
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupSceneRoot(() -> {
            tab = new LiveTab(live, new ReferenceDrivesViewModel(new FxTasks(), () -> ReferenceCurves.NONE),
                    logScale);
            return tab;
        });
        FxToolkit.showStage();
    }
}
