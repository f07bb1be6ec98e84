package io.drivelab.cli;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.drivelab.store.PointMeta;
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
    public static String microsOfNanos(Number nanoseconds) {
        return nanoseconds == null ? null : String.format(Locale.ROOT, "%.1f", nanoseconds.doubleValue() / 1000);
    }

    /** Local date and time to the minute, for tables. */
    public static String minutes(Instant instant) {
        return instant == null ? null : MINUTES.format(instant.atZone(ZoneId.systemDefault()));
    }

    /** Local date and time to the second. */
    public static String seconds(Instant instant) {
        return instant == null ? null : SECONDS.format(instant.atZone(ZoneId.systemDefault()));
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
