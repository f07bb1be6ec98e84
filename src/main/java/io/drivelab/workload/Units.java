package io.drivelab.workload;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes and durations the way plans, the engine and fio write them.
 *
 * <p>Sizes use binary units like the engine and fio: {@code 4k} = {@code 4K} = {@code 4KiB} = {@code 4kb} = 4096;
 * the suffixes are b, k, m, g, t, p. Durations are whole seconds, optionally with s, m or h.
 */
public final class Units {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(?:([kmgtp])(?:i?b)?|b)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern SECONDS = Pattern.compile("(\\d+)\\s*([smh]?)", Pattern.CASE_INSENSITIVE);
    private static final String SIZE_LETTERS = "kmgtp";

    private Units() {
    }

    /**
     * Bytes in a size such as "4k", "128K", "1m", "1MiB", "4096".
     *
     * @throws IllegalArgumentException naming the text when it is not a size
     */
    public static long parseSize(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("\"" + text + "\" is not a size (e.g. 4096, 4k, 128K, 1m, 1MiB)");
        }
        int shift = m.group(2) == null ? 0 : 10 * (1 + SIZE_LETTERS.indexOf(m.group(2).toLowerCase(Locale.ROOT)));
        try {
            long n = Long.parseLong(m.group(1));
            if (shift > 0 && n > (Long.MAX_VALUE >> shift)) {
                throw new NumberFormatException();
            }
            return n << shift;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + text + "\" is too large a size", e);
        }
    }

    /** The shortest exact form in the engine's syntax: 4096 → "4k", 1048576 → "1m", 1000 → "1000". */
    public static String formatSize(long bytes) {
        if (bytes == 0) {
            return "0";
        }
        for (int i = SIZE_LETTERS.length(); i >= 1; i--) {
            long unit = 1L << (10 * i);
            if (bytes % unit == 0) {
                return (bytes / unit) + String.valueOf(SIZE_LETTERS.charAt(i - 1));
            }
        }
        return Long.toString(bytes);
    }

    /**
     * Seconds in a duration such as "300", "300s", "5m", "3h".
     *
     * @throws IllegalArgumentException naming the text when it is not a duration
     */
    public static long parseSeconds(String text) {
        Matcher m = SECONDS.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("\"" + text + "\" is not a duration (seconds, or e.g. 90s, 5m, 3h)");
        }
        long factor = switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "m" -> 60;
            case "h" -> 3600;
            default -> 1;
        };
        try {
            return Math.multiplyExact(Long.parseLong(m.group(1)), factor);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("\"" + text + "\" is too long a duration", e);
        }
    }

    /** A duration for people: "45 s", "12 min", "3 h 05 min", "2 d 4 h". */
    public static String formatDuration(Duration d) {
        long s = d.getSeconds();
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            long min = s / 60;
            long sec = s % 60;
            return sec == 0 ? min + " min" : String.format(Locale.ROOT, "%d min %02d s", min, sec);
        }
        long minutes = (s + 30) / 60;
        if (minutes < 48 * 60) {
            return String.format(Locale.ROOT, "%d h %02d min", minutes / 60, minutes % 60);
        }
        long hours = (s + 1800) / 3600;
        return String.format(Locale.ROOT, "%d d %d h", hours / 24, hours % 24);
    }
}
