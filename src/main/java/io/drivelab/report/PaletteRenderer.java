package io.drivelab.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.List;

import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYDataset;

/**
 * Colours by source and shapes by series: a line keeps its colour as others are added, a run or a reference
 * drive has one colour for all its NumJobs lines (told apart by their marks), and every line has the renderer's
 * stroke (solid for measurements, dashed for references). A series key is a {@link Curve#label()}: "2 jobs",
 * or "SOURCE, 2 jobs".
 */
final class PaletteRenderer extends XYLineAndShapeRenderer {
    private static final long serialVersionUID = 1L;
    private static final Shape[] SHAPES = {
            new Ellipse2D.Double(-3.5, -3.5, 7, 7), new Rectangle2D.Double(-3, -3, 6, 6), diamond(4.5),
            triangle(4.5), new Ellipse2D.Double(-2.5, -2.5, 5, 5)};
    /** The average room a line's points need between them for marks ({@link #setMarksWhileRoom}). */
    private static final int MARK_ROOM_PX = 8;
    private final Color[] palette;
    private final Stroke stroke;

    private final boolean onePerSource;
    private final boolean jobs;
    /** Whether a line's marks are left out once it has too many to tell apart (a running point's samples). */
    private boolean marksWhileRoom;
    /** Per series of the drawing going on: too many points for marks. */
    private java.util.BitSet crowded = new java.util.BitSet();

    /**
     * @param onePerSource one legend entry per source, naming its NumJobs ("Kingston DC3000ME 7.68TB
     *                     (Kingston DC3000ME review): 8, 16 jobs"): reference drives would fill a chart with
     *                     their legend otherwise
     */
    PaletteRenderer(Color[] palette, Stroke stroke, boolean shapes, boolean onePerSource) {
        this(palette, stroke, shapes, onePerSource, true);
    }

    /** @param jobs whether a source's lines are NumJobs ("8, 16 jobs") or named as they are ("1M read, 16K read") */
    PaletteRenderer(Color[] palette, Stroke stroke, boolean shapes, boolean onePerSource, boolean jobs) {
        super(true, shapes);
        this.jobs = jobs;
        this.palette = palette.clone();
        this.stroke = stroke;
        this.onePerSource = onePerSource;
        setAutoPopulateSeriesPaint(false);
        setAutoPopulateSeriesStroke(false);
        setAutoPopulateSeriesShape(false);
        setDrawSeriesLineAsPath(true);
        if (onePerSource) {
            // from the dataset it is given, not this renderer's plot: a copy of the chart drawn elsewhere has its
            // own datasets, and the generator goes with the copy
            setLegendItemLabelGenerator((dataset, series) -> legendLabel(keysOf(dataset), series));
        }
    }

    /**
     * Marks a line's points only while they lie {@value #MARK_ROOM_PX} px apart on average: an hour's samples are a
     * band of overlapping marks otherwise, drawn each time the chart is (most of its drawing). Hovering a point
     * still names it.
     */
    void setMarksWhileRoom(boolean marksWhileRoom) {
        this.marksWhileRoom = marksWhileRoom;
    }

    @Override
    public XYItemRendererState initialise(Graphics2D g2, Rectangle2D dataArea, XYPlot plot, XYDataset dataset,
                                          PlotRenderingInfo info) {
        java.util.BitSet now = new java.util.BitSet();
        for (int s = 0; marksWhileRoom && dataset != null && s < dataset.getSeriesCount(); s++) {
            now.set(s, dataset.getItemCount(s) * MARK_ROOM_PX > dataArea.getWidth());
        }
        crowded = now;
        return super.initialise(g2, dataArea, plot, dataset, info);
    }

    @Override
    public boolean getItemShapeVisible(int series, int item) {
        return !(marksWhileRoom && crowded.get(series)) && super.getItemShapeVisible(series, item);
    }

    @Override
    public boolean isSeriesVisibleInLegend(int series) {
        if (!onePerSource) {
            return super.isSeriesVisibleInLegend(series);
        }
        List<String> keys = keys();
        if (series >= keys.size()) {
            return true;
        }
        String source = source(keys.get(series));
        return keys.subList(0, series).stream().noneMatch(k -> source(k).equals(source));
    }

    private String legendLabel(List<String> keys, int series) {
        if (series >= keys.size()) {
            return "";
        }
        String source = source(keys.get(series));
        if (!this.jobs) {
            List<String> lines = keys.stream().filter(k -> source(k).equals(source) && !k.equals(source))
                    .map(k -> k.substring(source.length() + 2)).toList();
            return lines.isEmpty() ? source : source + ": " + String.join(", ", lines);
        }
        List<String> jobs = keys.stream().filter(k -> source(k).equals(source) && !k.equals(source))
                .map(k -> k.substring(source.length() + 2).replace(" jobs", "").replace(" job", ""))
                .sorted(java.util.Comparator.comparingInt(j -> j.chars().allMatch(Character::isDigit)
                        ? Integer.parseInt(j) : Integer.MAX_VALUE)).toList();
        return jobs.isEmpty() ? source : source + ": " + String.join(", ", jobs)
                + (jobs.size() == 1 && jobs.get(0).equals("1") ? " job" : " jobs");
    }

