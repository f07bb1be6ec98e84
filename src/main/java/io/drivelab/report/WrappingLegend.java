package io.drivelab.report;

import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.util.ArrayList;
import java.util.List;

import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemSource;
import org.jfree.chart.block.Block;
import org.jfree.chart.block.BlockContainer;
import org.jfree.chart.block.ColumnArrangement;
import org.jfree.chart.block.LabelBlock;
import org.jfree.chart.block.LengthConstraintType;
import org.jfree.chart.block.RectangleConstraint;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.HorizontalAlignment;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.VerticalAlignment;

/**
 * A legend whose entries wrap onto more lines where the chart is too narrow for them: JFreeChart's own cuts an entry
 * wider than the chart at its edge ("Kingston DC3000ME 7.68TB (its RAID review (Ukrainian)): 16 jo" in the live
 * view's half-width charts).
 */
final class WrappingLegend extends LegendTitle {
    /** The entries' room, known while the legend is arranged: its width, and the graphics that measure text. */
    private transient double width = Double.MAX_VALUE;
    private transient Graphics2D measure;

    WrappingLegend(LegendItemSource source) {
        super(source);
    }

    @Override
    public org.jfree.chart.ui.Size2D arrange(Graphics2D g2, RectangleConstraint constraint) {
        RectangleConstraint content = toContentConstraint(constraint);
        LengthConstraintType type = content.getWidthConstraintType();
        width = type == LengthConstraintType.FIXED ? content.getWidth()
                : type == LengthConstraintType.RANGE ? content.getWidthRange().getUpperBound() : Double.MAX_VALUE;
        measure = g2;
        try {
            return super.arrange(g2, constraint);
        } finally {
            measure = null;
        }
    }

    @Override
    protected Block createLegendItemBlock(LegendItem item) {
        BlockContainer block = (BlockContainer) super.createLegendItemBlock(item);
        if (measure == null || width == Double.MAX_VALUE) {
            return block;
        }
        BlockContainer entry = (BlockContainer) block.getBlocks().get(0);
        List<?> parts = new ArrayList<>(entry.getBlocks());
        Block graphic = (Block) parts.get(0);
        LabelBlock label = (LabelBlock) parts.get(1);
        RectangleInsets padding = label.getPadding();
        double room = width - graphic.arrange(measure, RectangleConstraint.NONE).width - padding.getLeft()
                - padding.getRight() - 2;
        Font font = label.getFont();
        String wrapped = wrap(item.getLabel(), measure.getFontMetrics(font), room);
        if (wrapped.equals(item.getLabel())) {
            return block;
        }
        // a line per block, flush left (a LabelBlock centres the lines of a text with line breaks)
        BlockContainer lines = new BlockContainer(new ColumnArrangement(HorizontalAlignment.LEFT,
                VerticalAlignment.TOP, 0, 0));
        for (String line : wrapped.split("\n")) {
            lines.add(new LabelBlock(line, font, label.getPaint()));
        }
        lines.setPadding(padding);
        // the entry's border arrangement: its graphic where JFreeChart placed it, the text beside it
        entry.clear();
        entry.add(graphic, getLegendItemGraphicEdge());
        entry.add(lines);
        return block;
    }

    /** {@code text} broken at spaces into lines no wider than {@code room} (a word wider than it stays whole). */
    static String wrap(String text, FontMetrics metrics, double room) {
        if (metrics.stringWidth(text) <= room) {
            return text;
        }
        StringBuilder out = new StringBuilder();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            String longer = line.isEmpty() ? word : line + " " + word;
            if (!line.isEmpty() && metrics.stringWidth(longer) > room) {
                out.append(line).append('\n');
                line.setLength(0);
                line.append(word);
            } else {
                line.setLength(0);
                line.append(longer);
            }
        }
        return out.append(line).toString();
    }
}
