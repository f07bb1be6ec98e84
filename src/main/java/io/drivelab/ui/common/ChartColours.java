package io.drivelab.ui.common;

import java.awt.Color;
import java.awt.Paint;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.title.Title;

/**
 * A chart's background, grid and text in the window's theme. The series keep their colours: one per run or drive
 * everywhere, in either theme.
 */
public final class ChartColours {
    /** The report's light colours (report.Charts), so switching back restores what was drawn. */
    private static final Colours LIGHT = new Colours(Color.WHITE, Color.WHITE, new Color(0xdddddd),
            new Color(0x333333), Color.DARK_GRAY, Color.GRAY);
    /** Dark greys with light text, as the controls of the dark theme. */
    private static final Colours DARK = new Colours(new Color(0x2b2d30), new Color(0x1e1f22), new Color(0x43464c),
            new Color(0xdfe1e5), new Color(0xbcc0c6), new Color(0x6f737a));

    private ChartColours() {
    }

    private record Colours(Paint chart, Paint plot, Paint grid, Paint title, Paint text, Paint axisLine) {
    }

    public static void apply(JFreeChart chart, boolean dark) {
        // Every colour set is a change the chart's canvas redraws at once: one redraw for them all, at the end.
        boolean notify = chart.isNotify();
        chart.setNotify(false);
        try {
            paint(chart, dark ? DARK : LIGHT);
        } finally {
            chart.setNotify(notify);
        }
    }

    private static void paint(JFreeChart chart, Colours c) {
        chart.setBackgroundPaint(c.chart());
        if (chart.getTitle() != null) {
            chart.getTitle().setPaint(c.title());
        }
        for (int i = 0; i < chart.getSubtitleCount(); i++) {
            Title title = chart.getSubtitle(i);
            if (title instanceof LegendTitle legend) {
                legend.setBackgroundPaint(c.chart());
                legend.setItemPaint(c.text());
            } else if (title instanceof TextTitle text) {
                text.setPaint(c.text());
            }
        }
        plot(chart.getPlot(), c);
    }

    private static void plot(Plot plot, Colours c) {
        plot.setBackgroundPaint(c.plot());
        if (plot instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(c.grid());
            xy.setRangeGridlinePaint(c.grid());
            for (int i = 0; i < xy.getDomainAxisCount(); i++) {
                axis(xy.getDomainAxis(i), c);
            }
            for (int i = 0; i < xy.getRangeAxisCount(); i++) {
                axis(xy.getRangeAxis(i), c);
            }
            if (xy instanceof CombinedDomainXYPlot combined) {
                for (XYPlot sub : combined.getSubplots()) {
                    plot(sub, c);
                }
            }
        }
    }

    private static void axis(Axis axis, Colours c) {
        if (axis != null) {
            axis.setLabelPaint(c.text());
            axis.setTickLabelPaint(c.text());
            axis.setAxisLinePaint(c.axisLine());
            axis.setTickMarkPaint(c.axisLine());
        }
    }
}
