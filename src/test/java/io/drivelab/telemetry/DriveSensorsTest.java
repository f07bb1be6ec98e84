package io.drivelab.telemetry;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The sensors of a target's drive, on saved sysfs trees. */
class DriveSensorsTest {

    @TempDir
    Path dir;

    @Test
    void aFileOnAnNvmeDriveHasItsControllersSensorsWithTheirLabelsAndThresholds() throws IOException {
        SavedSysfs sysfs = SavedSysfs.copy("nvme-thermal", dir).holding("nvme0n1", dir);

        DriveSensors sensors = DriveSensors.of(dir.resolve("test.img"), sysfs.sys());

        assertEquals("nvme0n1", sensors.drive());
        assertNull(sensors.unavailable());
        assertEquals(List.of("Composite", "Sensor 1", "Sensor 2"),
                sensors.sensors().stream().map(HwmonSensor::label).toList());
        HwmonSensor composite = sensors.sensors().get(0);
        assertEquals(81.85, composite.warningCelsius(), 1e-9);
        assertEquals(84.85, composite.criticalCelsius(), 1e-9);
        assertArrayEquals(new Double[] {41.85, 44.85, 38.85}, sensors.read());
    }

    @Test
    void aReadingFollowsTheSensor() throws IOException {
        SavedSysfs sysfs = SavedSysfs.copy("nvme-thermal", dir).holding("nvme0n1", dir);
        DriveSensors sensors = DriveSensors.of(dir.resolve("test.img"), sysfs.sys());

        sysfs.setComposite(83.5);

        assertEquals(83.5, sensors.read()[0], 1e-9);
    }

    @Test
    void aSataDriveWithDrivetempHasAnUnlabelledSensorWithoutThresholds() throws IOException {
        SavedSysfs sysfs = SavedSysfs.copy("sata-free", dir).holding("sda", dir);

        DriveSensors sensors = DriveSensors.of(dir, sysfs.sys());

        assertEquals("sda", sensors.drive());
        assertEquals(1, sensors.sensors().size());
        assertEquals("temp1", sensors.sensors().get(0).label());
        assertNull(sensors.sensors().get(0).warningCelsius());
        assertEquals(31.0, sensors.read()[0], 1e-9);
    }

    @Test
    void aDriveWithoutHwmonSaysNoSensorNotZero() throws IOException {
        SavedSysfs sysfs = SavedSysfs.copy("nvme-thermal", dir).holding("nvme0n1", dir);
        try (var files = Files.walk(sysfs.sys().resolve("block/nvme0n1/device/hwmon2"))) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }

        DriveSensors sensors = DriveSensors.of(dir.resolve("test.img"), sysfs.sys());

        assertEquals("nvme0n1", sensors.drive());
        assertEquals(DriveSensors.NO_SENSOR, sensors.unavailable());
        assertEquals(List.of(), sensors.sensors());
    }

    @Test
    void aFileOnAFileSystemOfNoListedDriveIsOnNoDrive() throws IOException {
        SavedSysfs sysfs = SavedSysfs.copy("nvme-thermal", dir);  // nvme0n1 keeps 259:0, not this folder's

        DriveSensors sensors = DriveSensors.of(dir.resolve("test.img"), sysfs.sys());

        assertNull(sensors.drive());
        assertEquals(DriveSensors.NO_DRIVE, sensors.unavailable());
    }
}
