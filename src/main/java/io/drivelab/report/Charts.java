package io.drivelab.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Stroke;
import java.text.DecimalFormat;
import java.util.List;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.StandardChartTheme;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.xy.XYDataItem;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The charts of the live view, the compare view and the reports, built the same way everywhere (JFreeChart, no
 * JavaFX, so that a report renders headless). A chart draws two datasets: the user's measurements (solid lines,
 * dataset 0) and reference drives (dashed, in their own colours, dataset 1).
 *
 * <p>JFreeChart is not thread-safe: a chart and its datasets belong to one thread (the UI thread for the live view,
 * the renderer's thread for a report, which builds its own datasets).
 */
public final class Charts {
    static final String FONT = "SansSerif";
    /** Measured lines (solid); none near the reference palette's teal and cyan, so a run never looks like a drive. */
    private static final Color[] MEASURED = {
            new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728),
            new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0xbcbd22)};
    private static final Color[] REFERENCE = {
            new Color(0x555555), new Color(0x00897b), new Color(0xad1457), new Color(0xb8860b),
            new Color(0x3949ab), new Color(0x6d4c41), new Color(0x7cb342), new Color(0x00acc1)};
    private static final Stroke SOLID = new BasicStroke(2f);
    private static final Stroke DASHED = new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
            new float[]{7f, 5f}, 0f);
    private static final Color RAMP = new Color(255, 200, 0, 50);
    /** A chart title's size, and the smallest it is made to fit a narrow chart ({@link #fitTitle}). */
    private static final int TITLE_PT = 15;
    private static final int SMALLEST_TITLE_PT = 11;
    private static final java.awt.font.FontRenderContext TEXT = new java.awt.font.FontRenderContext(null, true, true);
    private static final StandardChartTheme THEME = theme();

    private Charts() {
    }

    /** Throughput against IODepth (a base-2 log axis: 1, 2, 4 … 256), one line per NumJobs. */
    public static JFreeChart scaling(String title, Throughput unit, XYSeriesCollection measured,
                                     XYSeriesCollection references) {
        return scaling(title, unit, measured, references, false);
    }

    /** {@link #scaling}, with throughput on a log scale when {@code log} (62K IOPS beside 2.3M stay readable). */
    public static JFreeChart scaling(String title, Throughput unit, XYSeriesCollection measured,
                                     XYSeriesCollection references, boolean log) {
        return chart(title, log2Axis("IODepth"), UnitAxes.throughput(unit, log), measured, references);
    }

    /** Mean latency against throughput: the "hockey stick" where latency rises once throughput stops rising. */
    public static JFreeChart latency(String title, Throughput unit, XYSeriesCollection measured,
                                     XYSeriesCollection references) {
        return latency(title, unit, measured, references, false);
    }

    /** {@link #latency}, with both axes on a log scale when {@code log}. */
    public static JFreeChart latency(String title, Throughput unit, XYSeriesCollection measured,
                                     XYSeriesCollection references, boolean log) {
        return chart(title, UnitAxes.throughput(unit, log), UnitAxes.latency("mean latency", log), measured,
                references);
    }

    /** {@code axis} as a figure's base-10 log axis: ticks at powers of ten, written out ("10,000", not "1E4"). */
    static LogAxis logAxis(LogAxis axis) {
        // Ticks at powers of ten only (1,000, 10,000 …), minor marks between: never "12,589.254".
        axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        axis.setMinorTickCount(9);
        axis.setMinorTickMarksVisible(true);
        java.text.NumberFormat format = java.text.NumberFormat.getNumberInstance();
        format.setMaximumFractionDigits(2);
        axis.setNumberFormatOverride(format);
        axis.setSmallestValue(0.01);
        return axis;
    }

    /**
     * The running point over time: throughput on the left axis (dataset 0), mean and p99 latency on the right
     * (dataset 1); the ramp, whose I/O does not count, is shaded ({@link #showRamp}).
     */
    public static JFreeChart timeSeries(String title, Throughput unit, XYSeriesCollection throughput,
                                        XYSeriesCollection latency) {
        NumberAxis time = new NumberAxis("seconds");
        time.setAutoRangeIncludesZero(true);
        ValueAxis left = UnitAxes.throughput(unit, false);
        JFreeChart chart = chart(title, time, left, throughput, null);
        XYPlot plot = chart.getXYPlot();
        ValueAxis right = UnitAxes.latency("latency", false);
        right.setLabelFont(left.getLabelFont());
        right.setTickLabelFont(left.getTickLabelFont());
        plot.setRangeAxis(1, right);
        plot.setDataset(1, latency);
        plot.mapDatasetToRangeAxis(1, 1);
        plot.setRenderer(1, new PaletteRenderer(new Color[]{new Color(0x2ca02c), new Color(0xd62728)}, SOLID,
                false, false));
        for (int i = 0; i < 2; i++) {
            PaletteRenderer renderer = (PaletteRenderer) plot.getRenderer(i);
            renderer.setMarksWhileRoom(true);
            // Bounds from each series' own minimum and maximum, not by reading every sample (of an hour's) each
            // time a line changes: no series of this chart is ever hidden.
            renderer.setDataBoundsIncludesVisibleSeriesOnly(false);
        }
        return chart;
    }

    /**
     * The title at the largest size from 15 down to 11 pt that fits on one line of a chart {@code width} px wide: the
     * live view's charts in a 1,440 px window wrapped "128K sequential write: latency against bandwidth" into two
     * lines, taken from their plots. Longer than that at 11 pt, it wraps.
     */
    public static void fitTitle(JFreeChart chart, double width) {
        org.jfree.chart.title.TextTitle title = chart.getTitle();
        if (title == null || width <= 0) {
            return;
        }
        double room = width - chart.getPadding().getLeft() - chart.getPadding().getRight()
                - title.getPadding().getLeft() - title.getPadding().getRight()
                - title.getMargin().getLeft() - title.getMargin().getRight() - 4;
        Font font = title.getFont();
        int size = TITLE_PT;
        while (size > SMALLEST_TITLE_PT
                && font.deriveFont((float) size).getStringBounds(title.getText(), TEXT).getWidth() > room) {
            size--;
        }
        if (font.getSize2D() != size) {
            title.setFont(font.deriveFont((float) size));
        }
    }

    /** Shades the ramp, 0 to {@code endSeconds}, of a {@link #timeSeries} chart; 0 removes the shading. */
    public static void showRamp(JFreeChart timeSeries, double endSeconds) {
        XYPlot plot = timeSeries.getXYPlot();
        plot.clearDomainMarkers();
        if (endSeconds > 0) {
            IntervalMarker ramp = new IntervalMarker(0, endSeconds, RAMP);
            ramp.setLabel("ramp");
            ramp.setLabelFont(new Font(FONT, Font.PLAIN, 11));
            ramp.setLabelAnchor(org.jfree.chart.ui.RectangleAnchor.TOP_LEFT);
            ramp.setLabelTextAnchor(org.jfree.chart.ui.TextAnchor.TOP_LEFT);
            ramp.setLabelOffset(new RectangleInsets(4, 4, 4, 4));
            plot.addDomainMarker(ramp, Layer.BACKGROUND);
        }
    }

    /** Changes the unit a chart's throughput axis shows (the live view reuses its charts from point to point). */
    public static void setThroughputAxis(JFreeChart chart, Throughput unit, boolean domain) {
        XYPlot plot = chart.getXYPlot();
        UnitAxes.setThroughput(domain ? plot.getDomainAxis() : plot.getRangeAxis(), unit);
    }

    /** Puts a chart's throughput and latency axes on log scales, or back on linear ones (the live view's toggle). */
    public static void setLogScale(JFreeChart chart, boolean log) {
        XYPlot plot = chart.getXYPlot();
        plot.setDomainAxis(UnitAxes.onScale(plot.getDomainAxis(), log));
        plot.setRangeAxis(UnitAxes.onScale(plot.getRangeAxis(), log));
    }

    /** A dataset of the curves, one series each, in their own order (latency curves are not sorted by x). */
    public static XYSeriesCollection collection(List<Curve> curves) {
        XYSeriesCollection collection = new XYSeriesCollection();
        seriesOf(curves).forEach(collection::addSeries);
        return collection;
    }

    /**
     * One series per curve, keyed by its label; a label that came before gets a number ("run 5, 1 job (2)"), as a
     * dataset refuses two series of one key.
     */
    public static List<XYSeries> seriesOf(List<Curve> curves) {
        List<XYSeries> all = new java.util.ArrayList<>();
        java.util.Set<String> keys = new java.util.HashSet<>();
        for (Curve curve : curves) {
            String key = curve.label();
            for (int n = 2; !keys.add(key); n++) {
                key = curve.label() + " (" + n + ")";
            }
            XYSeries series = series(key);
            for (Curve.XY xy : curve.points()) {
                add(series, xy);
            }
            all.add(series);
        }
        return all;
    }

    /**
     * A chart item with more to say than its figures: a point stopped or held up (drawn hollow, and its tip says so),
     * or a published figure whose tip names its review's section.
     */
    static final class NotedItem extends XYDataItem {
        private static final long serialVersionUID = 1L;
        private final boolean partial;
        private final String note;

        NotedItem(Curve.XY xy) {
            super(xy.x(), xy.y());
            this.partial = xy.partial();
            this.note = xy.note();
        }
    }

    /** Adds {@code xy} to {@code series} without telling it: a partial or noted point as a {@link NotedItem}. */
    public static void add(XYSeries series, Curve.XY xy) {
        if (xy.partial() || xy.note() != null) {
            series.add(new NotedItem(xy), false);
        } else {
            series.add(xy.x(), xy.y(), false);
        }
    }

    /** Whether the item is of a point stopped or held up. */
    static boolean isPartial(XYDataset dataset, int series, int item) {
        return noted(dataset, series, item) instanceof NotedItem noted && noted.partial;
    }

    private static XYDataItem noted(XYDataset dataset, int series, int item) {
        return dataset instanceof XYSeriesCollection c && series >= 0 && series < c.getSeriesCount() && item >= 0
                && item < c.getSeries(series).getItemCount() ? c.getSeries(series).getDataItem(item) : null;
    }

    /**
     * Draws with the plot's clip widened by {@code room} px around its data area: a mark at the edge drawn whole
     * (the plot clips what it draws to the area, and a point at the top of a short plot lost its upper half).
     */
    static void overTheEdge(java.awt.Graphics2D g2, java.awt.geom.Rectangle2D dataArea, double room, Runnable draw) {
        java.awt.Shape clip = g2.getClip();
        g2.setClip(new java.awt.geom.Rectangle2D.Double(dataArea.getX() - room, dataArea.getY() - room,
                dataArea.getWidth() + 2 * room, dataArea.getHeight() + 2 * room));
        try {
            draw.run();
        } finally {
            g2.setClip(clip);
        }
    }

    /** An empty series that keeps points in the order they come and allows equal x values. */
    public static XYSeries series(String label) {
        return new XYSeries(label, false, true);
    }

    /** A base-2 log axis over 1, 2, 4 …: IODepth, or gdsio's threads. */
    static LogAxis log2Axis(String label) {
        LogAxis axis = new LogAxis(label);
        axis.setBase(2);
        axis.setTickUnit(new NumberTickUnit(1));
        axis.setNumberFormatOverride(new DecimalFormat("0"));
        axis.setSmallestValue(0.5);
        return axis;
    }

    /**
     * A chart on any axes: measured curves solid (dataset 0), references dashed (dataset 1); {@code seriesWord} is
     * what a reference source's lines are in its one legend entry (" jobs" for NumJobs, null to list them as they
     * are).
     */
    static JFreeChart chart(String title, ValueAxis x, ValueAxis y, XYSeriesCollection measured,
                            XYSeriesCollection references, boolean jobs) {
        XYPlot plot = new XYPlot(measured, x, y, new PaletteRenderer(MEASURED, SOLID, true, false));
        if (references != null) {
            plot.setDataset(1, references);
            plot.setRenderer(1, new PaletteRenderer(REFERENCE, DASHED, true, true, jobs));
        }
        // Reference lines behind the measured ones.
        plot.setDatasetRenderingOrder(org.jfree.chart.plot.DatasetRenderingOrder.REVERSE);
        JFreeChart chart = new JFreeChart(title, new Font(FONT, Font.BOLD, TITLE_PT), plot, false);
        // Hovering a point says its workload, whose it is, its figures and where a published one comes from:
        // "4K random read · Kingston DC3000ME 7.68TB (its review), 16 jobs: IODepth 32, 1,950,000 IOPS; 4K random
        // read section". The workload is the title's (the live view changes it).
        org.jfree.chart.labels.XYToolTipGenerator tips = (dataset, series, item) -> {
            String shown = chart.getTitle() == null ? "" : chart.getTitle().getText();
            NotedItem noted = noted(dataset, series, item) instanceof NotedItem n ? n : null;
            return (shown.contains(": ") ? shown.substring(0, shown.indexOf(": ")) + " · " : "")
                    + dataset.getSeriesKey(series) + ": " + x.getLabel() + " "
                    + UnitAxes.figure(x, dataset.getXValue(series, item)) + ", "
                    + UnitAxes.shown(y, dataset.getYValue(series, item))
                    + (noted != null && noted.partial ? " (partial: stopped or held up)" : "")
                    + (noted == null || noted.note == null ? "" : "; " + noted.note);
        };
        for (int i = 0; i < plot.getRendererCount(); i++) {
            if (plot.getRenderer(i) != null) {
                plot.getRenderer(i).setDefaultToolTipGenerator(tips);
            }
        }
        LegendTitle legend = new WrappingLegend(plot);
        legend.setMargin(new RectangleInsets(1, 1, 1, 1));
        chart.addLegend(legend);
        THEME.apply(chart);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xdddddd));
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        plot.setOutlineVisible(false);
        plot.setAxisOffset(RectangleInsets.ZERO_INSETS);
        legend.setPosition(RectangleEdge.BOTTOM);
        legend.setFrame(org.jfree.chart.block.BlockBorder.NONE);
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        // Room for the last tick label of the x axis.
        chart.setPadding(new RectangleInsets(4, 4, 4, 18));
        return chart;
    }

    private static JFreeChart chart(String title, ValueAxis x, ValueAxis y, XYSeriesCollection measured,
                                    XYSeriesCollection references) {
        return chart(title, x, y, measured, references, true);
    }

    /** A dashed line in the measured palette (a run's own averages), by series like dataset 0. */
    static void addMeasuredDashed(JFreeChart chart, int index, XYSeriesCollection dataset) {
        XYPlot plot = chart.getXYPlot();
        plot.setDataset(index, dataset);
        plot.setRenderer(index, new PaletteRenderer(MEASURED, DASHED, false, false));
    }

    private static StandardChartTheme theme() {
        StandardChartTheme theme = new StandardChartTheme("DriveLab");
        theme.setExtraLargeFont(new Font(FONT, Font.BOLD, 15));
        theme.setLargeFont(new Font(FONT, Font.PLAIN, 13));
        theme.setRegularFont(new Font(FONT, Font.PLAIN, 12));
        theme.setSmallFont(new Font(FONT, Font.PLAIN, 11));
        theme.setChartBackgroundPaint(Color.WHITE);
        theme.setPlotBackgroundPaint(Color.WHITE);
        theme.setShadowVisible(false);
        return theme;
    }
}
