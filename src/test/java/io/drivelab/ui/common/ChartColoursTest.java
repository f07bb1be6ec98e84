package io.drivelab.ui.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

/** The theme's colours on a chart. */
class ChartColoursTest {

    /** The window's canvas redraws a chart at each change it hears of: a theme was fifteen redraws per chart. */
    @Test
    void aThemeIsOneChangeOfTheChartSoItsCanvasRedrawsOnce() {
        XYSeries series = new XYSeries("run 1");
        series.add(1, 100);
        JFreeChart chart = ChartFactory.createXYLineChart("IOPS", "QD", "IOPS", new XYSeriesCollection(series));
        AtomicInteger changes = new AtomicInteger();
        chart.addChangeListener(e -> changes.incrementAndGet());
        java.awt.Paint light = chart.getXYPlot().getBackgroundPaint();

        ChartColours.apply(chart, true);

        assertEquals(1, changes.get(), "changes the chart's listeners heard");
        XYPlot plot = chart.getXYPlot();
        assertNotEquals(light, plot.getBackgroundPaint(), "the dark plot background");
        assertEquals(plot.getDomainAxis().getLabelPaint(), plot.getRangeAxis().getTickLabelPaint());
        assertTrue(chart.isNotify(), "the chart tells its listeners of changes again");
    }
}
