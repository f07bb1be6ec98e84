package io.drivelab.report;

import java.util.Locale;

/** How reports and the GUI write figures for people. */
public final class Numbers {
    private static final String[] DECIMAL_UNITS = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};

    private Numbers() {
    }

    /**
     * A throughput: "1,234,567", "8,477", "12.3", "0.50": whole numbers from 100 on, else 3 significant digits,
     * grouped as the user's locale groups them.
     */
    public static String figure(double value) {
        return format(value, Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
    }

    /** Microseconds, one decimal, grouped from 10,000 on without decimals: "95.3"; null for no value. */
    public static String micros(Double us) {
        return us == null ? null : format(us, us >= 10_000 ? 0 : 1);
    }

    /** Microseconds as milliseconds, two decimals up to 100 ms: "28.97", "303.7"; null for no value. */
    public static String millis(Double us) {
        return us == null ? null : format(us / 1000, us >= 100_000 ? 1 : 2);
    }

    /** A latency in the unit that keeps it short: "95.3 µs", "2.47 ms", "303.7 ms", "2.41 s"; null for none. */
    public static String latency(Double us) {
        if (us == null) {
            return null;
        }
        if (us >= 1_000_000) {
            return format(us / 1e6, 2) + " s";
        }
        return us >= 1000 ? format(us / 1000, us >= 10_000 ? 1 : 2) + " ms" : format(us, 1) + " µs";
    }

    /** A throughput with its unit, MB/s growing into GB/s from 10,000 MB/s: {"12.3", "GB/s"}, {"8,477", "IOPS"}. */
    public static String[] throughput(double value, Throughput unit) {
        if (unit == Throughput.MB_S && value >= 10_000) {
            return new String[]{format(value / 1000, 1), "GB/s"};
        }
        return new String[]{figure(value), unit.label()};
    }

    private static String format(double value, int decimals) {
        java.text.NumberFormat f = java.text.NumberFormat.getNumberInstance(
                Locale.getDefault(Locale.Category.FORMAT));
        f.setMinimumFractionDigits(decimals);
        f.setMaximumFractionDigits(decimals);
        return f.format(value);
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
