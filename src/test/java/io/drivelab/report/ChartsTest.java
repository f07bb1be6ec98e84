package io.drivelab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.entity.LegendItemEntity;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;

/** How the charts tell measurements and reference drives apart. */
class ChartsTest {

    private static List<String> legend(JFreeChart chart) {
        List<String> labels = new ArrayList<>();
        var items = chart.getXYPlot().getLegendItems();
        for (int i = 0; i < items.getItemCount(); i++) {
            labels.add(items.get(i).getLabel());
        }
        return labels;
    }

    @Test
    void aPointStoppedPartWayIsDrawnHollowAndItsTipSaysSo() {
        // a stopped point was drawn as any other in the live view, Compare and the report
        JFreeChart chart = Charts.scaling("x", Throughput.IOPS, Charts.collection(List.of(new Curve("", "1 job",
                List.of(new Curve.XY(1, 10), new Curve.XY(32, 90, true))))), null);
        XYPlot plot = chart.getXYPlot();
        var renderer = (org.jfree.chart.renderer.xy.XYLineAndShapeRenderer) plot.getRenderer(0);
        assertEquals(true, renderer.getItemShapeFilled(0, 0));
        assertEquals(false, renderer.getItemShapeFilled(0, 1), "hollow");
        var tips = renderer.getToolTipGenerator(0, 1);
        assertTrue(tips.generateToolTip(plot.getDataset(0), 0, 1).endsWith("(partial: stopped or held up)"));
        assertFalse(tips.generateToolTip(plot.getDataset(0), 0, 0).contains("partial"));
    }

    @Test
    void aReferenceDriveHasOneLegendEntryNamingItsNumjobs() {
        List<Curve> measured = List.of(new Curve("", "1 job", List.of(new Curve.XY(1, 10))),
                new Curve("", "2 jobs", List.of(new Curve.XY(1, 20))));
        List<Curve> references = List.of(
                new Curve("Kingston DC3000ME 7.68TB (its review)", "16 jobs", List.of(new Curve.XY(8, 90))),
                new Curve("Kingston DC3000ME 7.68TB (its review)", "8 jobs", List.of(new Curve.XY(16, 100))),
                new Curve("Micron 9550 PRO 7.68TB (Kingston DC3000ME review)", "1 job",
                        List.of(new Curve.XY(16, 80))));
        JFreeChart chart = Charts.scaling("4K random read", Throughput.IOPS, Charts.collection(measured),
                Charts.collection(references));
        assertEquals(List.of("1 job", "2 jobs", "Kingston DC3000ME 7.68TB (its review): 8, 16 jobs",
                "Micron 9550 PRO 7.68TB (Kingston DC3000ME review): 1 job"), legend(chart));
    }

    @Test
    void aLegendEntryWiderThanANarrowChartWrapsInsideItRatherThanBeingCut() {
        List<Curve> references = List.of(
                new Curve("Kingston DC3000ME 7.68TB (its RAID review (Ukrainian))", "16 jobs",
                        List.of(new Curve.XY(16, 900_000))),
                new Curve("Solidigm D7-PS1030 12.8TB (its review)", "8 jobs", List.of(new Curve.XY(16, 1_600_000))));
        JFreeChart chart = Charts.scaling("4K random write", Throughput.IOPS, Charts.collection(List.of()),
                Charts.collection(references));
        // the live view's chart beside another in a 1600 px window
        int width = 400;
        ChartRenderingInfo info = new ChartRenderingInfo();
        BufferedImage image = chart.createBufferedImage(width, 300, info);

        List<Rectangle2D> entries = new ArrayList<>();
        for (Object e : info.getEntityCollection().getEntities()) {
            if (e instanceof LegendItemEntity entry) {
                entries.add(entry.getArea().getBounds2D());
            }
        }
        assertEquals(2, entries.size());
        for (Rectangle2D entry : entries) {
            assertTrue(entry.getMaxX() <= image.getWidth(), "an entry ends at x " + entry.getMaxX() + " of "
                    + image.getWidth());
        }
        assertTrue(entries.get(0).getHeight() > 1.5 * entries.get(1).getHeight(),
                "the long entry takes two lines, the short one one: " + entries);
        assertEquals(List.of("Kingston DC3000ME 7.68TB (its RAID review (Ukrainian)): 16 jobs",
                "Solidigm D7-PS1030 12.8TB (its review): 8 jobs"), legend(chart), "the words stay as they were");
    }

