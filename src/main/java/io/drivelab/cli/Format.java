package io.drivelab.cli;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.drivelab.store.PointMeta;
import io.drivelab.workload.BlockSizeMix;
import io.drivelab.workload.Units;

/** How the command line writes figures for people; exact sizes and durations come from {@link Units}. */
public final class Format {
    private static final DateTimeFormatter MINUTES = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT);
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    private Format() {
    }

    /**
     * A drive's capacity in decimal units, three significant digits: "1.00 TB", "240 GB". Decimal because drives are
     * sold that way, so a "1TB" model reads 1.00 TB rather than 931 GiB.
     */
    public static String capacity(long bytes) {
        return io.drivelab.report.Numbers.capacity(bytes);
    }

    /** IOPS for a table: whole numbers, one decimal below 100. */
    public static String iops(double iops) {
        return String.format(Locale.ROOT, iops < 100 ? "%.1f" : "%.0f", iops);
    }

    /** Throughput in MB/s (10^6 bytes per second, as fio's and the reviews' MB/s), one decimal. */
    public static String megabytesPerSecond(long bytesPerSecond) {
        return String.format(Locale.ROOT, "%.1f", bytesPerSecond / 1e6);
    }

    /** Nanoseconds as microseconds with one decimal; null stays null (shown as "-"). */
    public static String micros(Number nanoseconds) {
        return nanoseconds == null ? null : String.format(Locale.ROOT, "%.1f", nanoseconds.doubleValue() / 1000);
    }

    /** A value rounded to {@code scale} decimals without trailing zeros, for exports: 409.602048 → 409.602. */
    public static BigDecimal exact(double value, int scale) {
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(scale, RoundingMode.HALF_UP).stripTrailingZeros();
        // stripTrailingZeros turns 500 into 5E+2; keep it a plain integer.
        return rounded.scale() < 0 ? rounded.setScale(0) : rounded;
    }

    /** Local date and time to the minute, for tables. */
    public static String minutes(Instant instant) {
        return instant == null ? null : MINUTES.format(instant.atZone(ZoneId.systemDefault()));
    }

    /** Local date and time to the second. */
    public static String seconds(Instant instant) {
        return instant == null ? null : SECONDS.format(instant.atZone(ZoneId.systemDefault()));
    }

    /**
     * A point's transfer size, short: "4k", or for a mix its most frequent size, "128k-mix" (a CDN mix has 30+
     * sizes; the export has the whole mix).
     */
    public static String transfer(PointMeta meta) {
        if (meta.bs() != null) {
            return Units.formatSize(meta.bs());
        }
        try {
            return Units.formatSize(BlockSizeMix.parse(meta.bsMix()).dominantBs()) + "-mix";
        } catch (RuntimeException e) {
            // A mix this version cannot read still shows, as stored.
            return meta.bsMix();
        }
    }

    /** Text broken into lines of at most {@code width} characters (longer words stay whole); none for blank text. */
    public static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.strip().split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() > 0 ? " " : "").append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }

    /** The access pattern, with the read share of a mixed one: "randrw 70% read". */
    public static String rw(PointMeta meta) {
        return meta.rwmixread() == null ? meta.rw() : meta.rw() + " " + meta.rwmixread() + "% read";
    }
}
