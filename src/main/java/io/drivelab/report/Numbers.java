package io.drivelab.report;

import java.util.Locale;

/** How reports and the GUI write figures for people. */
public final class Numbers {
    private static final String[] DECIMAL_UNITS = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};

    private Numbers() {
    }

    /** A throughput: "1,234,567", "8,477", "12.3", "0.50": whole numbers from 100 on, else 3 significant digits. */
    public static String figure(double value) {
        if (Math.abs(value) >= 100) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        return String.format(Locale.ROOT, Math.abs(value) >= 10 ? "%.1f" : "%.2f", value);
    }

    /** Microseconds, one decimal: "95.3"; null for no value. */
    public static String micros(Double us) {
        return us == null ? null : String.format(Locale.ROOT, us >= 10_000 ? "%,.0f" : "%.1f", us);
    }

    /** A drive's capacity in decimal units, as drives are sold: "7.68 TB". */
    public static String capacity(long bytes) {
        double value = bytes;
        int unit = 0;
        while (value >= 999.5 && unit < DECIMAL_UNITS.length - 1) {
            value /= 1000;
            unit++;
        }
        if (unit == 0) {
            return bytes + " B";
        }
        return String.format(Locale.ROOT, value < 9.995 ? "%.2f %s" : value < 99.95 ? "%.1f %s" : "%.0f %s", value,
                DECIMAL_UNITS[unit]);
    }
}
