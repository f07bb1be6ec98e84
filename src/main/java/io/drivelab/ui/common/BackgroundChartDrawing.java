package io.drivelab.ui.common;

import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.lang.reflect.Field;
import java.nio.IntBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

import javafx.application.Platform;
import javafx.scene.image.ImageView;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.stage.Window;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemSource;
import org.jfree.chart.block.BlockContainer;
import org.jfree.chart.fx.ChartCanvas;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.util.PublicCloneable;
import org.jfree.data.xy.XYDataItem;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Draws a canvas's chart off the UI thread. A chart drawn on the UI thread was drawn twice over: by JFreeChart into
 * the canvas's drawing commands, then by JavaFX's renderer thread into pixels (in software where there is no GPU),
 * and the next pulse waited for both: the window's longest pauses during a run. Here the UI thread only copies the
 * chart (datasets and all, so that nothing the UI thread changes is read while it is drawn), a thread of its own
 * draws the copy with Java2D into an image, and a picture laid over the canvas shows it. The picture's pixels are
 * the drawing's own format (premultiplied ARGB ints, as the software renderer's), so the renderer copies them once;
 * drawn into the canvas they were converted on the UI thread (a fifth of its work in a run), converted back by the
 * renderer and blended twice. While the picture is up the canvas is not painted (opacity 0) but still takes the mouse,
 * and it keeps the drawing's rendering info (data area, items), so zoom, tooltips and clicks work as before. When
 * JFreeChart-FX draws the canvas itself (it does at once when its size changes) the canvas is shown again until the
 * next drawing.
 *
 * <p>One drawing per canvas at a time; changes meanwhile make one more drawing when it is done. A chart that cannot
 * be copied (not an XY plot, a dataset that cannot be cloned) is drawn on the UI thread as before.
 */
final class BackgroundChartDrawing {
    private static final String STATE = BackgroundChartDrawing.class.getName();
    private static final Executor DRAWER = Executors.newSingleThreadExecutor(
            r -> FxTasks.behindTheWindow(r, "drivelab-chart-drawing"));
    /** JFreeChart-FX keeps the last drawing's rendering info in a field only its own draw sets. */
    private static final Field INFO = field(ChartCanvas.class, "info");
    /**
     * A legend's container of item blocks, which JFreeChart's clone of a legend shares with the original: the copy's
     * drawing emptied and refilled the window's container while a resize drew the window's chart on the UI thread
     * (a ConcurrentModificationException in CI, 2026-12-02).
     */
    private static final Field LEGEND_ITEMS = field(LegendTitle.class, "items");

    private BackgroundChartDrawing() {
    }

    /** What one canvas has in flight and keeps between drawings; touched on the UI thread only. */
    private static final class State {
        boolean drawing;
        boolean again;
        ImageView picture;
        PixelBuffer<IntBuffer> pixels;
        int[] shownPixels;
        BufferedImage buffer;
        int shown;
    }

    private record Drawn(BufferedImage pixels, ChartRenderingInfo info, double width, double height) {
    }

    /**
     * Draws {@code canvas}'s chart in the background and shows it in {@code picture} when done (on the UI thread);
     * {@code picture} lies over the canvas, as large, and lets the mouse through.
     */
    static void draw(ChartCanvas canvas, ImageView picture) {
        JFreeChart chart = canvas.getChart();
        double width = canvas.getWidth();
        double height = canvas.getHeight();
        State state = state(canvas);
        state.picture = picture;
        if (INFO == null || chart == null || width <= 0 || height <= 0) {
            drawOnCanvas(canvas);
            return;
        }
        if (state.drawing) {
            state.again = true;
            return;
        }
        JFreeChart copy;
        try {
            copy = copyOf(chart);
        } catch (CloneNotSupportedException | RuntimeException e) {
            drawOnCanvas(canvas);
            return;
        }
        double scale = outputScale(canvas);
        BufferedImage buffer = state.buffer;
        state.drawing = true;
        CompletableFuture.supplyAsync(() -> render(copy, width, height, scale, buffer), DRAWER)
                .whenComplete((drawn, failure) -> Platform.runLater(() -> {
                    state.drawing = false;
                    if (failure != null) {
                        drawOnCanvas(canvas);
                    } else if (drawn.width() == canvas.getWidth() && drawn.height() == canvas.getHeight()) {
                        show(canvas, state, drawn);
                    }
                    // a resize meanwhile drew the canvas itself (JFreeChart-FX does on every size change)
                    if (state.again) {
                        state.again = false;
                        draw(canvas, picture);
                    }
                }));
    }

    /** The chart drawn by JFreeChart-FX into the canvas itself, on the UI thread: the canvas shown, not the picture. */
    private static void drawOnCanvas(ChartCanvas canvas) {
        canvas.draw();
        canvasDrewItself(canvas);
    }

    /** JFreeChart-FX drew the canvas (a size change does at once): it is shown until the next drawing. */
    static void canvasDrewItself(ChartCanvas canvas) {
        State state = state(canvas);
        if (state.picture != null) {
            state.picture.setVisible(false);
        }
        canvas.setOpacity(1);
    }

    /** How many background drawings {@code canvas} has shown (for tests). */
    static int shown(ChartCanvas canvas) {
        return state(canvas).shown;
    }

