package io.drivelab.findings;

import java.text.NumberFormat;
import java.util.Locale;

/** Figures as people read them, in the user's locale: "1.61 M", "62,345", "834", "12.3", "2.3×". */
public final class Figures {
    private Figures() {
    }

    /** Millions as "1.61 M"; from 100 on whole numbers with grouping; below, 3 significant digits. */
    public static String compact(double value) {
        double size = Math.abs(value);
        if (size >= 999_500) {
            return format(value / 1e6, 2) + " M";
        }
        if (size >= 100) {
            return format(value, 0);
        }
        return format(value, size >= 10 ? 1 : 2);
    }

    /**
     * A latency in µs as people read it: "45.2 µs", "834 µs", and from 10,000 µs in ms ("42.7 ms", not "42,658 µs"),
     * where the tables and the charts' axes switch too.
     */
    public static String micros(double us) {
        return Math.abs(us) >= 10_000 ? compact(us / 1000) + " ms" : compact(us) + " µs";
    }

    /** A ratio above 1 as "2.3×". */
    public static String times(double ratio) {
        return format(ratio, ratio >= 10 ? 0 : 1) + "×";
    }

    private static String format(double value, int decimals) {
        NumberFormat f = NumberFormat.getNumberInstance(Locale.getDefault(Locale.Category.FORMAT));
        f.setMinimumFractionDigits(decimals);
        f.setMaximumFractionDigits(decimals);
        return f.format(value);
    }
}
