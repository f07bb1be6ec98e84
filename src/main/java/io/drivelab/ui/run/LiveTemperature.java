package io.drivelab.ui.run;

import io.drivelab.report.Charts;
import io.drivelab.report.ThermalCharts;
import io.drivelab.store.PointTemperatures;
import io.drivelab.telemetry.Throttling;
import io.drivelab.workload.PlanItem;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.data.xy.XYSeriesCollection;

import java.util.ArrayList;
import java.util.List;

/**
 * The running point's drive temperature in the live view: a °C series on the time chart's second axis, the drive's
 * warning threshold, and the thermal throttling mark the moment the point's intervals and readings meet the rule
 * (docs/telemetry.md). Belongs to the UI thread, like {@link LiveCharts}.
 */
public final class LiveTemperature {

    /** One reading of the drive's composite sensor during the running point, on its sample clock. */
    record Reading(PlanItem item, long tMs, double celsius, Double thresholdCelsius) implements LiveFeed.Event {
    }

    private final LiveTrace celsius = new LiveTrace(Charts.series("°C"));
    private final XYSeriesCollection dataset = new XYSeriesCollection(celsius.shown());
    private final List<Throttling.Interval> intervals = new ArrayList<>();
    private final List<PointTemperatures.Reading> readings = new ArrayList<>();
    private final ReadOnlyObjectWrapper<Double> warning = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<Throttling.Mark> throttling = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper sensorRead = new ReadOnlyBooleanWrapper();
    /** Whether intervals or readings came since the throttling was last judged (once a batch, not per sample). */
    private boolean judgeDue;

    /** The temperature series, for the time chart. */
    public XYSeriesCollection dataset() {
        return dataset;
    }

    /** The drive's warning threshold in °C, or null (none, or no sensor). */
    public ReadOnlyObjectProperty<Double> warningProperty() {
        return warning.getReadOnlyProperty();
    }

    /** Where the running point throttled, or null while it has not. */
    public ReadOnlyObjectProperty<Throttling.Mark> throttlingProperty() {
        return throttling.getReadOnlyProperty();
    }

    /** Whether the run has read a temperature sensor (a test file on a drive without one: never). */
    public ReadOnlyBooleanProperty sensorReadProperty() {
        return sensorRead.getReadOnlyProperty();
    }

    /**
     * Draws the temperature, its threshold and the throttling mark on the live view's time chart; its °C axis and
     * legend entry only once a sensor is read.
     */
    public void attach(JFreeChart timeChart) {
        ThermalCharts.addTemperature(timeChart, dataset);
        XYPlot plot = timeChart.getXYPlot();
        int index = plot.indexOf(dataset);
        ValueAxis axis = plot.getRangeAxisForDataset(index);
        XYItemRenderer renderer = plot.getRendererForDataset(dataset);
        // a chart attached during a run (the live view is made after the window's first frame) shows what came
        axis.setVisible(sensorRead.get());
        renderer.setDefaultSeriesVisibleInLegend(sensorRead.get());
        ThermalCharts.showWarning(timeChart, warning.get());
        ThermalCharts.markThrottling(timeChart, throttling.get());
        sensorRead.addListener((o, a, read) -> {
            axis.setVisible(read);
            renderer.setDefaultSeriesVisibleInLegend(read);
        });
        warning.addListener((o, a, b) -> ThermalCharts.showWarning(timeChart, b));
        throttling.addListener((o, a, b) -> ThermalCharts.markThrottling(timeChart, b));
    }

    /** A new run: its drive may have no sensor. */
    void newRun() {
        clear();
        sensorRead.set(false);
    }

    /** A new point: nothing shown. */
    void clear() {
        celsius.clear();
        intervals.clear();
        readings.clear();
        throttling.set(null);
    }

    void interval(LiveFeed.Sample s) {
        intervals.add(new Throttling.Interval(Math.round(s.seconds() * 1000), s.ramp(), s.bytesPerSecond()));
        judgeDue = true;
    }

    void reading(Reading r) {
        celsius.add(r.tMs() / 1000.0, r.celsius());
        sensorRead.set(true);
        readings.add(new PointTemperatures.Reading(r.tMs(), r.celsius()));
        warning.set(r.thresholdCelsius());
        judgeDue = true;
    }

    void columns(int pixels) {
        celsius.columns(pixels);
    }

    /** Draws what came since the last call and judges the throttling once for all of it. */
    boolean sync() {
        if (judgeDue) {
            judgeDue = false;
            judge();
        }
        return celsius.sync();
    }

    private void judge() {
        Double threshold = warning.get();
        throttling.set(threshold == null ? null : Throttling.of(intervals, readings, threshold).orElse(null));
    }
}
