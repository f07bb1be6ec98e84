package io.drivelab.device;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Discovery on the real /sys of the machine running the tests. */
@EnabledOnOs(OS.LINUX)
class DeviceDiscoveryOnThisMachineTest {

    @Test
    void everyListedDeviceHasACapacityAndADevNode() throws IOException {
        List<BlockDevice> devices = new DeviceDiscovery().list();

        for (BlockDevice device : devices) {
            assertTrue(device.capacityBytes() >= 0, device.name() + " capacity " + device.capacityBytes());
            assertTrue(Files.exists(device.devPath()), device.devPath() + " does not exist");
            assertNotNull(device.state(), device.name());
            assertFalse(device.stateReason().isBlank(), device.name());
        }
    }
}
