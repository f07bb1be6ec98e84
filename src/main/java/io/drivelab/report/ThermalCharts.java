package io.drivelab.report;

import io.drivelab.telemetry.Throttling;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeriesCollection;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The drive's temperature on a time-series chart ({@link Charts#timeSeries}): °C on a second value axis, the warning
 * threshold as a line, and the thermal throttling mark (docs/telemetry.md) over the time it lasted.
 */
public final class ThermalCharts {
    public static final String THROTTLING = "thermal throttling";
    /** Throughput is dataset and axis 0, latency 1: temperature is 2. */
    private static final int INDEX = 2;
    private static final Color TEMPERATURE = new Color(0x9467bd);
    private static final Color THROTTLED = new Color(214, 39, 40, 60);

    private ThermalCharts() {
    }

    /** A THERMAL panel's chart: the point's throughput over time, the drive's temperature, the mark. */
    static JFreeChart timeSeries(Report.Panel panel) {
        JFreeChart chart = Charts.timeSeries(panel.scalingTitle(), panel.unit(), Charts.collection(panel.scaling()),
                new XYSeriesCollection());
        chart.getXYPlot().setDataset(1, null);  // a stored point keeps no latency over time: no empty axis
        chart.getXYPlot().setRangeAxis(1, null);
        addTemperature(chart, Charts.collection(panel.latency()));
        if (panel.thermal() != null) {
            showWarning(chart, panel.thermal().warningCelsius());
            markThrottling(chart, panel.thermal().throttling());
        }
        return chart;
    }

    /** Adds the temperature in °C, on an axis of its own at the right. */
    public static void addTemperature(JFreeChart timeSeries, XYSeriesCollection celsius) {
        XYPlot plot = timeSeries.getXYPlot();
        NumberAxis axis = new NumberAxis("°C");
        axis.setAutoRangeIncludesZero(false);
        axis.setLabelFont(plot.getRangeAxis().getLabelFont());
        axis.setTickLabelFont(plot.getRangeAxis().getTickLabelFont());
        plot.setRangeAxis(INDEX, axis);
        plot.setRangeAxisLocation(INDEX, AxisLocation.BOTTOM_OR_RIGHT);
        plot.setDataset(INDEX, celsius);
        plot.mapDatasetToRangeAxis(INDEX, INDEX);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        renderer.setSeriesPaint(0, TEMPERATURE);
        renderer.setSeriesStroke(0, new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f,
                new float[] {6f, 3f}, 0f));
        plot.setRenderer(INDEX, renderer);
    }

    /** Draws the drive's warning threshold on the °C axis; null removes it. */
    public static void showWarning(JFreeChart timeSeries, Double celsius) {
        XYPlot plot = timeSeries.getXYPlot();
        plot.clearRangeMarkers(INDEX);
        if (celsius != null) {
            ValueMarker warning = new ValueMarker(celsius, TEMPERATURE, new BasicStroke(1f));
            warning.setLabel(String.format(Locale.ROOT, "warning %.1f °C", celsius));
            warning.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
            warning.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
            plot.addRangeMarker(INDEX, warning, Layer.FOREGROUND);
        }
    }

    /** Marks where the point throttled, in seconds; null removes the mark. */
    public static void markThrottling(JFreeChart timeSeries, Throttling.Mark mark) {
        XYPlot plot = timeSeries.getXYPlot();
        throttlingMarker(timeSeries).ifPresent(m -> plot.removeDomainMarker(m, Layer.BACKGROUND));
        if (mark != null) {
            IntervalMarker throttled = new IntervalMarker(mark.fromMs() / 1000.0, mark.toMs() / 1000.0, THROTTLED);
            throttled.setLabel(THROTTLING);
            throttled.setLabelAnchor(RectangleAnchor.TOP);
            throttled.setLabelTextAnchor(TextAnchor.TOP_CENTER);
            plot.addDomainMarker(throttled, Layer.BACKGROUND);
        }
    }

    /** The throttling mark the chart shows, if any. */
    public static Optional<IntervalMarker> throttlingMarker(JFreeChart timeSeries) {
        Collection<?> markers = timeSeries.getXYPlot().getDomainMarkers(Layer.BACKGROUND);
        if (markers == null) {
            return Optional.empty();
        }
        return markers.stream().filter(m -> m instanceof IntervalMarker && THROTTLING.equals(((Marker) m).getLabel()))
                .map(m -> (IntervalMarker) m).findFirst();
    }
}
