package io.drivelab.ui;

import io.drivelab.device.DeviceDiscovery;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class SettingsDefaultsTest {
    private static final Path IN_RAM = Path.of("/dev/shm");

    @Test
    void aTemporaryFolderInRamGivesWayToOneOnDisk() {
        Path onDisk = Path.of("target").toAbsolutePath();
        assumeTrue(DeviceDiscovery.memoryFileSystem(IN_RAM).isPresent(), "/dev/shm is a tmpfs here");
        assumeTrue(DeviceDiscovery.memoryFileSystem(onDisk).isEmpty(), "the build folder is on a disk here");

        // /tmp as a tmpfs: the test file goes to /var/tmp's stand-in, on disk
        assertEquals(onDisk.toString(), Settings.defaultFolder(IN_RAM, onDisk));
        // a temporary folder on disk stays the default
        assertEquals(onDisk.toString(), Settings.defaultFolder(onDisk, IN_RAM));
        // with nowhere on disk to go, the temporary folder stays (its card then says it is in RAM)
        assertEquals(IN_RAM.toString(), Settings.defaultFolder(IN_RAM, onDisk.resolve("not-there")));
    }
}
