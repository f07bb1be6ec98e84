package io.drivelab.ui.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.drivelab.report.Charts;
import io.drivelab.report.Curve;
import io.drivelab.report.Throughput;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.block.Block;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

/** The copy of a chart drawn off the UI thread shares nothing the window goes on changing. */
class BackgroundChartDrawingTest {
    private static JFreeChart chart() {
        XYSeriesCollection measured = Charts.collection(List.of(new Curve("run 3", "1 job",
                List.of(new Curve.XY(1, 1000), new Curve.XY(32, 9000)))));
        XYSeriesCollection references = Charts.collection(List.of(new Curve("Kingston DC3000ME", "8 jobs",
                List.of(new Curve.XY(1, 2000), new Curve.XY(32, 90_000)))));
        return Charts.scaling("4K random read", Throughput.IOPS, measured, references);
    }

    @Test
    void theCopyHasDatasetsOfItsOwnAndTheOriginalsDoNotKeepItAlive() throws Exception {
        JFreeChart chart = chart();
        XYPlot original = chart.getXYPlot();

        JFreeChart copy = BackgroundChartDrawing.copyOf(chart);
        XYPlot plot = copy.getXYPlot();

        int[] copyHeard = {0};
        plot.addChangeListener(e -> copyHeard[0]++);
        int[] windowHeard = {0};
        chart.addChangeListener(e -> windowHeard[0]++);
        for (int i = 0; i < original.getDatasetCount(); i++) {
            assertNotSame(original.getDataset(i), plot.getDataset(i), "dataset " + i + " shared with the copy");
        }
        // what the window adds after the copy is not in it, and the copy does not hear of it
        ((XYSeriesCollection) original.getDataset(0)).getSeries(0).add(64, 12_000);
        ((XYSeriesCollection) original.getDataset(1)).getSeries(0).add(64, 100_000);
        assertEquals(2, plot.getDataset(0).getItemCount(0));
        assertEquals(0, copyHeard[0], "the copy still listens to the window's datasets");
        assertEquals(2, windowHeard[0], "the window's chart no longer hears of its datasets' changes");
    }

    @Test
    void theCopysLegendIsOfTheCopysPlotAndDoesNotFollowTheWindowsChanges() throws Exception {
        JFreeChart chart = chart();
        List<String> before = labels(chart);

        JFreeChart copy = BackgroundChartDrawing.copyOf(chart);
        // the window adds a reference line after the copy was made
        ((XYSeriesCollection) chart.getXYPlot().getDataset(1)).addSeries(Charts.collection(List.of(
                new Curve("Kingston DC3000ME", "16 jobs", List.of(new Curve.XY(1, 3000))))).getSeries(0));

        LegendTitle legend = copy.getLegend();
        assertSame(copy.getPlot(), legend.getSources()[0], "the copy's legend reads the window's plot");
        assertEquals(before, labels(copy));
        assertNotEquals(before, labels(chart), "the window's own legend did change");
    }

    /** Before: the copy's legend drew into the window's container of item blocks (CI, 2026-12-02). */
    @Test
    void drawingTheCopyLeavesTheWindowsLegendAsItWas() throws Exception {
        JFreeChart chart = chart();
        chart.createBufferedImage(600, 400);
        List<Block> drawn = List.copyOf(chart.getLegend().getItemContainer().getBlocks());

        JFreeChart copy = BackgroundChartDrawing.copyOf(chart);
        copy.createBufferedImage(600, 400);

        assertNotSame(chart.getLegend().getItemContainer(), copy.getLegend().getItemContainer());
        assertEquals(drawn, chart.getLegend().getItemContainer().getBlocks(), "the window's legend blocks replaced");
        assertEquals(drawn.size(), copy.getLegend().getItemContainer().getBlocks().size(), "the copy's legend drawn");
    }

    @Test
    void aPartialPointIsStillPartialInTheCopyAndTheCopysLinesKeepTheirOrder() throws Exception {
        XYSeriesCollection measured = Charts.collection(List.of(new Curve("run 3", "1 job",
                List.of(new Curve.XY(1, 1000), new Curve.XY(4, 3000), new Curve.XY(32, 9000, true)))));
        JFreeChart chart = Charts.scaling("4K random read", Throughput.IOPS, measured, null);

        XYPlot plot = BackgroundChartDrawing.copyOf(chart).getXYPlot();

        var dataset = plot.getDataset(0);
        assertEquals("run 3, 1 job", dataset.getSeriesKey(0));
        assertEquals(List.of(1.0, 4.0, 32.0), List.of(dataset.getXValue(0, 0), dataset.getXValue(0, 1),
                dataset.getXValue(0, 2)));
        var tips = plot.getRenderer(0).getDefaultToolTipGenerator();
        assertTrue(tips.generateToolTip(dataset, 0, 2).contains("(partial"), "the partial mark lost in the copy");
        assertFalse(tips.generateToolTip(dataset, 0, 1).contains("(partial"));
    }

    @Test
    void aSortedLineIsSortedInTheCopyAsItWasInJFreeChartsClone() {
        // the live view's matrix curves sort their points: their drawing looks its visible points up by x
        var sorted = new org.jfree.data.xy.XYSeries("run 3, 1 job", true, false);
        sorted.add(4, 3000);
        sorted.add(1, 1000);
        var original = new XYSeriesCollection(sorted);
        original.addSeries(Charts.series("IOPS"));

        XYSeriesCollection copy = BackgroundChartDrawing.copyOf(original);

        assertTrue(copy.getSeries(0).getAutoSort());
        assertFalse(copy.getSeries(0).getAllowDuplicateXValues());
        assertFalse(copy.getSeries(1).getAutoSort());
        original.removeSeries(1);
        assertEquals(org.jfree.data.DomainOrder.ASCENDING, BackgroundChartDrawing.copyOf(original).getDomainOrder());
    }

    private static List<String> labels(JFreeChart chart) {
        LegendItemCollection items = chart.getXYPlot().getLegendItems();
        return java.util.stream.IntStream.range(0, items.getItemCount()).mapToObj(i -> items.get(i).getLabel())
                .toList();
    }
}
