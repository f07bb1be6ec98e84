package io.drivelab.report;

import java.awt.font.TextAttribute;
import java.text.AttributedString;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.Locale;

import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;

/**
 * Latency axes over figures in µs that read in ms once the axis reaches 10 ms ("14" under "(ms)", not "14,000" under
 * "(µs)"), where the percentile tables switch too ({@link Percentiles#unit}). The figures stay in µs, so the axis
 * changes unit as the live view's latency grows without its series being rewritten; a tooltip says a figure in the
 * unit the axis shows ({@link #shown}), copied figures stay in µs ({@link #microsLabel}).
 */
public final class LatencyAxes {
    /** From here on an axis reads in ms: the percentile tables' threshold. */
    static final double MILLIS_FROM_US = 10_000;

    private LatencyAxes() {
    }

    /** "mean latency" on a linear axis from zero, or on a base-10 log axis when {@code log}. */
    static ValueAxis of(String what, boolean log) {
        if (log) {
            return Charts.logAxis(new Log(what));
        }
        Linear axis = new Linear(what);
        axis.setAutoRangeIncludesZero(true);
        return axis;
    }

    /** The axis's label in the unit of its figures, µs for a latency axis ("mean latency (µs)"); null for none. */
    public static String microsLabel(ValueAxis axis) {
        if (axis instanceof Linear linear) {
            return linear.what + " (µs)";
        }
        if (axis instanceof Log log) {
            return log.what + " (µs)";
        }
        return axis == null ? null : axis.getLabel();
    }

    /** A figure of the axis as it reads now: "14.2 mean latency (ms)", "523.1 mean latency (µs)", "1,950 IOPS". */
    static String shown(ValueAxis axis, double value) {
        NumberFormat format = NumberFormat.getNumberInstance(Locale.getDefault(Locale.Category.FORMAT));
        boolean latency = axis instanceof Linear || axis instanceof Log;
        return format.format(latency && inMillis(axis) ? value / 1000 : value) + " " + axis.getLabel();
    }

    private static boolean inMillis(ValueAxis axis) {
        return axis.getUpperBound() >= MILLIS_FROM_US;
    }

    private static String label(String what, ValueAxis axis) {
        return what + (inMillis(axis) ? " (ms)" : " (µs)");
    }

    private static final class Linear extends NumberAxis {
        private static final long serialVersionUID = 1L;
        private final String what;

        Linear(String what) {
            super(what + " (µs)");
            this.what = what;
        }

        @Override
        public String getLabel() {
            return label(what, this);
        }

        @Override
        public NumberFormat getNumberFormatOverride() {
            // a new format each time: a chart's copy is drawn on another thread, and a format is not thread-safe
            return inMillis(this) ? new Millis() : super.getNumberFormatOverride();
        }
    }

    private static final class Log extends LogAxis {
        private static final long serialVersionUID = 1L;
        private final String what;

        Log(String what) {
            super(what + " (µs)");
            this.what = what;
        }

        @Override
        public String getLabel() {
            return label(what, this);
        }

        @Override
        protected AttributedString createTickLabel(double value) {
            if (!inMillis(this)) {
                return super.createTickLabel(value);
            }
            AttributedString text = new AttributedString(new Millis().format(value));
            text.addAttribute(TextAttribute.FONT, getTickLabelFont());
            return text;
        }
    }

    /** Microseconds written as milliseconds, grouped as the user's locale groups figures: 14000 -> "14". */
    private static final class Millis extends NumberFormat {
        private static final long serialVersionUID = 1L;
        private final NumberFormat millis = NumberFormat.getNumberInstance(Locale.getDefault(Locale.Category.FORMAT));

        Millis() {
            millis.setMaximumFractionDigits(3);
        }

        @Override
        public StringBuffer format(double us, StringBuffer to, FieldPosition at) {
            return millis.format(us / 1000, to, at);
        }

        @Override
        public StringBuffer format(long us, StringBuffer to, FieldPosition at) {
            return format((double) us, to, at);
        }

        @Override
        public Number parse(String text, ParsePosition at) {
            Number ms = millis.parse(text, at);
            return ms == null ? null : ms.doubleValue() * 1000;
        }
    }
}
