package io.drivelab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.text.NumberFormat;
import java.util.List;
import java.util.Locale;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogTick;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

/**
 * Latency axes read in ms once they reach 10 ms, and MB/s in GB/s from 10,000 MB/s, as the tables do: the live chart's
 * axis said "14,000" under "latency (µs)" and Compare's "10,000" under "mean latency (µs)" for a test file's 4K
 * writes, and the reference drives' sequential reads "14,000" under "MB/s".
 */
class UnitAxesTest {
    private static final NumberFormat FIGURE =
            NumberFormat.getNumberInstance(Locale.getDefault(Locale.Category.FORMAT));

    private static JFreeChart latencyChart(double... meanUs) {
        List<Curve.XY> points = new java.util.ArrayList<>();
        for (int i = 0; i < meanUs.length; i++) {
            points.add(new Curve.XY(1000 * (i + 1), meanUs[i]));
        }
        JFreeChart chart = Charts.latency("4K random write", Throughput.IOPS,
                Charts.collection(List.of(new Curve("", "1 job", points))), null);
        chart.createBufferedImage(600, 400);  // drawn, as on screen: the axis takes its range
        return chart;
    }

    /** The tick labels the axis draws on the left of a chart's plot. */
    private static List<String> ticks(ValueAxis axis) {
        Graphics2D g2 = new BufferedImage(10, 10, BufferedImage.TYPE_INT_ARGB).createGraphics();
        try {
            List<?> ticks = axis.refreshTicks(g2, new AxisState(), new Rectangle2D.Double(50, 10, 500, 300),
                    RectangleEdge.LEFT);
            return ticks.stream().map(UnitAxesTest::text).filter(t -> t != null && !t.isEmpty()).toList();
        } finally {
            g2.dispose();
        }
    }

    /** A tick's text; a log axis's is an attributed string. */
    private static String text(Object tick) {
        if (tick instanceof LogTick log && log.getAttributedLabel() != null) {
            StringBuilder text = new StringBuilder();
            var characters = log.getAttributedLabel().getIterator();
            for (char c = characters.first(); c != java.text.CharacterIterator.DONE; c = characters.next()) {
                text.append(c);
            }
            return text.toString();
        }
        return ((ValueTick) tick).getText();
    }

    @Test
    void aLatencyAxisReachingTenMillisecondsReadsInMilliseconds() {
        ValueAxis axis = latencyChart(600, 4_000, 14_000).getXYPlot().getRangeAxis();
        assertEquals("mean latency (ms)", axis.getLabel());
        List<String> ticks = ticks(axis);
        assertTrue(ticks.contains(FIGURE.format(10)), "a tick at 10 ms reads 10: " + ticks);
        assertFalse(ticks.contains(FIGURE.format(10_000)), ticks.toString());
    }

    @Test
    void belowTenMillisecondsItStaysInMicroseconds() {
        ValueAxis axis = latencyChart(40, 300, 900).getXYPlot().getRangeAxis();
        assertEquals("mean latency (µs)", axis.getLabel());
        assertTrue(ticks(axis).contains(FIGURE.format(800)), ticks(axis).toString());
    }

    @Test
    void theLiveChartsAxisChangesUnitAsItsLatencyGrows() {
        XYSeries mean = Charts.series("mean latency");
        mean.add(0.5, 700);
        JFreeChart chart = Charts.timeSeries("x", Throughput.IOPS, new XYSeriesCollection(),
                new XYSeriesCollection(mean));
        chart.createBufferedImage(600, 400);
        ValueAxis latency = chart.getXYPlot().getRangeAxis(1);
        assertEquals("latency (µs)", latency.getLabel());
        mean.add(1.0, 14_000);
        chart.createBufferedImage(600, 400);
        assertEquals("latency (ms)", latency.getLabel());
        assertTrue(ticks(latency).contains(FIGURE.format(12)), ticks(latency).toString());
    }

    @Test
    void aLogLatencyAxisReadsInMillisecondsToo() {
        XYSeries p99 = Charts.series("p99.9");
        p99.add(10_000, 80);
        p99.add(50_000, 120_000);
        JFreeChart chart = LoadCurves.latencyChart("x", new XYSeriesCollection(p99));
        chart.createBufferedImage(600, 400);
        ValueAxis axis = chart.getXYPlot().getRangeAxis();
        assertEquals("latency from scheduled time (ms)", axis.getLabel());
        List<String> ticks = ticks(axis);
        assertTrue(ticks.containsAll(List.of(FIGURE.format(0.1), FIGURE.format(1), FIGURE.format(100))),
                ticks.toString());
    }

    @Test
    void aTooltipSaysTheFigureInTheUnitTheAxisReadsAndACopyKeepsMicroseconds() {
        JFreeChart chart = latencyChart(600, 14_000);
        var plot = chart.getXYPlot();
        String tip = plot.getRenderer(0).getToolTipGenerator(0, 1).generateToolTip(plot.getDataset(0), 0, 1);
        assertTrue(tip.endsWith(FIGURE.format(14) + " mean latency (ms)"), tip);
        assertEquals("mean latency (µs)", UnitAxes.figuresLabel(plot.getRangeAxis()));
        assertEquals("IOPS", UnitAxes.figuresLabel(plot.getDomainAxis()));
    }

