package io.drivelab.ui.run;

import io.drivelab.IntegrationTest;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.report.ThermalCharts;
import io.drivelab.store.Store;
import io.drivelab.telemetry.HotRun;
import io.drivelab.telemetry.ReadThrottle;
import io.drivelab.telemetry.Throttling;
import io.drivelab.ui.common.FxTasks;
import io.drivelab.ui.references.ReferenceDrivesViewModel;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.util.Duration;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The live view on headless Monocle during a real run whose drive heats past its warning threshold while its
 * throughput falls (a saved NVMe sysfs tree, the kernel's block throttle): the time chart draws the temperature
 * on its second axis with the warning line, and marks the throttling.
 */
@IntegrationTest
class LiveThrottlingTest {
    private final FxRobot robot = new FxRobot();

    @TempDir
    Path dir;

    @AfterEach
    void closeStage() throws Exception {
        FxToolkit.cleanupStages();
    }

    @Test
    void theTimeChartShowsTheTemperatureAndMarksThrottlingWhileTheRunGoes() throws Exception {
        Assumptions.assumeTrue(ReadThrottle.available(), "needs root and the blkio cgroup");
        FxToolkit.registerPrimaryStage();
        LiveFeed feed = new LiveFeed(null);
        LiveCharts live = new LiveCharts();
        LiveStatus status = new LiveStatus(live, new javafx.beans.property.SimpleObjectProperty<>());
        LiveView[] view = new LiveView[1];
        FxToolkit.setupSceneRoot(() -> {
            view[0] = new LiveView(live, new ReferenceDrivesViewModel(new FxTasks(), () -> ReferenceCurves.NONE));
            return view[0];
        });
        FxToolkit.showStage();
        // As the window does: the UI thread takes what the run reported four times a second.
        AtomicReference<IntervalMarker> seen = new AtomicReference<>();
        Timeline drain = new Timeline(new KeyFrame(Duration.millis(250), e -> {
            view[0].redraw(() -> {
                feed.drain().forEach(status::apply);
                live.flush();
            });
            ThermalCharts.throttlingMarker(view[0].timeChart()).ifPresent(m -> seen.compareAndSet(null, m));
        }));
        drain.setCycleCount(Animation.INDEFINITE);
        robot.interact(drain::play);
        try (Store store = Store.open(dir.resolve("drivelab.db")); HotRun hot = new HotRun(dir, feed)) {
            hot.run(store);
            WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !feed.pending());
        }
        robot.interact(drain::stop);
        Optional<IntervalMarker> markWhileRunning = Optional.ofNullable(seen.get());

        assertTrue(markWhileRunning.isPresent(), "the time chart marks the throttling");
        assertTrue(markWhileRunning.get().getStartValue() >= Throttling.START_INTERVALS,
                "after the point's start: " + markWhileRunning.get().getStartValue());
        Throttling.Mark mark = live.temperature().throttlingProperty().get();
        assertNotNull(mark);
        assertEquals(HotRun.HOT_CELSIUS, mark.hottestCelsius(), 1e-9);
        assertEquals(81.85, live.temperature().warningProperty().get(), 1e-9);
        XYPlot plot = view[0].timeChart().getXYPlot();
        assertEquals("°C", plot.getRangeAxis(2).getLabel());
        assertTrue(plot.getDataset(2).getItemCount(0) >= 7, "a reading a second");
        assertEquals(1, plot.getRangeMarkers(2, org.jfree.chart.ui.Layer.FOREGROUND).size(), "the warning line");
    }
}
