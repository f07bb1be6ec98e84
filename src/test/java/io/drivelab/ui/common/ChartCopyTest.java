package io.drivelab.ui.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import io.drivelab.report.Charts;
import io.drivelab.report.Curve;
import io.drivelab.report.Throughput;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.Test;

/** A chart's figures copied as text (no window needed). */
class ChartCopyTest {

    @Test
    void figuresOfALatencyAxisReadingInMillisecondsAreCopiedInTheMicrosecondsTheyAreIn() {
        JFreeChart chart = Charts.latency("4K random write", Throughput.IOPS, Charts.collection(List.of(
                new Curve("", "1 job", List.of(new Curve.XY(1000, 600), new Curve.XY(2000, 14_000))))), null);
        chart.createBufferedImage(600, 400);
        assertEquals("mean latency (ms)", chart.getXYPlot().getRangeAxis().getLabel(), "as drawn");
        assertEquals(List.of("Series\tIOPS\tValue\tAxis", "1 job\t1000\t600\tmean latency (µs)",
                "1 job\t2000\t14000\tmean latency (µs)"), ChartCopy.text(chart).lines().toList());
    }

    @Test
    void throughputOfAnAxisReadingInGigabytesASecondIsCopiedInMegabytesASecond() {
        JFreeChart chart = Charts.latency("128K sequential read", Throughput.MB_S, Charts.collection(List.of(
                new Curve("", "1 job", List.of(new Curve.XY(900, 60), new Curve.XY(14_000, 300))))), null);
        chart.createBufferedImage(600, 400);
        assertEquals("GB/s", chart.getXYPlot().getDomainAxis().getLabel(), "as drawn");
        assertEquals(List.of("Series\tMB/s\tValue\tAxis", "1 job\t900\t60\tmean latency (µs)",
                "1 job\t14000\t300\tmean latency (µs)"), ChartCopy.text(chart).lines().toList());
    }
}
