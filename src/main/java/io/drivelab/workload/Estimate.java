package io.drivelab.workload;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How long a plan takes. Timed parts (points, rounds, idle) are known from the plan; fills are not, since they
 * take as long as the drive needs to write the region, so they are counted as passes over the region and bytes.
 *
 * @param timed        all timed parts; steady-state preconditions at their round limit (an upper bound)
 * @param regionPasses sequential passes over the region that fills make, and what checkpoints that are a share of
 *                     the target write, as passes (7.68 for 36 checkpoints of 21.3 %)
 * @param fixedBytes   bytes that fills with a fixed amount per job, or checkpoints of a fixed size, write
 */
public record Estimate(Duration timed, double regionPasses, long fixedBytes) {

    /** The total for a region of {@code regionBytes} that the drive writes at {@code bytesPerSecond}. */
    public Duration total(long regionBytes, double bytesPerSecond) {
        double fillBytes = regionPasses * regionBytes + fixedBytes;
        return timed.plusSeconds(Math.round(fillBytes / bytesPerSecond));
    }

    /** Whether the plan has fills, so that its length depends on the drive. */
    public boolean dependsOnDrive() {
        return regionPasses > 0 || fixedBytes > 0;
    }

    /**
     * "5 h 03 min", or "5 h 03 min + 3 passes over the region" when fills depend on the drive ("3 passes over the
     * region" alone when nothing is timed).
     */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (!timed.isZero() || !dependsOnDrive()) {
            parts.add(Units.formatDuration(timed));
        }
        if (regionPasses > 0) {
            parts.add(passes(regionPasses) + " over the region");
        }
        if (fixedBytes > 0) {
            parts.add("writing " + Units.formatSize(fixedBytes));
        }
        return String.join(" + ", parts);
    }

    /** "1 pass", "3 passes", "7.7 passes". */
    static String passes(double passes) {
        boolean whole = Math.abs(passes - Math.rint(passes)) < 0.05;
        String count = whole ? String.valueOf(Math.round(passes)) : String.format(Locale.ROOT, "%.1f", passes);
        return count + (whole && Math.round(passes) == 1 ? " pass" : " passes");
    }

    @Override
    public String toString() {
        return describe();
    }
}
