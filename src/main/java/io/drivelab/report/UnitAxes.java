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
import org.jfree.chart.plot.ValueAxisPlot;
import org.jfree.data.Range;

/**
 * Axes whose unit grows with their figures: latency in µs reads in ms, and MB/s in GB/s, once the axis reaches
 * 10,000 of the small unit ("14" under "(ms)", not "14,000" under "(µs)"), where the tables switch too
 * ({@link Percentiles#unit}, {@link Numbers#throughput}). The figures stay in the small unit, so an axis changes unit
 * as the live view's figures grow without its series being rewritten; a tooltip says a figure in the unit the axis
 * reads in ({@link #shown}), copied figures stay in the small unit ({@link #figuresLabel}).
 */
public final class UnitAxes {
    /** A unit, and the one 1,000 times larger an axis reads in once it reaches 10,000 of it (null: none). */
    record Scale(String small, String large) implements java.io.Serializable {
        static final double LARGE_FROM = 10_000;
    }

    private static final Scale MICROSECONDS = new Scale("µs", "ms");
    private static final Scale MEGABYTES = new Scale("MB/s", "GB/s");
    private static final ThreadLocal<LocalFormat> FIGURES = new ThreadLocal<>();

    private UnitAxes() {
    }

    /** A latency axis, "mean latency (µs)": linear from zero, or base-10 log when {@code log}. */
    static ValueAxis latency(String what, boolean log) {
        return of(new Shows(what, MICROSECONDS), log);
    }

    /** A throughput axis, "IOPS" or "MB/s" growing into "GB/s": linear from zero, or base-10 log when {@code log}. */
    static ValueAxis throughput(Throughput unit, boolean log) {
        return of(new Shows(null, scale(unit)), log);
    }

    /** Changes the unit of a {@link #throughput} axis (the live view reuses its charts from workload to workload). */
    static void setThroughput(ValueAxis axis, Throughput unit) {
        if (axis instanceof Scaled scaled) {
            scaled.shows(new Shows(scaled.shows().what(), scale(unit)));
            axis.setLabel(axis.getLabel());  // tells the chart
        } else {
            axis.setLabel(unit.label());
        }
    }

    /**
     * The axis on a log or a linear scale: the same figure and unit, fonts and colours; the axis itself where it is
     * on that scale already, or is not one of these (IODepth's).
     */
    static ValueAxis onScale(ValueAxis axis, boolean log) {
        if (!(axis instanceof Scaled scaled) || axis instanceof LogAxis == log) {
            return axis;
        }
        ValueAxis other = of(scaled.shows(), log);
        other.setLabelFont(axis.getLabelFont());
        other.setLabelPaint(axis.getLabelPaint());
        other.setTickLabelFont(axis.getTickLabelFont());
        other.setTickLabelPaint(axis.getTickLabelPaint());
        other.setAxisLinePaint(axis.getAxisLinePaint());
        other.setTickMarkPaint(axis.getTickMarkPaint());
        return other;
    }

    /** The axis's label in the unit of its figures ("mean latency (µs)", "MB/s"); null for no axis. */
    public static String figuresLabel(ValueAxis axis) {
        if (axis instanceof Scaled scaled) {
            return scaled.label(false);
        }
        return axis == null ? null : axis.getLabel();
    }

    /** A figure as the axis reads now: "14.2 mean latency (ms)", "523.1 mean latency (µs)", "1,950 IOPS". */
    static String shown(ValueAxis axis, double value) {
        return figure(axis, value) + " " + axis.getLabel();
    }

    /** A figure in the unit the axis reads in now, without it: "14.2", "1,950". */
    static String figure(ValueAxis axis, double value) {
        return figures().format(axis instanceof Scaled scaled && scaled.large() ? value / 1000 : value);
    }

    /**
     * The user's number format, one per thread (a format is not thread-safe) and made again if the locale changes:
     * a chart's drawing writes every point's tip, thousands for the live view's samples, and a new format for each
     * was 8 % of that drawing.
     */
    private static NumberFormat figures() {
        Locale now = Locale.getDefault(Locale.Category.FORMAT);
        LocalFormat format = FIGURES.get();
        if (format == null || !format.locale().equals(now)) {
            format = new LocalFormat(now, NumberFormat.getNumberInstance(now));
            FIGURES.set(format);
        }
        return format.format();
    }

