package io.drivelab.telemetry;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One temperature sensor of a drive as the kernel's hwmon shows it: temp{N}_input in millidegrees Celsius, with
 * temp{N}_label ("Composite", "Sensor 1"), temp{N}_max (NVMe: the controller's warning threshold, WCTEMP) and
 * temp{N}_crit (CCTEMP). Readable by every user; no root needed.
 *
 * @param warningCelsius  temp{N}_max, or null when the driver gives none
 * @param criticalCelsius temp{N}_crit, or null
 */
public record HwmonSensor(String label, Path input, Double warningCelsius, Double criticalCelsius) {

    /** The sensor temp{N} of a hwmon folder; its label is "temp{N}" where the driver gives none. */
    static HwmonSensor of(Path hwmon, String tempN) {
        String label = text(hwmon.resolve(tempN + "_label"));
        return new HwmonSensor(label == null ? tempN : label, hwmon.resolve(tempN + "_input"),
                celsius(hwmon.resolve(tempN + "_max")), celsius(hwmon.resolve(tempN + "_crit")));
    }

    /** The threshold throttling is judged against: the warning one, else the critical one; null when none. */
    public Double threshold() {
        return warningCelsius != null ? warningCelsius : criticalCelsius;
    }

    /**
     * The temperature now, in degrees Celsius.
     *
     * @throws AccessDeniedException when this user may not read it
     * @throws IOException           when it cannot be read now (the drive went away, the driver refused)
     */
    public double read() throws IOException {
        String value = Files.readString(input).trim();
        try {
            return Long.parseLong(value) / 1000.0;
        } catch (NumberFormatException e) {
            throw new IOException(input + " holds \"" + value + "\", not millidegrees", e);
        }
    }

    private static Double celsius(Path file) {
        String value = text(file);
        try {
            return value == null ? null : Long.parseLong(value) / 1000.0;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    static String text(Path file) {
        try {
            String value = Files.readString(file).trim();
            return value.isEmpty() ? null : value;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
