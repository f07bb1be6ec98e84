package io.drivelab.report;

import java.awt.Color;
import java.awt.Dimension;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.imageio.ImageIO;

import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;

import io.drivelab.files.OutputFile;

/**
 * Draws a {@link Report} as one PNG (header, two charts per workload, the table) and each chart as a PNG of its
 * own. Pure Java 2D and JFreeChart on datasets made from the report's data, so it runs headless (the CLI) and
 * never touches the live view's datasets.
 */
public final class ReportRenderer {
    public static final int WIDTH = 1600;
    public static final int CHART_WIDTH = 770;
    public static final int CHART_HEIGHT = 420;
    static final int MARGIN = 20;
    static final int TITLE_HEIGHT = 40;
    static final int HEADER_LINE = 22;
    static final int ROW = 22;
    private static final Font TITLE = new Font(Charts.FONT, Font.BOLD, 24);
    private static final Font TEXT = new Font(Charts.FONT, Font.PLAIN, 14);
    private static final Font TABLE = new Font(Charts.FONT, Font.PLAIN, 13);
    private static final Font TABLE_HEAD = new Font(Charts.FONT, Font.BOLD, 13);
    private static final Color STRIPE = new Color(0xf3f5f8);
    private static final Color RULE = new Color(0xc8ccd2);

    /** The size of the whole report's image. */
    public Dimension size(Report report) {
        int height = MARGIN + TITLE_HEIGHT + report.header().size() * HEADER_LINE + MARGIN
                + findingLines(report).size() * HEADER_LINE
                + report.panels().size() * (CHART_HEIGHT + MARGIN)
                + (report.table().rows().size() + 1) * ROW + MARGIN;
        return new Dimension(WIDTH, height);
    }