    private record LocalFormat(Locale locale, NumberFormat format) {
    }

    private static Scale scale(Throughput unit) {
        return unit == Throughput.MB_S ? MEGABYTES : new Scale(unit.label(), null);
    }

    private static ValueAxis of(Shows shows, boolean log) {
        if (log) {
            return Charts.logAxis(new Log(shows));
        }
        Linear axis = new Linear(shows);
        axis.setAutoRangeIncludesZero(true);
        return axis;
    }

    /** What an axis shows: a figure ("mean latency"; null: its unit alone) and its unit's scale. */
    private record Shows(String what, Scale scale) implements java.io.Serializable {
    }

    /** What the two kinds of axis share: "what (unit)", or the unit alone, in the unit the range calls for. */
    private interface Scaled {
        Shows shows();

        void shows(Shows shows);

        double getUpperBound();

        default boolean large() {
            return shows().scale().large() != null && getUpperBound() >= Scale.LARGE_FROM;
        }

        default String label(boolean asShown) {
            String unit = asShown && large() ? shows().scale().large() : shows().scale().small();
            return shows().what() == null ? unit : shows().what() + " (" + unit + ")";
        }
    }

    private static final class Linear extends NumberAxis implements Scaled {
        private static final long serialVersionUID = 1L;
        private Shows shows;

        Linear(Shows shows) {
            this.shows = shows;
        }

        @Override
        public Shows shows() {
            return shows;
        }

        @Override
        public void shows(Shows shows) {
            this.shows = shows;
        }

        @Override
        public String getLabel() {
            return label(true);
        }

        @Override
        public NumberFormat getNumberFormatOverride() {
            // a new format each time: a chart's copy is drawn on another thread, and a format is not thread-safe
            return large() ? new Thousands() : super.getNumberFormatOverride();
        }
    }

    private static final class Log extends LogAxis implements Scaled {
        private static final long serialVersionUID = 1L;
        private Shows shows;

        Log(Shows shows) {
            this.shows = shows;
        }

        @Override
        public Shows shows() {
            return shows;
        }

        @Override
        public void shows(Shows shows) {
            this.shows = shows;
        }

        @Override
        public String getLabel() {
            return label(true);
        }

        /**
         * Where no power of ten falls in the range (its ticks are labelled at powers of ten only), it spans the
         * decade around its figures: reference drives at 6,300-9,000 MB/s had an axis without one figure on it.
         */
        @Override
        protected void autoAdjustRange() {
            super.autoAdjustRange();
            Range data = isAutoRange() && getPlot() instanceof ValueAxisPlot plot ? plot.getDataRange(this) : null;
            if (data == null || Math.floor(Math.log10(getUpperBound())) >= Math.ceil(Math.log10(getLowerBound()))) {
                return;
            }
            double lower = Math.max(data.getLowerBound(), getSmallestValue());
            double from = Math.pow(10, Math.floor(Math.log10(lower)));
            double to = Math.pow(10, Math.ceil(Math.log10(Math.max(data.getUpperBound(), lower))));
            setRange(new Range(from, Math.max(to, from * 10)), false, false);
        }

        @Override
        protected AttributedString createTickLabel(double value) {
            if (!large()) {
                return super.createTickLabel(value);
            }
            AttributedString text = new AttributedString(new Thousands().format(value));
            text.addAttribute(TextAttribute.FONT, getTickLabelFont());
            return text;
        }
    }

    /** Figures written in the unit 1,000 times larger, grouped as the user's locale groups them: 14000 -> "14". */
    private static final class Thousands extends NumberFormat {
        private static final long serialVersionUID = 1L;
        private final NumberFormat large = NumberFormat.getNumberInstance(Locale.getDefault(Locale.Category.FORMAT));

        Thousands() {
            large.setMaximumFractionDigits(3);
        }

        @Override
        public StringBuffer format(double small, StringBuffer to, FieldPosition at) {
            return large.format(small / 1000, to, at);
        }

        @Override
        public StringBuffer format(long small, StringBuffer to, FieldPosition at) {
            return format((double) small, to, at);
        }

        @Override
        public Number parse(String text, ParsePosition at) {
            Number figure = large.parse(text, at);
            return figure == null ? null : figure.doubleValue() * 1000;
        }
    }
}