    /**
     * The chart with its own copies of everything a drawing reads that the window changes: the plot, axes and
     * renderers (JFreeChart's clone), the datasets (which its clone shares), and the legend's source (which its
     * clone leaves on the original plot).
     */
    static JFreeChart copyOf(JFreeChart chart) throws CloneNotSupportedException {
        if (!(chart.getPlot() instanceof XYPlot original)) {
            throw new CloneNotSupportedException("not an XY plot");
        }
        for (int i = 0; i < original.getDatasetCount(); i++) {
            if (original.getDataset(i) != null && !(original.getDataset(i) instanceof PublicCloneable)) {
                throw new CloneNotSupportedException(original.getDataset(i).getClass().getName());
            }
        }
        JFreeChart copy = (JFreeChart) chart.clone();
        XYPlot plot = (XYPlot) copy.getPlot();
        for (int i = 0; i < original.getDatasetCount(); i++) {
            XYDataset dataset = original.getDataset(i);
            if (dataset != null) {
                // The clone listens to the original's datasets; setting its own takes it off them. Not by hand as
                // well: listeners are taken off by equality, and the copy equals the original plot.
                // a subclass may hold more than its series: its own clone copies that
                plot.setDataset(i, dataset.getClass() == XYSeriesCollection.class
                        ? copyOf((XYSeriesCollection) dataset) : (XYDataset) ((PublicCloneable) dataset).clone());
            }
        }
        for (int i = 0; i < copy.getSubtitleCount(); i++) {
            if (copy.getSubtitle(i) instanceof LegendTitle legend) {
                legend.setSources(new LegendItemSource[]{plot});
                if (LEGEND_ITEMS == null) {
                    throw new CloneNotSupportedException("a legend whose items cannot be its own");
                }
                try {
                    BlockContainer shared = legend.getItemContainer();
                    LEGEND_ITEMS.set(legend, new BlockContainer(shared.getArrangement()));
                } catch (IllegalAccessException e) {
                    throw new CloneNotSupportedException(e.toString());
                }
            }
        }
        return copy;
    }

    /**
     * The datasets' copy made without JFreeChart's clone, which copies each item through reflection (an hour of
     * samples, thinned, is some 6,000 items in the live view, copied ten times a second).
     */
    static XYSeriesCollection copyOf(XYSeriesCollection original) {
        XYSeriesCollection copy = new XYSeriesCollection();
        for (int s = 0; s < original.getSeriesCount(); s++) {
            XYSeries series = original.getSeries(s);
            // sorted and free of duplicates as the original (a sorted collection is drawn from a binary search)
            XYSeries same = new XYSeries(series.getKey(), series.getAutoSort(), series.getAllowDuplicateXValues());
            same.setDescription(series.getDescription());
            for (Object item : series.getItems()) {
                same.add((XYDataItem) item, false);  // a copy of the item (its class kept: a partial mark)
            }
            copy.addSeries(same);
        }
        if (!original.isAutoWidth()) {
            copy.setIntervalWidth(original.getIntervalWidth());
        }
        copy.setIntervalPositionFactor(original.getIntervalPositionFactor());
        return copy;
    }

    private static Drawn render(JFreeChart chart, double width, double height, double scale, BufferedImage reuse) {
        int w = (int) Math.ceil(width * scale);
        int h = (int) Math.ceil(height * scale);
        BufferedImage pixels = reuse != null && reuse.getWidth() == w && reuse.getHeight() == h ? reuse
                : new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB_PRE);
        Graphics2D g = pixels.createGraphics();
        try {
            g.setComposite(java.awt.AlphaComposite.Clear);
            g.fillRect(0, 0, w, h);
            g.setComposite(java.awt.AlphaComposite.SrcOver);
            g.scale(scale, scale);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
            ChartRenderingInfo info = new ChartRenderingInfo();
            // as JFreeChart-FX's canvas draws it: the whole canvas, in whole pixels
            chart.draw(g, new Rectangle((int) width, (int) height), null, info);
            return new Drawn(pixels, info, width, height);
        } finally {
            g.dispose();
        }
    }

    private static void show(ChartCanvas canvas, State state, Drawn drawn) {
        BufferedImage pixels = drawn.pixels();
        int w = pixels.getWidth();
        int h = pixels.getHeight();
        if (state.pixels == null || state.pixels.getWidth() != w || state.pixels.getHeight() != h) {
            state.shownPixels = new int[w * h];
            state.pixels = new PixelBuffer<>(w, h, IntBuffer.wrap(state.shownPixels),
                    PixelFormat.getIntArgbPreInstance());
            state.picture.setImage(new WritableImage(state.pixels));
        }
        int[] argb = ((DataBufferInt) pixels.getRaster().getDataBuffer()).getData();
        // the drawing's buffer goes back to the drawing thread for the next one: the picture keeps a copy
        state.pixels.updateBuffer(b -> {
            System.arraycopy(argb, 0, state.shownPixels, 0, state.shownPixels.length);
            return null;
        });
        state.buffer = pixels;
        ImageView picture = state.picture;
        picture.setFitWidth(drawn.width());
        picture.setFitHeight(drawn.height());
        picture.setVisible(true);
        canvas.setOpacity(0);
        try {
            INFO.set(canvas, drawn.info());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        state.shown++;
    }

    private static State state(ChartCanvas canvas) {
        return (State) canvas.getProperties().computeIfAbsent(STATE, k -> new State());
    }

    private static double outputScale(ChartCanvas canvas) {
        Window window = canvas.getScene() == null ? null : canvas.getScene().getWindow();
        return window == null ? 1 : Math.max(1, window.getOutputScaleX());
    }

    /** A private field made accessible, or null (another JFreeChart: charts are then drawn on the UI thread). */
    private static Field field(Class<?> owner, String name) {
        try {
            Field field = owner.getDeclaredField(name);
            field.setAccessible(true);
            return field;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
