package io.drivelab.device;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MountTableTest {

    @Test
    void unescapesOctalEscapesInPaths() {
        assertEquals("/mnt/my disk\\x", MountTable.unescape("/mnt/my\\040disk\\134x"));
    }

    @Test
    void leavesABackslashThatIsNoEscape() {
        assertEquals("/mnt/a\\9", MountTable.unescape("/mnt/a\\9"));
    }

    @Test
    void naturalOrderComparesNumbersAsNumbers() {
        assertEquals(List.of("loop2", "loop10", "nvme2n1", "nvme10n1", "sda", "sdb"),
                Stream.of("sdb", "nvme10n1", "loop10", "sda", "nvme2n1", "loop2")
                        .sorted(DeviceDiscovery.NATURAL_ORDER).toList());
    }
}
