package io.drivelab.ui.common;

import javafx.beans.property.BooleanProperty;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.fx.ChartCanvas;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.fx.interaction.MouseHandlerFX;
import org.jfree.chart.fx.interaction.ScrollHandlerFX;
import org.jfree.chart.plot.XYPlot;
import org.jfree.fx.FXHints;

/**
 * Charts on screen that zoom only when asked: the mouse wheel scrolls the page they are on, Ctrl+wheel or a drag
 * zooms, and a double-click (or {@link #resetZoom}) shows everything again; Ctrl+C copies their figures
 * ({@link ChartCopy}).
 */
public final class ChartViewers {
    /** JFreeChart-FX's id of the wheel handler every chart canvas has. */
    private static final String WHEEL = "scroll";

    private ChartViewers() {
    }

    /**
     * A viewer of {@code chart} that lets the wheel scroll the page, in the colours of the window it is shown in, and
     * draws its changes at the next pulse ({@link PacedChartViewer}).
     */
    public static ChartViewer of(JFreeChart chart) {
        // Text measured with Java2D's cached font metrics: JavaFX's (the canvas's default) make a Text node for
        // every label measured, most of a redraw's time on the UI thread. JFreeChart hands its hints to the canvas.
        chart.getRenderingHints().put(FXHints.KEY_USE_FX_FONT_METRICS, Boolean.FALSE);
        ChartViewer viewer = new PacedChartViewer(chart);
        viewer.sceneProperty().addListener((o, was, scene) -> {
            if (scene != null) {
                ChartColours.apply(chart, Theme.isShownDark(viewer));
            }
        });
        ChartCanvas canvas = viewer.getCanvas();
        MouseHandlerFX wheel = canvas.getMouseHandler(WHEEL);
        if (wheel != null) {
            canvas.removeAuxiliaryMouseHandler(wheel);
        }
        canvas.addAuxiliaryMouseHandler(new CtrlWheelZoom());
        canvas.addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.PRIMARY && e.getClickCount() == 2) {
                resetZoom(chart);
            }
        });
        ChartCopy.install(viewer);
        return viewer;
    }

    /** Back to the whole of the data on both axes. */
    public static void resetZoom(JFreeChart chart) {
        if (chart.getPlot() instanceof XYPlot plot) {
            plot.getDomainAxis().setAutoRange(true);
            for (int i = 0; i < plot.getRangeAxisCount(); i++) {
                if (plot.getRangeAxis(i) != null) {
                    plot.getRangeAxis(i).setAutoRange(true);
                }
            }
        }
    }

    /** The wheel zooms with Ctrl held; otherwise the event goes on to the scroll pane around the chart. */
    private static final class CtrlWheelZoom extends ScrollHandlerFX {
        CtrlWheelZoom() {
            super(WHEEL);
        }

        @Override
        public void handleScroll(ChartCanvas canvas, ScrollEvent e) {
            if (e.isControlDown() || e.isShortcutDown()) {
                super.handleScroll(canvas, e);
                e.consume();
            }
        }
    }

    /** The "Log scale" toggle of Compare and the live view, bound both ways to the one remembered setting. */
    public static CheckBox logScaleToggle(String id, BooleanProperty logScale) {
        CheckBox toggle = new CheckBox("Log scale");
        toggle.setId(id);
        toggle.setTooltip(new Tooltip("Throughput and latency on log scales: 62K IOPS and 2.3M both readable"));
        toggle.selectedProperty().bindBidirectional(logScale);
        return toggle;
    }
}