    @Override
    public Paint lookupSeriesPaint(int series) {
        List<String> keys = keys();
        if (series >= keys.size()) {
            return palette[series % palette.length];
        }
        return colourOf(source(keys.get(series)), keys.stream().map(PaletteRenderer::source).distinct().toList(),
                palette);
    }

    /**
     * A source's colour by its name, the same in every chart it is in (live, Compare, report): the palette's
     * colour its name hashes to, or the next one no source before it in this chart has taken.
     */
    static Color colourOf(String source, List<String> sources, Color[] palette) {
        java.util.Set<Integer> taken = new java.util.HashSet<>();
        for (String s : sources) {
            int slot = Math.floorMod(s.hashCode(), palette.length);
            for (int i = 0; i < palette.length && taken.contains(slot); i++) {
                slot = (slot + 1) % palette.length;
            }
            taken.add(slot);
            if (s.equals(source)) {
                return palette[slot];
            }
        }
        return palette[Math.floorMod(source.hashCode(), palette.length)];
    }

    @Override
    public Stroke lookupSeriesStroke(int series) {
        return stroke;
    }

    @Override
    public Shape lookupSeriesShape(int series) {
        List<String> keys = keys();
        if (series >= keys.size()) {
            return SHAPES[0];
        }
        String source = source(keys.get(series));
        long before = keys.subList(0, series).stream().filter(k -> source(k).equals(source)).count();
        return source.equals(keys.get(series)) ? SHAPES[0] : SHAPES[(int) (before % SHAPES.length)];
    }

    /**
     * A point's mark is drawn whole at the plot's edge: the plot clips what it draws to its data area, and a point at
     * the top of a short plot lost its upper half (the axis' 5 % margin is 4 px of 80). Lines stay within the area.
     */
    @Override
    public void drawItem(Graphics2D g2, XYItemRendererState state, Rectangle2D dataArea, PlotRenderingInfo info,
                         XYPlot plot, ValueAxis domainAxis, ValueAxis rangeAxis, XYDataset dataset, int series,
                         int item, CrosshairState crosshair, int pass) {
        if (!isItemPass(pass)) {
            super.drawItem(g2, state, dataArea, info, plot, domainAxis, rangeAxis, dataset, series, item, crosshair,
                    pass);
            return;
        }
        // the largest mark's half and its outline
        Charts.overTheEdge(g2, dataArea, 6, () -> super.drawItem(g2, state, dataArea, info, plot, domainAxis,
                rangeAxis, dataset, series, item, crosshair, pass));
    }

    /** A point stopped or held up is drawn hollow ({@link Charts#isPartial}). */
    @Override
    public boolean getItemShapeFilled(int series, int item) {
        XYPlot plot = getPlot();
        XYDataset dataset = plot == null ? null : plot.getDataset(plot.getIndexOf(this));
        return !Charts.isPartial(dataset, series, item) && super.getItemShapeFilled(series, item);
    }

    @Override
    public Shape lookupLegendShape(int series) {
        return lookupSeriesShape(series);
    }

    private List<String> keys() {
        XYPlot plot = getPlot();
        if (plot == null) {
            return List.of();
        }
        int index = plot.getIndexOf(this);
        return keysOf(index < 0 ? null : plot.getDataset(index));
    }

    private static List<String> keysOf(XYDataset dataset) {
        if (dataset == null) {
            return List.of();
        }
        List<String> keys = new java.util.ArrayList<>(dataset.getSeriesCount());
        for (int i = 0; i < dataset.getSeriesCount(); i++) {
            keys.add(String.valueOf(dataset.getSeriesKey(i)));
        }
        return keys;
    }

    /** "run 3" of "run 3, 2 jobs"; a key without a source is its own. */
    static String source(String key) {
        int comma = key.lastIndexOf(", ");
        return comma < 0 ? key : key.substring(0, comma);
    }

    private static Shape diamond(double r) {
        Path2D.Double d = new Path2D.Double();
        d.moveTo(0, -r);
        d.lineTo(r, 0);
        d.lineTo(0, r);
        d.lineTo(-r, 0);
        d.closePath();
        return d;
    }

    private static Shape triangle(double r) {
        Path2D.Double t = new Path2D.Double();
        t.moveTo(0, -r);
        t.lineTo(r, r * 0.8);
        t.lineTo(-r, r * 0.8);
        t.closePath();
        return t;
    }
}