    @Test
    void aPointAtThePlotsEdgeIsDrawnWhole() {
        // a point at the top of a short plot lost its upper half: the plot clips what it draws to its data area
        Curve run = new Curve("quick on /tmp/x.img", "1 job", List.of(new Curve.XY(1, 500), new Curve.XY(32, 1000)));
        JFreeChart chart = Charts.scaling("x", Throughput.IOPS, Charts.collection(List.of(run)), null);
        chart.getXYPlot().getRangeAxis().setRange(0, 1000);
        ChartRenderingInfo info = new ChartRenderingInfo();
        BufferedImage image = chart.createBufferedImage(400, 300, info);
        Rectangle2D area = info.getPlotInfo().getDataArea();
        XYPlot plot = chart.getXYPlot();
        int x = (int) Math.round(plot.getDomainAxis().valueToJava2D(32, area, plot.getDomainAxisEdge()));
        int y = (int) Math.round(plot.getRangeAxis().valueToJava2D(1000, area, plot.getRangeAxisEdge()));
        assertEquals(area.getMinY(), y, 1, "the point is on the plot's top edge");
        java.awt.Color mark = (java.awt.Color) ((PaletteRenderer) plot.getRenderer(0)).lookupSeriesPaint(0);
        java.awt.Color above = new java.awt.Color(image.getRGB(x, (int) area.getMinY() - 2));
        assertEquals(mark, above, "the mark's upper half, 2 px above the plot's edge");
    }

    @Test
    void aWideChartKeepsEachLegendEntryOnOneLine() {
        List<Curve> references = List.of(new Curve("Kingston DC3000ME 7.68TB (its RAID review (Ukrainian))",
                "16 jobs", List.of(new Curve.XY(16, 900_000))));
        JFreeChart chart = Charts.scaling("x", Throughput.IOPS, Charts.collection(List.of()),
                Charts.collection(references));
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.createBufferedImage(800, 300, info);
        for (Object e : info.getEntityCollection().getEntities()) {
            if (e instanceof LegendItemEntity entry) {
                assertTrue(entry.getArea().getBounds2D().getHeight() < 20, "one line: " + entry.getArea());
            }
        }
    }

    @Test
    void aSourcesLinesShareOneColourAndAreDashed() {
        List<Curve> references = List.of(
                new Curve("Drive A (its review)", "8 jobs", List.of(new Curve.XY(16, 100))),
                new Curve("Drive A (its review)", "16 jobs", List.of(new Curve.XY(8, 90))),
                new Curve("Drive B (its review)", "1 job", List.of(new Curve.XY(16, 80))));
        JFreeChart chart = Charts.scaling("x", Throughput.IOPS, Charts.collection(List.of()),
                Charts.collection(references));
        var renderer = (PaletteRenderer) chart.getXYPlot().getRenderer(1);
        assertEquals(renderer.lookupSeriesPaint(0), renderer.lookupSeriesPaint(1));
        assertEquals(false, renderer.lookupSeriesPaint(0).equals(renderer.lookupSeriesPaint(2)));
        float[] dash = ((java.awt.BasicStroke) renderer.lookupSeriesStroke(0)).getDashArray();
        assertEquals(2, dash.length);
    }

    private static java.awt.Paint colourOf(String source, List<String> sources) {
        List<Curve> curves = sources.stream().map(name -> new Curve(name, "1 job", List.of(new Curve.XY(1, 10))))
                .toList();
        JFreeChart chart = Charts.scaling("x", Throughput.IOPS, Charts.collection(curves), null);
        var renderer = (PaletteRenderer) chart.getXYPlot().getRenderer(0);
        return renderer.lookupSeriesPaint(sources.indexOf(source));
    }

    @Test
    void aRunKeepsItsColourWhateverIsDrawnBesideIt() {
        String solidigm = "Solidigm PS1030";
        java.awt.Paint alone = colourOf(solidigm, List.of(solidigm));
        assertEquals(alone, colourOf(solidigm, List.of("quick on /dev/nvme0n1", solidigm)));
        assertEquals(alone, colourOf(solidigm, List.of(solidigm, "Kingston DC3000ME", "quick on /tmp/x.img")));
        assertEquals(false, alone.equals(colourOf("Kingston DC3000ME", List.of(solidigm, "Kingston DC3000ME"))));
    }

    @Test
    void onALogScaleThroughputAndLatencyAxesAreLogarithmic() {
        var empty = Charts.collection(List.of());
        assertEquals(true, Charts.scaling("x", Throughput.IOPS, empty, empty, true).getXYPlot().getRangeAxis()
                instanceof org.jfree.chart.axis.LogAxis);
        var latency = Charts.latency("x", Throughput.IOPS, empty, empty, true).getXYPlot();
        assertEquals(true, latency.getDomainAxis() instanceof org.jfree.chart.axis.LogAxis);
        assertEquals(true, latency.getRangeAxis() instanceof org.jfree.chart.axis.LogAxis);
        assertEquals(false, Charts.scaling("x", Throughput.IOPS, empty, empty).getXYPlot().getRangeAxis()
                instanceof org.jfree.chart.axis.LogAxis);
        // A decade and a bit of data is labelled at its powers of ten, whole numbers only.
        List<Curve> measured = List.of(new Curve("run", "1 job", List.of(new Curve.XY(1, 1995), new Curve.XY(8,
                12_589))));
        java.util.Locale before = java.util.Locale.getDefault();
        java.util.Locale.setDefault(java.util.Locale.US);
        JFreeChart chart;
        try {
            chart = Charts.scaling("x", Throughput.IOPS, Charts.collection(measured), empty, true);
        } finally {
            java.util.Locale.setDefault(before);
        }
        java.awt.image.BufferedImage image = chart.createBufferedImage(600, 400);
        var axis = (org.jfree.chart.axis.LogAxis) chart.getXYPlot().getRangeAxis();
        var ticks = axis.refreshTicks(image.createGraphics(), new org.jfree.chart.axis.AxisState(),
                new java.awt.geom.Rectangle2D.Double(0, 0, 500, 300), org.jfree.chart.ui.RectangleEdge.LEFT);
        List<String> labels = new java.util.ArrayList<>();
        for (Object tick : ticks) {
            var t = (org.jfree.chart.axis.ValueTick) tick;
            if (t.getTickType() == org.jfree.chart.axis.TickType.MAJOR) {
                labels.add(axis.getNumberFormatOverride().format(t.getValue()));
            }
        }
        assertEquals(List.of("10,000"), labels);
    }

