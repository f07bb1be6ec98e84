package io.drivelab.ui.run;

import io.drivelab.IntegrationTest;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.ui.common.FxTasks;
import io.drivelab.ui.references.ReferenceDrivesViewModel;
import io.drivelab.workload.PlanItem;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The live view on headless Monocle shows a latency-under-load workload's load curve, not the IODepth charts. */
@IntegrationTest
class LiveLoadCurveViewTest {
    private final FxRobot robot = new FxRobot();

    @AfterEach
    void closeStage() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void aLatencyUnderLoadWorkloadShowsLatencyAgainstAchievedIopsAndAchievedAgainstOffered() throws Exception {
        FxToolkit.registerPrimaryStage();
        LiveCharts live = new LiveCharts();
        LiveView[] view = new LiveView[1];
        FxToolkit.setupSceneRoot(() -> {
            view[0] = new LiveView(live, new ReferenceDrivesViewModel(new FxTasks(), () -> ReferenceCurves.NONE));
            return view[0];
        });
        FxToolkit.showStage();
        List<PlanItem> items = LiveLoadCurveTest.presetItems();
        PlanItem peak = items.get(0);
        String name = peak.point().workload().name();

        robot.interact(() -> view[0].redraw(() -> {
            live.pointStarted(peak, peak.point().key());
            try {
                live.pointFinished(peak, LiveLoadCurveTest.result(peak, 100_000, null, 900), List.of());
                live.pointFinished(items.get(1), LiveLoadCurveTest.result(items.get(1), 10_000, 10_000.0, 200),
                        List.of());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            live.flush();
        }));

        LatencyUnderLoadCurves curves = (LatencyUnderLoadCurves) live.workload(name);
        List<JFreeChart> shown = view[0].shownCurveCharts();
        assertEquals(name + ": latency from the scheduled time against achieved IOPS",
                shown.get(0).getTitle().getText());
        assertEquals(name + ": achieved against offered IOPS", shown.get(1).getTitle().getText());
        assertSame(curves.latency(), shown.get(0).getXYPlot().getDataset(0));
        assertSame(curves.achieved(), shown.get(1).getXYPlot().getDataset(0));
        assertSame(curves.fullyHeld(), shown.get(1).getXYPlot().getDataset(1));
        assertEquals("achieved IOPS", shown.get(0).getXYPlot().getDomainAxis().getLabel());
        assertTrue(view[0].scalingChart() != shown.get(0), "not the IODepth chart");
    }
}
