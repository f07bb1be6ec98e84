package io.drivelab.device;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static io.drivelab.device.DeviceDiscoveryTest.named;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A device under a loop device is in use (issue 10, item 2): the kernel records no holder for a loop device, so
 * discovery finds the loop devices backed by a device or its partitions, and what uses them, all the way up.
 * Fixture: loop40 (a file) ← loop42 ← loop43 mounted at /mnt/inner; sdx1 ← loop41 mounted at /mnt/on-partition.
 */
class StackedDeviceTest {

    @Test
    void aDeviceBackingALoopDeviceIsInUseAndSaysWhatIsStackedOnIt() throws IOException {
        BlockDevice loop42 = named("loop-stacked", "loop42");

        assertEquals(BlockDevice.State.IN_USE, loop42.state());
        assertEquals(List.of("loop43"), loop42.holders());
        assertEquals("backing loop43 (mounted at /mnt/inner)", loop42.stateReason());
    }

    @Test
    void aLoopOverALoopOverTheDeviceMountedMakesItInUse() throws IOException {
        BlockDevice loop40 = named("loop-stacked", "loop40");

        assertEquals(BlockDevice.State.IN_USE, loop40.state());
        assertEquals("backing loop42 (backing loop43 (mounted at /mnt/inner))", loop40.stateReason());
    }

    @Test
    void aDiskWhosePartitionBacksALoopDeviceIsInUse() throws IOException {
        BlockDevice sdx = named("loop-stacked", "sdx");

        assertEquals(List.of("loop41"), sdx.partitions().get(0).holders());
        assertEquals(BlockDevice.State.IN_USE, sdx.state());
        assertEquals("partition sdx1 backing loop41 (mounted at /mnt/on-partition)", sdx.stateReason());
    }

    @Test
    void theTopOfTheStackIsMountedAndNothingIsStackedOnIt() throws IOException {
        BlockDevice loop43 = named("loop-stacked", "loop43");

        assertEquals(BlockDevice.State.MOUNTED, loop43.state());
        assertEquals(List.of(), loop43.holders());
    }
}
