package io.drivelab.device;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static io.drivelab.device.DeviceDiscoveryTest.fixture;
import static io.drivelab.device.DeviceDiscoveryTest.list;
import static io.drivelab.device.DeviceDiscoveryTest.named;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * md RAID and device-mapper multipath devices from saved sysfs trees (src/test/resources/sysfs/md-raid and
 * dm-multipath): listed like drives with their members, and their members in use by them.
 */
class ArrayDiscoveryTest {

    // ---------------------------------------------------------------- md RAID

    @Test
    void anMdArrayIsListedWithItsLevelAndMembers() throws IOException {
        BlockDevice md0 = named("md-raid", "md0");

        assertEquals(Transport.MD, md0.transport());
        assertEquals("raid1", md0.arrayType());
        assertEquals(List.of("nvme0n1", "nvme1n1"), md0.members());
        assertEquals("md raid1 of nvme0n1, nvme1n1", md0.composition());
        assertEquals(15002667008L * 512, md0.capacityBytes());
    }

    @Test
    void anUnmountedArrayIsFreeToTestLikeADrive() throws IOException {
        BlockDevice md0 = named("md-raid", "md0");

        assertEquals(BlockDevice.State.FREE, md0.state());
        assertEquals(Path.of("/dev/md0"), md0.devPath());
    }

    @Test
    void theMembersOfAnArrayAreInUseByIt() throws IOException {
        BlockDevice nvme0 = named("md-raid", "nvme0n1");

        assertEquals(BlockDevice.State.IN_USE, nvme0.state());
        assertEquals("member of md0 (raid1)", nvme0.stateReason());
        assertNull(nvme0.arrayType(), "a member is a plain disk");
    }

    @Test
    void partitionsInAMountedArraySayWhichArrayAndWhere() throws IOException {
        BlockDevice sdb = named("md-raid", "sdb");
        BlockDevice md1 = named("md-raid", "md1");

        assertEquals(BlockDevice.State.IN_USE, sdb.state());
        assertEquals("partition sdb1 member of md1 (raid5, mounted at /data)", sdb.stateReason());
        assertEquals(List.of("sda1", "sdb1", "sdc1"), md1.members());
        assertEquals(BlockDevice.State.MOUNTED, md1.state());
    }

    @Test
    void allDevicesOfTheRaidSystemAreListed() throws IOException {
        assertEquals(List.of("md0", "md1", "nvme0n1", "nvme1n1", "nvme2n1", "sda", "sdb", "sdc"),
                list("md-raid").stream().map(BlockDevice::name).toList());
    }

    // ---------------------------------------------------------------- device-mapper multipath

    @Test
    void aMultipathDeviceIsListedWithItsPaths() throws IOException {
        BlockDevice mpathb = named("dm-multipath", "dm-2");

        assertEquals(Transport.DM, mpathb.transport());
        assertEquals("multipath", mpathb.arrayType());
        assertEquals("mpathb", mpathb.mapperName());
        assertEquals(List.of("sdc", "sdd"), mpathb.members());
        assertEquals("multipath mpathb of sdc, sdd", mpathb.composition());
        assertEquals(BlockDevice.State.FREE, mpathb.state());
    }

    @Test
    void thePathsOfAMultipathDeviceAreInUseByItAndSayWhatIsStackedAbove() throws IOException {
        BlockDevice sda = named("dm-multipath", "sda");

        assertEquals(BlockDevice.State.IN_USE, sda.state());
        assertEquals("path of multipath mpatha (dm-0, held by dm-1 (mounted at /srv))", sda.stateReason());
    }

    @Test
    void aMultipathDeviceUnderAnLvmVolumeIsInUse() throws IOException {
        BlockDevice mpatha = named("dm-multipath", "dm-0");
        BlockDevice lv = named("dm-multipath", "dm-1");

        assertEquals(BlockDevice.State.IN_USE, mpatha.state());
        assertEquals("held by dm-1 (mounted at /srv)", mpatha.stateReason());
        assertEquals("lvm", lv.arrayType());
        assertEquals("lvm vgsan-data on dm-0", lv.composition());
        assertEquals(BlockDevice.State.MOUNTED, lv.state());
    }

    @Test
    void aMultipathDeviceIsFoundByItsMapperPathsTarget() throws IOException {
        // /dev/mapper/mpathb is a link to ../dm-2 on a real system; the fixture has no /dev, so look up dm-2
        assertEquals("mpathb", fixture("dm-multipath").find("dm-2").orElseThrow().mapperName());
    }

    @Test
    void aPlainDiskHasNoComposition() throws IOException {
        BlockDevice nvme2 = named("md-raid", "nvme2n1");

        assertNull(nvme2.composition());
        assertTrue(nvme2.members().isEmpty());
    }
}
