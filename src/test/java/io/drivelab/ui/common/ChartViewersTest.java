package io.drivelab.ui.common;

import io.drivelab.IntegrationTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.drivelab.report.Charts;
import io.drivelab.report.Curve;
import io.drivelab.report.Throughput;
import io.drivelab.ui.FxWait;
import javafx.event.Event;
import javafx.scene.Scene;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.image.PixelFormat;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.PickResult;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.data.Range;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** A chart in a scrolled page, on headless Monocle: the wheel scrolls the page, Ctrl+wheel zooms. */
@IntegrationTest
class ChartViewersTest {
    private JFreeChart chart;
    private ChartViewer viewer;
    private ScrollPane page;

    @BeforeEach
    void aChartInATallPage() throws Exception {
        FxToolkit.registerPrimaryStage();
        chart = Charts.scaling("4K random read", Throughput.IOPS, Charts.collection(List.of(new Curve("run", "1 job",
                List.of(new Curve.XY(1, 1000), new Curve.XY(4, 3000), new Curve.XY(32, 9000))))), null);
        FxToolkit.setupStage(stage -> {
            viewer = ChartViewers.of(chart);
            viewer.setPrefSize(400, 300);
            Region below = new Region();
            below.setPrefHeight(2000);
            page = new ScrollPane(new VBox(viewer, below));
            stage.setScene(new Scene(page, 500, 400));
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
    }

    private void wheel(boolean ctrl) {
        var canvas = viewer.getCanvas();
        ScrollEvent e = new ScrollEvent(ScrollEvent.SCROLL, 200, 150, 200, 150, false, ctrl, false, false, false,
                false, 0, -120, 0, -120, ScrollEvent.HorizontalTextScrollUnits.NONE, 0,
                ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, new PickResult(canvas, 200, 150));
        WaitForAsyncUtils.asyncFx(() -> Event.fireEvent(canvas, e.copyFor(canvas, canvas)));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private Range yRange() {
        return chart.getXYPlot().getRangeAxis().getRange();
    }

    /** JFreeChart-FX's canvas drew the whole chart on the UI thread at every change: a point's end was many draws. */
    @Test
    void changesInOnePulseAreDrawnOnceAtTheNextPulse() throws Exception {
        var canvas = viewer.getCanvas();
        int before = WaitForAsyncUtils.asyncFx(() -> BackgroundChartDrawing.shown(canvas)).get();
        int drawnDuringTheChanges = WaitForAsyncUtils.asyncFx(() -> {
            var series = ((XYSeriesCollection) chart.getXYPlot().getDataset()).getSeries(0);
            for (int i = 0; i < 10; i++) {
                series.add(64 + i, 10_000 + i);
            }
            return BackgroundChartDrawing.shown(canvas);
        }).get();
        assertEquals(before, drawnDuringTheChanges, "drawn at each of the 10 changes, on the UI thread");
        shownMoreThan(before);
        // a second's worth of pulses: no more drawings come of the one change
        Thread.sleep(1000);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before + 1, WaitForAsyncUtils.asyncFx(() -> BackgroundChartDrawing.shown(canvas)).get(),
                "the ten changes of one pulse drawn once");
    }

    /**
     * The chart is copied for its drawing once the pulse after its change is done, not inside it: the copy delayed
     * that frame's layout and painting (before 2026-12-03).
     */
    @Test
    void aChangedChartIsCopiedForItsDrawingBetweenFramesNotInAPulse() throws Exception {
        List<Boolean> copiedInAPulse = new CopyOnWriteArrayList<>();
        XYSeries watched = new XYSeries("watched");
        var canvas = viewer.getCanvas();
        int before = WaitForAsyncUtils.asyncFx(() -> {
            chart.getXYPlot().setDataset(1, new XYSeriesCollection(watched) {
                @Override
                public Object clone() throws CloneNotSupportedException {
                    copiedInAPulse.add(FxWait.insideAPulse());
                    return super.clone();
                }
            });
            return BackgroundChartDrawing.shown(canvas);
        }).get();
        WaitForAsyncUtils.asyncFx(() -> watched.add(8, 5000)).get();
        shownMoreThan(before);

        assertFalse(copiedInAPulse.isEmpty(), "the chart was drawn without its datasets copied");
        assertFalse(copiedInAPulse.contains(true), "copied inside a pulse: " + copiedInAPulse);
    }

    /**
     * A change is drawn off the UI thread (JFreeChart drew it there, and JavaFX's renderer drew it again: the
     * window's longest pauses in a run), and the canvas keeps that drawing's items: the new point has its tooltip.
     */
    @Test
    void aChangeIsDrawnOffTheUiThreadAndTheCanvasKnowsTheNewPoint() throws Exception {
        java.util.Set<String> threads = java.util.concurrent.ConcurrentHashMap.newKeySet();
        var canvas = viewer.getCanvas();
        int before = WaitForAsyncUtils.asyncFx(() -> {
            chart.getXYPlot().setRenderer(new ThreadNoting(threads));
            return BackgroundChartDrawing.shown(canvas);
        }).get();
        shownMoreThan(before);
        threads.clear();
        int next = WaitForAsyncUtils.asyncFx(() -> {
            ((XYSeriesCollection) chart.getXYPlot().getDataset()).getSeries(0).add(128, 20_000);
            return BackgroundChartDrawing.shown(canvas);
        }).get();
        shownMoreThan(next);

        assertEquals(java.util.Set.of("drivelab-chart-drawing"), threads, "the threads that drew the change");
        boolean known = WaitForAsyncUtils.asyncFx(() -> canvas.getRenderingInfo().getEntityCollection().getEntities()
                .stream().anyMatch(e -> e instanceof org.jfree.chart.entity.XYItemEntity item
                        && item.getDataset().getXValue(item.getSeriesIndex(), item.getItem()) == 128)).get();
        assertTrue(known, "the canvas's rendering info has no item for the new point (no tooltip, no click)");
    }

    /** A 1,440 px window's live charts wrapped their titles into two lines (2026-12-05). */
    @Test
    void aTitleTooLongForTheViewerIsDrawnSmallerOnOneLineAndItsSizeComesBackInAWiderOne() throws Exception {
        double width = WaitForAsyncUtils.asyncFx(() -> viewer.getCanvas().getWidth()).get();
        assertTrue(width < 450, "the viewer is " + width + " px wide");
        WaitForAsyncUtils.asyncFx(() -> chart.setTitle("128K sequential write: latency against bandwidth")).get();
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(chart.getTitle().getFont().getSize2D() < 15, "the title kept its 15 pt");

        WaitForAsyncUtils.asyncFx(() -> viewer.getScene().getWindow().setWidth(1000)).get();
        WaitForAsyncUtils.asyncFx(() -> viewer.setPrefWidth(900)).get();
        WaitForAsyncUtils.waitFor(5, java.util.concurrent.TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(() -> viewer.getCanvas().getWidth()).get() > 800);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(15, chart.getTitle().getFont().getSize2D(), "not grown back with room for it");
    }

    private void shownMoreThan(int before) throws java.util.concurrent.TimeoutException {
        var canvas = viewer.getCanvas();
        WaitForAsyncUtils.waitFor(10, java.util.concurrent.TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(() -> BackgroundChartDrawing.shown(canvas)).get() > before);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Notes the threads that draw its items (its copies too: a copy is of this class). */
    private static final class ThreadNoting extends org.jfree.chart.renderer.xy.XYLineAndShapeRenderer {
        private final transient java.util.Set<String> threads;

        ThreadNoting(java.util.Set<String> threads) {
            this.threads = threads;
        }

        @Override
        public void drawItem(java.awt.Graphics2D g2, org.jfree.chart.renderer.xy.XYItemRendererState state,
                             java.awt.geom.Rectangle2D dataArea, org.jfree.chart.plot.PlotRenderingInfo info,
                             org.jfree.chart.plot.XYPlot plot, org.jfree.chart.axis.ValueAxis domainAxis,
                             org.jfree.chart.axis.ValueAxis rangeAxis, org.jfree.data.xy.XYDataset dataset,
                             int series, int item, org.jfree.chart.plot.CrosshairState crosshairState, int pass) {
            threads.add(Thread.currentThread().getName());
            super.drawItem(g2, state, dataArea, info, plot, domainAxis, rangeAxis, dataset, series, item,
                    crosshairState, pass);
        }
    }

    /**
     * The drawing is shown as a picture of its own pixels (premultiplied ARGB ints, the software renderer's format)
     * laid over the canvas. Drawn into the canvas it was converted on the UI thread (a fifth of that thread's work in
     * a run, 2026-12-02) and again by the renderer, then blended twice. The canvas is not painted meanwhile but still
     * takes the mouse.
     */
    @Test
    void aDrawingIsShownAsAPictureOfItsOwnPixelsOverTheCanvasWhichStillTakesTheMouse() throws Exception {
        var canvas = viewer.getCanvas();
        addAndWaitForTheDrawing(64, 12_000);

        ImageView picture = picture();
        assertTrue(picture.isVisible(), "the drawing is not shown");
        assertEquals(0, canvas.getOpacity(), "the canvas is painted under the picture");
        Image image = picture.getImage();
        assertEquals(PixelFormat.Type.INT_ARGB_PRE, image.getPixelReader().getPixelFormat().getType());
        assertEquals(canvas.getWidth(), image.getWidth());
        assertEquals(canvas.getHeight(), image.getHeight());
        assertEquals(Color.WHITE, image.getPixelReader().getColor(2, 2), "the chart's background is not in it");
        assertEquals(canvas.getLayoutX(), picture.getLayoutX());
        FxRobot robot = new FxRobot();
        robot.moveTo(viewer);
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(canvas.isHover(), "the picture takes the mouse from the canvas");
    }

    /** JFreeChart-FX draws the canvas itself when its size changes: that drawing is shown until the next one. */
    @Test
    void aNewSizeShowsTheCanvasUntilTheNextDrawing() throws Exception {
        var canvas = viewer.getCanvas();
        addAndWaitForTheDrawing(64, 12_000);

        WaitForAsyncUtils.asyncFx(() -> viewer.setPrefSize(460, 300)).get();
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(460, canvas.getWidth());
        assertEquals(1, canvas.getOpacity(), "the canvas drawn at the new size is not shown");
        assertFalse(picture().isVisible(), "the picture of the old size is still shown");

        addAndWaitForTheDrawing(128, 15_000);
        assertTrue(picture().isVisible());
        assertEquals(460, picture().getImage().getWidth());
        assertEquals(0, canvas.getOpacity());
    }

    /** Adds a point to the chart and waits until the drawing of it is shown. */
    private void addAndWaitForTheDrawing(double x, double y) throws Exception {
        var canvas = viewer.getCanvas();
        int before = WaitForAsyncUtils.asyncFx(() -> {
            ((XYSeriesCollection) chart.getXYPlot().getDataset()).getSeries(0).add(x, y);
            return BackgroundChartDrawing.shown(canvas);
        }).get();
        shownMoreThan(before);
    }

    private ImageView picture() throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> viewer.getChildrenUnmodifiable().stream()
                .filter(n -> n instanceof ImageView).map(n -> (ImageView) n).findFirst().orElseThrow()).get();
    }

    @Test
    void theWheelScrollsThePageAndLeavesTheChartAlone() {
        Range before = yRange();
        wheel(false);
        assertEquals(before, yRange());
        assertTrue(page.getVvalue() > 0, "the page did not scroll");
    }

    @Test
    void ctrlWheelZoomsAndADoubleClickShowsEverythingAgain() {
        Range before = yRange();
        wheel(true);
        assertNotEquals(before, yRange());
        assertEquals(0, page.getVvalue());
        var canvas = viewer.getCanvas();
        MouseEvent click = new MouseEvent(MouseEvent.MOUSE_CLICKED, 200, 150, 200, 150, MouseButton.PRIMARY, 2,
                false, false, false, false, true, false, false, false, false, true, null);
        WaitForAsyncUtils.asyncFx(() -> Event.fireEvent(canvas, click.copyFor(canvas, canvas)));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before, yRange());
    }

