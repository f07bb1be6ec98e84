package io.drivelab.ui.run;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import io.drivelab.report.Charts;
import io.drivelab.report.Throughput;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;

/** The live time chart's °C axis: shown only when the run reads a temperature sensor. */
class LiveTemperatureTest {

    @Test
    void theTimeChartHasNoCelsiusAxisUntilASensorIsRead() {
        LiveCharts live = new LiveCharts();
        JFreeChart chart = Charts.timeSeries("t", Throughput.IOPS, live.timeThroughput(), live.timeLatency());
        live.temperature().attach(chart);
        XYPlot plot = chart.getXYPlot();
        ValueAxis celsius = plot.getRangeAxisForDataset(plot.indexOf(live.temperature().dataset()));

        live.sample(new LiveFeed.Sample(null, 0.1, false, 1000, 4096000, 50.0, 90.0));
        live.flush();
        assertFalse(celsius.isVisible(), "a test file on a drive without a sensor: no °C axis");
        assertFalse(legend(plot).contains("°C"), legend(plot).toString());

        live.temperature(new LiveTemperature.Reading(null, 1000, 41.5, null));
        live.flush();
        assertTrue(celsius.isVisible(), "a sensor read: its axis is shown");
        assertTrue(legend(plot).contains("°C"), legend(plot).toString());

        live.clear();
        assertFalse(celsius.isVisible(), "the next run may have no sensor");
    }

    private static List<String> legend(XYPlot plot) {
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < plot.getLegendItems().getItemCount(); i++) {
            labels.add(plot.getLegendItems().get(i).getLabel());
        }
        return labels;
    }
}