    /** The whole report as one image. */
    public BufferedImage render(Report report) {
        Dimension size = size(report);
        BufferedImage image = new BufferedImage(size.width, size.height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, size.width, size.height);
            int y = MARGIN;
            g.setColor(Color.BLACK);
            g.setFont(TITLE);
            g.drawString(fit(g, report.title(), WIDTH - 2 * MARGIN), MARGIN, y + 28);
            y += TITLE_HEIGHT;
            g.setFont(TEXT);
            g.setColor(new Color(0x333333));
            for (String line : report.header()) {
                g.drawString(fit(g, line, WIDTH - 2 * MARGIN), MARGIN, y + 16);
                y += HEADER_LINE;
            }
            y += MARGIN;
            g.setColor(Color.BLACK);
            for (String line : findingLines(report)) {
                g.drawString(line, MARGIN, y + 16);
                y += HEADER_LINE;
            }
            for (Report.Panel panel : report.panels()) {
                List<JFreeChart> charts = charts(panel);
                for (int i = 0; i < charts.size(); i++) {
                    charts.get(i).draw(g, new Rectangle2D.Double(MARGIN + i * (CHART_WIDTH + MARGIN), y,
                            CHART_WIDTH, CHART_HEIGHT));
                }
                y += CHART_HEIGHT + MARGIN;
            }
            drawTable(g, report.table(), y);
        } finally {
            g.dispose();
        }
        return image;
    }

    /** "Findings", then each finding as a bullet, wrapped to the page's width. */
    private static List<String> findingLines(Report report) {
        if (report.findings().isEmpty()) {
            return List.of();
        }
        BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = scratch.createGraphics();
        try {
            g.setFont(TEXT);
            FontMetrics metrics = g.getFontMetrics();
            List<String> lines = new ArrayList<>();
            lines.add("Findings (against the reference drives at the same workload):");
            for (String finding : report.findings()) {
                StringBuilder line = new StringBuilder("• ");
                for (String word : finding.split(" ")) {
                    if (metrics.stringWidth(line + word) > WIDTH - 2 * MARGIN && line.length() > 2) {
                        lines.add(line.toString().stripTrailing());
                        line = new StringBuilder("   ");
                    }
                    line.append(word).append(' ');
                }
                lines.add(line.toString().stripTrailing());
            }
            lines.add("");
            return lines;
        } finally {
            g.dispose();
        }
    }

    /**
     * Writes the whole report as a PNG (never into a device or folder of that name: {@link OutputFile}).
     *
     * @throws io.drivelab.files.OutputFileException naming the file and why
     */
    public void writePng(Report report, Path file) {
        BufferedImage image = render(report);
        OutputFile.at(file).creatingFolders().write(out -> {
            if (!ImageIO.write(image, "png", out)) {
                throw new IOException("no PNG writer in this Java");
            }
        });
    }

    /**
     * Writes every chart on its own into {@code folder}: "01-4k-random-read-scaling.png",
     * "01-4k-random-read-latency.png", ...; returns the files in that order.
     *
     * @throws io.drivelab.files.OutputFileException when the folder is a file or a device, or a chart cannot be
     *                                               written (naming it and why)
     */
    public List<Path> writeCharts(Report report, Path folder) {
        List<Path> files = new ArrayList<>();
        OutputFile.folder(folder);
        int n = 1;
        for (Report.Panel panel : report.panels()) {
            String base = String.format(Locale.ROOT, "%02d-%s", n++, slug(panel.workload()));
            List<JFreeChart> charts = charts(panel);
            List<String> kinds = panel.chartNames();
            for (int i = 0; i < charts.size(); i++) {
                Path file = folder.resolve(base + "-" + kinds.get(i) + ".png");
                JFreeChart chart = charts.get(i);
                OutputFile.at(file).write(out -> ChartUtils.writeChartAsPNG(out, chart, CHART_WIDTH, CHART_HEIGHT));
                files.add(file);
            }
        }
        return files;
    }

    /** A panel's charts, on datasets of their own: throughput by IODepth, then latency against throughput. */
    public List<JFreeChart> charts(Report.Panel panel) {
        return charts(panel, false);
    }

    /** {@link #charts(Report.Panel)}, throughput and latency on log scales when {@code log}. */
    public List<JFreeChart> charts(Report.Panel panel, boolean log) {
        if (panel.kind() == Report.Kind.CHECKPOINT) {
            return List.of(
                    SuiteCharts.checkpointTimes(panel.scalingTitle(), Charts.collection(panel.scaling()),
                            Charts.collection(panel.scalingReferences())),
                    SuiteCharts.checkpointGbPerS(panel.latencyTitle(), Charts.collection(panel.latency()),
                            Charts.collection(panel.latencyReferences())));
        }
        if (panel.kind() == Report.Kind.LOAD_CURVE) {
            return List.of(LoadCurves.latencyChart(panel.scalingTitle(), Charts.collection(panel.scaling())),
                    LoadCurves.achievedChart(panel.latencyTitle(), Charts.collection(panel.latency()),
                            Charts.collection(panel.latencyReferences())));
        }
        if (panel.kind() == Report.Kind.GDSIO) {
            return List.of(
                    SuiteCharts.gdsioThroughput(panel.scalingTitle(), Charts.collection(panel.scaling()),
                            Charts.collection(panel.scalingReferences())),
                    SuiteCharts.gdsioLatency(panel.latencyTitle(), Charts.collection(panel.latency()),
                            Charts.collection(panel.latencyReferences())));
        }
        if (panel.kind() == Report.Kind.THERMAL) {
            return List.of(ThermalCharts.timeSeries(panel));
        }
        JFreeChart scaling = Charts.scaling(panel.scalingTitle(), panel.unit(), Charts.collection(panel.scaling()),
                Charts.collection(panel.scalingReferences()), log);
        LikeForLike.mark(scaling, panel);
        return List.of(scaling,
                Charts.latency(panel.latencyTitle(), panel.unit(), Charts.collection(panel.latency()),
                        Charts.collection(panel.latencyReferences()), log));
    }

    private static void drawTable(Graphics2D g, Report.Table table, int top) {
        int columns = table.columns().size();
        int[] widths = new int[columns];
        g.setFont(TABLE_HEAD);
        FontMetrics head = g.getFontMetrics();
        g.setFont(TABLE);
        FontMetrics body = g.getFontMetrics();
        for (int c = 0; c < columns; c++) {
            widths[c] = head.stringWidth(table.columns().get(c));
            for (List<String> row : table.rows()) {
                widths[c] = Math.max(widths[c], body.stringWidth(row.get(c)));
            }
        }
        int available = WIDTH - 2 * MARGIN;
        int natural = 0;
        for (int w : widths) {
            natural += w;
        }
        // Spread the spare width as padding between columns, at most 40 px each.
        int gap = columns > 1 ? Math.max(12, Math.min(40, (available - natural) / (columns - 1))) : 0;
        int y = top;
        g.setColor(new Color(0xe4e8ee));
        g.fillRect(MARGIN, y, available, ROW);
        g.setColor(Color.BLACK);
        drawRow(g, table.columns(), table, widths, gap, y, TABLE_HEAD);
        y += ROW;
        for (int r = 0; r < table.rows().size(); r++) {
            if (r % 2 == 1) {
                g.setColor(STRIPE);
                g.fillRect(MARGIN, y, available, ROW);
            }
            g.setColor(Color.BLACK);
            drawRow(g, table.rows().get(r), table, widths, gap, y, TABLE);
            y += ROW;
        }
        g.setColor(RULE);
        g.drawLine(MARGIN, y, MARGIN + available, y);
    }

    private static void drawRow(Graphics2D g, List<String> cells, Report.Table table, int[] widths, int gap, int y,
                                Font font) {
        g.setFont(font);
        FontMetrics fm = g.getFontMetrics();
        int x = MARGIN + 6;
        for (int c = 0; c < cells.size(); c++) {
            String text = cells.get(c);
            int textX = table.numeric().get(c) ? x + widths[c] - fm.stringWidth(text) : x;
            g.drawString(text, textX, y + 16);
            x += widths[c] + gap;
        }
    }

    private static String fit(Graphics2D g, String text, int width) {
        FontMetrics fm = g.getFontMetrics();
        if (fm.stringWidth(text) <= width) {
            return text;
        }
        String cut = text;
        while (!cut.isEmpty() && fm.stringWidth(cut + "…") > width) {
            cut = cut.substring(0, cut.length() - 1);
        }
        return cut + "…";
    }

    static String slug(String name) {
        String slug = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return slug.isEmpty() ? "workload" : slug;
    }
}