    @Test
    void ctrlCOnAChartCopiesItsFiguresAsTabSeparatedTextWithAHeader() {
        FxRobot robot = new FxRobot();
        robot.interact(() -> Clipboard.getSystemClipboard().clear());
        robot.clickOn(viewer);
        robot.press(KeyCode.CONTROL, KeyCode.C).release(KeyCode.C, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        String[] lines = clipboard(robot).split("\n");
        assertEquals(4, lines.length, String.join("\n", lines));
        assertEquals("Series\tIODepth\tValue\tAxis", lines[0]);
        assertEquals("run, 1 job\t1\t1000\tIOPS", lines[1]);
        assertEquals("run, 1 job\t32\t9000\tIOPS", lines[3]);
    }

    @Test
    void theContextMenuCopiesTheChartsFigures() {
        FxRobot robot = new FxRobot();
        robot.interact(() -> Clipboard.getSystemClipboard().clear());
        MenuItem copy = viewer.getContextMenu().getItems().get(0);
        assertEquals("Copy figures", copy.getText());
        robot.interact(copy::fire);
        assertTrue(clipboard(robot).startsWith("Series\tIODepth\tValue\tAxis\nrun, 1 job\t1\t1000\t"),
                clipboard(robot));
    }

    private static String clipboard(FxRobot robot) {
        String[] text = new String[1];
        robot.interact(() -> text[0] = Clipboard.getSystemClipboard().getString());
        return text[0] == null ? "" : text[0];
    }
}
