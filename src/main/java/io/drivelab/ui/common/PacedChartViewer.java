package io.drivelab.ui.common;

import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.Set;

import io.drivelab.report.Charts;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.image.ImageView;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.event.ChartChangeListener;
import org.jfree.chart.fx.ChartCanvas;
import org.jfree.chart.fx.ChartViewer;

/**
 * A chart viewer whose canvas draws at the next pulse after its chart changes, not at every change: JFreeChart-FX's
 * canvas redraws the whole chart on the UI thread for each change it hears of, so a point's end (its series, the
 * percentiles, the curves of several charts) held the UI thread for all of those draws at once. Changes in one pulse
 * make one draw, and the charts changed are drawn one per pulse, so the window keeps answering in between; each is
 * copied just after its pulse and drawn off the UI thread ({@link BackgroundChartDrawing}), then shown in a picture
 * over the canvas.
 */
final class PacedChartViewer extends ChartViewer {
    /** Viewers to draw, in the order their charts changed; touched on the UI thread only. */
    private static final Set<PacedChartViewer> WAITING = new LinkedHashSet<>();
    private static AnimationTimer drawer;

    private final ChartChangeListener paced = e -> drawSoon(this);
    /** The background drawing, over the canvas (which still takes the mouse), under the zoom rectangle. */
    private final ImageView picture = new ImageView();
    private String fittedTitle;
    private double fittedWidth;

    PacedChartViewer(JFreeChart chart) {
        super(chart);
        ChartCanvas canvas = getCanvas();
        picture.setManaged(false);
        picture.setMouseTransparent(true);
        picture.setVisible(false);
        // pixel for pixel (the drawing is made at the window's output scale): no filtering to paint in software
        picture.setSmooth(false);
        picture.layoutXProperty().bind(canvas.layoutXProperty());
        picture.layoutYProperty().bind(canvas.layoutYProperty());
        getChildren().add(getChildren().indexOf(canvas) + 1, picture);
        // JFreeChart-FX draws the canvas itself at once when its size changes (its own listeners come first)
        canvas.widthProperty().addListener(o -> {
            BackgroundChartDrawing.canvasDrewItself(canvas);
            fitTitle();
        });
        canvas.heightProperty().addListener(o -> BackgroundChartDrawing.canvasDrewItself(canvas));
        pace(chart);
    }

    @Override
    public void setChart(JFreeChart chart) {
        JFreeChart old = getChart();
        if (old != null) {
            old.removeChangeListener(paced);
        }
        super.setChart(chart);
        fittedTitle = null;
        pace(chart);
    }

    /**
     * The title on one line where a smaller size lets it ({@link Charts#fitTitle}), measured again only when the
     * title or the width changed (the live chart changes ten times a second); a new size redraws.
     */
    private void fitTitle() {
        JFreeChart chart = getChart();
        String title = chart == null || chart.getTitle() == null ? null : chart.getTitle().getText();
        double width = getCanvas().getWidth();
        if (title != null && (!title.equals(fittedTitle) || width != fittedWidth)) {
            fittedTitle = title;
            fittedWidth = width;
            Charts.fitTitle(chart, width);
        }
    }

    /** Styled and looked up as every chart viewer ("ChartViewer"), not by this class's name. */
    @Override
    public String getTypeSelector() {
        return ChartViewer.class.getSimpleName();
    }

    /** The canvas hears of the chart's changes through this viewer's pacing instead of directly. */
    private void pace(JFreeChart chart) {
        chart.removeChangeListener(getCanvas());
        chart.addChangeListener(paced);
    }

    private static void drawSoon(PacedChartViewer viewer) {
        if (!Platform.isFxApplicationThread()) {
            Platform.runLater(() -> drawSoon(viewer));
            return;
        }
        viewer.fitTitle();  // a new title (the live view's next workload) sized before it is drawn
        WAITING.add(viewer);
        if (drawer == null) {
            drawer = new AnimationTimer() {
                @Override
                public void handle(long now) {
                    Iterator<PacedChartViewer> next = WAITING.iterator();
                    if (!next.hasNext()) {
                        stop();
                        return;
                    }
                    PacedChartViewer first = next.next();
                    next.remove();
                    // the chart copied once this pulse is done, not in it: the copy (0.5-2 ms) would delay this
                    // frame's layout and painting, as the run's drain did (FxTasks.repeatBetweenFrames)
                    Platform.runLater(() -> BackgroundChartDrawing.draw(first.getCanvas(), first.picture));
                }
            };
        }
        drawer.start();
    }
}