    @Test
    void hoveringAPointNamesItsSourceAndFigures() {
        java.util.Locale before = java.util.Locale.getDefault();
        java.util.Locale.setDefault(java.util.Locale.US);
        try {
            List<Curve> references = List.of(new Curve("Kingston DC3000ME 7.68TB (its review)", "16 jobs",
                    List.of(new Curve.XY(32, 1_950_000))));
            JFreeChart chart = Charts.scaling("4K random read", Throughput.IOPS, Charts.collection(List.of()),
                    Charts.collection(references));
            var plot = chart.getXYPlot();
            assertEquals("Kingston DC3000ME 7.68TB (its review), 16 jobs: IODepth 32, 1,950,000 IOPS",
                    plot.getRenderer(1).getDefaultToolTipGenerator().generateToolTip(plot.getDataset(1), 0, 0));
        } finally {
            java.util.Locale.setDefault(before);
        }
    }

    @Test
    void aRunningPointsSamplesLoseTheirMarksOnceTooManyToTellApartAndStillNameThemselvesOnHover() {
        // an hour's samples were a band of overlapping marks, most of the live chart's drawing time
        JFreeChart few = timeChart(40);
        JFreeChart many = timeChart(2_000);
        for (JFreeChart chart : List.of(few, many)) {
            chart.draw(new BufferedImage(800, 400, BufferedImage.TYPE_INT_ARGB).createGraphics(),
                    new Rectangle2D.Double(0, 0, 800, 400), new ChartRenderingInfo());
        }
        var renderer = (org.jfree.chart.renderer.xy.XYLineAndShapeRenderer) few.getXYPlot().getRenderer(0);
        assertTrue(renderer.getItemShapeVisible(0, 0), "40 samples across 800 px keep their marks");
        renderer = (org.jfree.chart.renderer.xy.XYLineAndShapeRenderer) many.getXYPlot().getRenderer(0);
        assertFalse(renderer.getItemShapeVisible(0, 0), "2,000 samples across 800 px are drawn as a line");

        ChartRenderingInfo info = new ChartRenderingInfo();
        many.draw(new BufferedImage(800, 400, BufferedImage.TYPE_INT_ARGB).createGraphics(),
                new Rectangle2D.Double(0, 0, 800, 400), info);
        long named = info.getEntityCollection().getEntities().stream()
                .filter(e -> e instanceof org.jfree.chart.entity.XYItemEntity).count();
        assertEquals(2_000, named, "every sample still has its tip");
    }

    @Test
    void aTitleTooLongForANarrowChartIsMadeSmallerToStayOnOneLineAndGrowsBackWhenThereIsRoom() {
        // the live view's charts in a 1,440 px window wrapped this title into two lines
        JFreeChart chart = Charts.latency("128K sequential write: latency against bandwidth", Throughput.MB_S,
                Charts.collection(List.of()), null);
        Charts.fitTitle(chart, 390);
        float narrow = chart.getTitle().getFont().getSize2D();
        assertTrue(narrow < 15, "still " + narrow + " pt");
        var text = new java.awt.font.FontRenderContext(null, true, true);
        assertTrue(chart.getTitle().getFont().getStringBounds(chart.getTitle().getText(), text).getWidth() < 390 - 22);

        Charts.fitTitle(chart, 900);
        assertEquals(15, chart.getTitle().getFont().getSize2D());
        chart.setTitle("A workload with a name no chart 200 px wide can hold on one line at any size");
        Charts.fitTitle(chart, 200);
        assertEquals(11, chart.getTitle().getFont().getSize2D(), "at its smallest, it wraps");
    }

    private static JFreeChart timeChart(int samples) {
        org.jfree.data.xy.XYSeries throughput = Charts.series("IOPS");
        for (int i = 0; i < samples; i++) {
            throughput.add(i / 10.0, 1000 + i % 7);
        }
        return Charts.timeSeries("4K random read QD1/1", Throughput.IOPS,
                new org.jfree.data.xy.XYSeriesCollection(throughput), new org.jfree.data.xy.XYSeriesCollection());
    }
}
