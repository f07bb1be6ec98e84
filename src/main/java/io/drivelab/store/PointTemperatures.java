package io.drivelab.store;

import java.util.List;

/**
 * The drive's temperature during one point, sensor by sensor, once a second (docs/telemetry.md).
 *
 * @param drive       the drive the sensors belong to ("nvme0n1"), or null when the target is on no drive
 * @param unavailable why there are no readings ("no drive", "no sensor", "not permitted"), or null when read
 * @param sensors     the drive's hwmon sensors, the composite one first
 */
public record PointTemperatures(String drive, String unavailable, List<Sensor> sensors) {

    public PointTemperatures {
        sensors = List.copyOf(sensors);
    }

    /** A point without readings, and why. */
    public static PointTemperatures unavailable(String drive, String why) {
        return new PointTemperatures(drive, why, List.of());
    }

    /** The sensor throttling is judged by: the composite (NVMe), else the first; null when none. */
    public Sensor primary() {
        return sensors.isEmpty() ? null : sensors.get(0);
    }

    /**
     * One hwmon sensor of the drive.
     *
     * @param label           its hwmon label ("Composite", "Sensor 1"), or "temp2" where the driver gives none
     * @param warningCelsius  temp*_max (NVMe: the controller's WCTEMP), or null when the driver gives none
     * @param criticalCelsius temp*_crit (NVMe: CCTEMP), or null
     */
    public record Sensor(String label, Double warningCelsius, Double criticalCelsius, List<Reading> readings) {
        public Sensor {
            readings = List.copyOf(readings);
        }

        /** The threshold throttling is judged against: the warning one, else the critical one; null when none. */
        public Double threshold() {
            return warningCelsius != null ? warningCelsius : criticalCelsius;
        }
    }

    /** One reading: t_ms on the point's sample clock (from its first I/O; negative before it). */
    public record Reading(long tMs, double celsius) {
    }
}
