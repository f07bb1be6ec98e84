package io.drivelab.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYDrawableAnnotation;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;

import io.drivelab.findings.WorkloadNames;

/**
 * Which reference points of a throughput-by-IODepth chart were measured at exactly a configuration the run
 * measured (same IODepth and NumJobs of the same workload): ringed on the chart, and a line under its title that
 * says which, or that none was.
 */
final class LikeForLike {
    private static final Color RING = new Color(0x202020);

    private LikeForLike() {
    }

    /** A configuration: IODepth and NumJobs. */
    record Depth(int iodepth, int numjobs) {
        @Override
        public String toString() {
            return WorkloadNames.depthAndJobs(iodepth, numjobs);
        }
    }

    /** The configurations of curves whose series is a NumJobs ("8 jobs") and x the IODepth. */
    static Set<Depth> depths(List<Curve> curves) {
        Set<Depth> depths = new LinkedHashSet<>();
        for (Curve c : curves) {
            Integer jobs = jobs(c.series());
            for (Curve.XY xy : c.points()) {
                if (jobs != null) {
                    depths.add(new Depth((int) Math.round(xy.x()), jobs));
                }
            }
        }
        return depths;
    }

    /** The reference points at a measured configuration. */
    static List<Curve.XY> matches(Report.Panel panel) {
        Set<Depth> measured = depths(panel.scaling());
        List<Curve.XY> same = new ArrayList<>();
        for (Curve c : panel.scalingReferences()) {
            Integer jobs = jobs(c.series());
            for (Curve.XY xy : c.points()) {
                if (jobs != null && measured.contains(new Depth((int) Math.round(xy.x()), jobs))) {
                    same.add(xy);
                }
            }
        }
        return same;
    }

    /**
     * Rings the like-for-like reference points and says what they are, or that there are none; says what a hollow
     * point is where the chart has one.
     */
    static void mark(JFreeChart scaling, Report.Panel panel) {
        if (panel.scaling().stream().anyMatch(c -> c.points().stream().anyMatch(Curve.XY::partial))) {
            scaling.addSubtitle(new TextTitle("Hollow: a point stopped or held up (partial)",
                    new Font(Charts.FONT, Font.ITALIC, 11)));
        }
        if (panel.kind() != Report.Kind.SCALING || panel.scalingReferences().isEmpty() || panel.scaling().isEmpty()) {
            return;
        }
        List<Curve.XY> same = matches(panel);
        for (Curve.XY xy : same) {
            scaling.getXYPlot().addAnnotation(new Ring(xy.x(), xy.y()));
        }
        String note = same.isEmpty()
                ? "No reference drive was measured at " + String.join(", ", depths(panel.scaling()).stream()
                .map(Depth::toString).toList()) + ": the dashed lines are other depths"
                : "Ringed: reference points at the same QD × jobs as a measured point";
        TextTitle subtitle = new TextTitle(note, new Font(Charts.FONT, Font.ITALIC, 11));
        scaling.addSubtitle(subtitle);
    }

    /** A ring of a fixed size on screen around the point, whatever the axes' scales; whole at the plot's edge. */
    private static final class Ring extends XYDrawableAnnotation {
        private static final long serialVersionUID = 1L;

        Ring(double x, double y) {
            super(x, y, 16, 16, Ring::draw);
        }

        @Override
        public void draw(Graphics2D g2, XYPlot plot, Rectangle2D dataArea, ValueAxis domainAxis, ValueAxis rangeAxis,
                         int rendererIndex, PlotRenderingInfo info) {
            Charts.overTheEdge(g2, dataArea, 9, () -> super.draw(g2, plot, dataArea, domainAxis, rangeAxis,
                    rendererIndex, info));
        }

        private static void draw(Graphics2D g, Rectangle2D area) {
            g.setPaint(RING);
            g.setStroke(new BasicStroke(1.5f));
            g.draw(new Ellipse2D.Double(area.getX(), area.getY(), area.getWidth(), area.getHeight()));
        }
    }

    private static Integer jobs(String series) {
        String number = series.replace(" jobs", "").replace(" job", "").strip();
        return number.chars().allMatch(Character::isDigit) && !number.isEmpty() ? Integer.valueOf(number) : null;
    }
}
