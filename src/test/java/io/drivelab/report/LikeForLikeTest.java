package io.drivelab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.title.TextTitle;
import org.junit.jupiter.api.Test;

/** Reference points at a measured QD × jobs are ringed; a chart without any says so. */
class LikeForLikeTest {
    private static final Curve MEASURED = new Curve("nightly", "1 job",
            List.of(new Curve.XY(1, 12_000), new Curve.XY(32, 90_000)));

    private static String subtitle(JFreeChart chart) {
        return ((TextTitle) chart.getSubtitle(chart.getSubtitleCount() - 1)).getText();
    }

    @Test
    void aReferencePointAtAMeasuredDepthAndJobsIsRinged() {
        Report.Panel panel = new Report.Panel("4K random read", Throughput.IOPS, List.of(MEASURED), List.of(
                new Curve("Kingston DC3000ME 7.68TB (its review)", "16 jobs", List.of(new Curve.XY(32, 1.9e6))),
                new Curve("Kingston DC3000ME 7.68TB (its review)", "1 job", List.of(new Curve.XY(1, 15_000)))),
                List.of(), List.of());
        assertEquals(List.of(new Curve.XY(1, 15_000)), LikeForLike.matches(panel));
        JFreeChart chart = new ReportRenderer().charts(panel).get(0);
        assertEquals(1, chart.getXYPlot().getAnnotations().size());
        assertEquals("Ringed: reference points at the same QD × jobs as a measured point", subtitle(chart));
    }

    @Test
    void aRingAtThePlotsTopIsDrawnWhole() {
        // the plot clips what it draws to its data area: a ring on its top edge lost its upper half
        Report.Panel panel = new Report.Panel("4K random read", Throughput.IOPS, List.of(MEASURED), List.of(
                new Curve("Kingston DC3000ME 7.68TB (its review)", "1 job", List.of(new Curve.XY(32, 100_000)))),
                List.of(), List.of());
        JFreeChart chart = new ReportRenderer().charts(panel).get(0);
        org.jfree.chart.plot.XYPlot plot = chart.getXYPlot();
        plot.getRangeAxis().setRange(0, 100_000);
        org.jfree.chart.ChartRenderingInfo info = new org.jfree.chart.ChartRenderingInfo();
        java.awt.image.BufferedImage image = chart.createBufferedImage(500, 400, info);
        java.awt.geom.Rectangle2D area = info.getPlotInfo().getDataArea();
        int x = (int) Math.round(plot.getDomainAxis().valueToJava2D(32, area, plot.getDomainAxisEdge()));
        int ringTop = (int) Math.round(area.getMinY()) - 8;
        boolean drawn = false;
        for (int y = ringTop - 1; y <= ringTop + 1; y++) {
            drawn |= new java.awt.Color(image.getRGB(x, y)).getRed() < 200;
        }
        assertEquals(true, drawn, "the ring's top, 8 px above the plot's edge");
    }

    @Test
    void aChartWithAPointStoppedPartWaySaysWhatAHollowPointIs() {
        Curve stopped = new Curve("nightly", "1 job", List.of(new Curve.XY(1, 12_000), new Curve.XY(32, 9_000,
                true)));
        JFreeChart chart = new ReportRenderer().charts(new Report.Panel("4K random read", Throughput.IOPS,
                List.of(stopped), List.of(), List.of(), List.of())).get(0);
        assertEquals("Hollow: a point stopped or held up (partial)", subtitle(chart));
        JFreeChart whole = new ReportRenderer().charts(new Report.Panel("4K random read", Throughput.IOPS,
                List.of(MEASURED), List.of(), List.of(), List.of())).get(0);
        assertEquals(0, whole.getSubtitleCount() - 1, "only the legend");
    }

    @Test
    void aChartWithoutSuchPointsSaysNoneWasMeasuredThere() {
        Report.Panel panel = new Report.Panel("4K random read", Throughput.IOPS, List.of(MEASURED), List.of(
                new Curve("Kingston DC3000ME 7.68TB (its review)", "16 jobs", List.of(new Curve.XY(16, 1.9e6)))),
                List.of(), List.of());
        JFreeChart chart = new ReportRenderer().charts(panel).get(0);
        assertEquals(0, chart.getXYPlot().getAnnotations().size());
        assertEquals("No reference drive was measured at QD1 × 1 job, QD32 × 1 job: the dashed lines are other "
                + "depths", subtitle(chart));
    }
}
