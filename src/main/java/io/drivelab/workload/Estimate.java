package io.drivelab.workload;

import java.time.Duration;

/**
 * How long a plan takes. Timed parts (points, rounds, idle) are known from the plan; fills are not, since they
 * take as long as the drive needs to write the region, so they are counted as passes over the region and bytes.
 *
 * @param timed        all timed parts; steady-state preconditions at their round limit (an upper bound)
 * @param regionPasses sequential passes over the region that fills make
 * @param fixedBytes   bytes that fills with a fixed amount per job write
 */
public record Estimate(Duration timed, int regionPasses, long fixedBytes) {

    /** The total for a region of {@code regionBytes} that the drive writes at {@code bytesPerSecond}. */
    public Duration total(long regionBytes, double bytesPerSecond) {
        double fillBytes = (double) regionPasses * regionBytes + fixedBytes;
        return timed.plusSeconds(Math.round(fillBytes / bytesPerSecond));
    }

    /** Whether the plan has fills, so that its length depends on the drive. */
    public boolean dependsOnDrive() {
        return regionPasses > 0 || fixedBytes > 0;
    }

    /** "5 h 03 min", or "5 h 03 min + 3 passes over the region" when fills depend on the drive. */
    public String describe() {
        StringBuilder sb = new StringBuilder(Units.formatDuration(timed));
        if (regionPasses > 0) {
            sb.append(" + ").append(regionPasses).append(regionPasses == 1 ? " pass" : " passes")
                    .append(" over the region");
        }
        if (fixedBytes > 0) {
            sb.append(" + writing ").append(Units.formatSize(fixedBytes));
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return describe();
    }
}