    @Test
    void aThroughputAxisReachingTenThousandMegabytesASecondReadsInGigabytesASecond() {
        JFreeChart chart = Charts.scaling("128K sequential read", Throughput.MB_S, Charts.collection(List.of(
                new Curve("", "1 job", List.of(new Curve.XY(1, 900), new Curve.XY(32, 14_000))))), null);
        chart.createBufferedImage(600, 400);
        ValueAxis axis = chart.getXYPlot().getRangeAxis();
        assertEquals("GB/s", axis.getLabel());
        assertTrue(ticks(axis).contains(FIGURE.format(12)), ticks(axis).toString());
        assertEquals("MB/s", UnitAxes.figuresLabel(axis));
    }

    @Test
    void iopsStayIopsHoweverManyAndTheLiveChartsAxisFollowsTheWorkloadsUnit() {
        XYSeries figures = Charts.series("IOPS");
        figures.add(0.5, 1_600_000);
        JFreeChart chart = Charts.timeSeries("x", Throughput.IOPS, new XYSeriesCollection(figures),
                new XYSeriesCollection());
        chart.createBufferedImage(600, 400);
        ValueAxis left = chart.getXYPlot().getRangeAxis();
        assertEquals("IOPS", left.getLabel());
        assertTrue(ticks(left).contains(FIGURE.format(1_600_000)), ticks(left).toString());
        Charts.setThroughputAxis(chart, Throughput.MB_S, false);  // the next workload: 128K, in MB/s
        figures.clear();
        figures.add(0.5, 12_000);
        chart.createBufferedImage(600, 400);
        assertEquals("GB/s", left.getLabel());
        Charts.setThroughputAxis(chart, Throughput.IOPS, false);
        assertEquals("IOPS", left.getLabel());
    }

    @Test
    void aChartPutOnALogScaleKeepsItsUnitsFontsAndColoursAndComesBack() {
        JFreeChart chart = Charts.latency("128K sequential read", Throughput.MB_S, Charts.collection(List.of(
                new Curve("", "1 job", List.of(new Curve.XY(900, 60), new Curve.XY(14_000, 12_000))))), null);
        ValueAxis linear = chart.getXYPlot().getRangeAxis();
        linear.setTickLabelPaint(java.awt.Color.ORANGE);  // as the dark theme paints it
        Charts.setLogScale(chart, true);
        chart.createBufferedImage(600, 400);
        ValueAxis x = chart.getXYPlot().getDomainAxis();
        ValueAxis y = chart.getXYPlot().getRangeAxis();
        assertTrue(x instanceof org.jfree.chart.axis.LogAxis && y instanceof org.jfree.chart.axis.LogAxis);
        assertEquals("GB/s", x.getLabel());
        assertEquals("mean latency (ms)", y.getLabel());
        assertEquals(java.awt.Color.ORANGE, y.getTickLabelPaint());
        assertEquals(linear.getTickLabelFont(), y.getTickLabelFont());
        Charts.setLogScale(chart, true);
        assertTrue(y == chart.getXYPlot().getRangeAxis(), "already on a log scale: the same axis");
        Charts.setLogScale(chart, false);
        assertTrue(chart.getXYPlot().getRangeAxis() instanceof org.jfree.chart.axis.NumberAxis);
    }

    @Test
    void aLogAxisWhoseFiguresLieWithinOneDecadeStillHasTwoFiguresOnIt() {
        // reference drives alone before a run: 6,300-9,000 MB/s, no power of ten between
        JFreeChart chart = Charts.scaling("128K sequential write", Throughput.MB_S, Charts.collection(List.of(
                new Curve("", "1 job", List.of(new Curve.XY(16, 6_300), new Curve.XY(256, 9_000))))), null, true);
        chart.createBufferedImage(600, 400);
        List<String> ticks = ticks(chart.getXYPlot().getRangeAxis());
        assertTrue(ticks.containsAll(List.of(FIGURE.format(1), FIGURE.format(10))), ticks.toString());
        assertEquals("GB/s", chart.getXYPlot().getRangeAxis().getLabel(), "1,000 to 10,000 MB/s");

        JFreeChart wide = Charts.scaling("4K random read", Throughput.IOPS, Charts.collection(List.of(
                new Curve("", "1 job", List.of(new Curve.XY(1, 31_000), new Curve.XY(128, 2_400_000))))), null, true);
        wide.createBufferedImage(600, 400);
        ValueAxis axis = wide.getXYPlot().getRangeAxis();
        assertTrue(axis.getLowerBound() > 10_000 && axis.getUpperBound() < 10_000_000,
                "a range with a power of ten in it keeps its own bounds: " + axis.getRange());
    }
}
