package io.drivelab.fio;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A fio release as {@code fio --version} prints it ("fio-3.33"). */
public record FioVersion(int major, int minor, String text) implements Comparable<FioVersion> {
    /** The oldest fio DriveLab measures with: the exec engine of the idle pauses and json+ per interval. */
    public static final FioVersion OLDEST = new FioVersion(3, 29, "fio-3.29");

    private static final Pattern VERSION = Pattern.compile("fio-(\\d+)\\.(\\d+)");

    /** The version in {@code text} (e.g. "fio-3.33", "fio-3.36-12-gabcdef"), empty when it names none. */
    public static Optional<FioVersion> parse(String text) {
        Matcher m = VERSION.matcher(text == null ? "" : text.strip());
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(new FioVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                text.strip()));
    }

    public boolean isAtLeast(FioVersion other) {
        return compareTo(other) >= 0;
    }

    /** Same release (major.minor): fio's client and server refuse each other otherwise. */
    public boolean sameRelease(FioVersion other) {
        return major == other.major && minor == other.minor;
    }

    @Override
    public int compareTo(FioVersion o) {
        return major != o.major ? Integer.compare(major, o.major) : Integer.compare(minor, o.minor);
    }

    @Override
    public String toString() {
        return text;
    }
}
