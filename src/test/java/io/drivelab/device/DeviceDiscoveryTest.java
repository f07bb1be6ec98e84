package io.drivelab.device;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Discovery on saved sysfs trees (src/test/resources/sysfs/CASE/{sys,mountinfo,swaps}). */
class DeviceDiscoveryTest {

    static DeviceDiscovery fixture(String name) {
        URL url = DeviceDiscoveryTest.class.getResource("/sysfs/" + name);
        assertNotNull(url, "fixture " + name);
        try {
            Path root = Path.of(url.toURI());
            return new DeviceDiscovery(root.resolve("sys"), root.resolve("mountinfo"), root.resolve("swaps"));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<BlockDevice> list(String fixture) throws IOException {
        return fixture(fixture).list();
    }

    static BlockDevice only(String fixture) throws IOException {
        List<BlockDevice> devices = list(fixture);
        assertEquals(1, devices.size(), () -> "devices: " + devices.stream().map(BlockDevice::name).toList());
        return devices.get(0);
    }

    static BlockDevice named(String fixture, String name) throws IOException {
        return list(fixture).stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    // ---------------------------------------------------------------- NVMe with the root file system

    @Test
    void anNvmeDriveIsDescribedFromItsController() throws IOException {
        BlockDevice nvme = only("nvme-root");

        assertEquals("nvme0n1", nvme.name());
        assertEquals(Path.of("/dev/nvme0n1"), nvme.devPath());
        assertEquals("259:0", nvme.majorMinor());
        assertEquals(Transport.NVME, nvme.transport());
        assertEquals("Samsung SSD 980 PRO 1TB", nvme.model());
        assertEquals("S5GXNX0T123456X", nvme.serial());
        assertEquals("eui.002538b231b633a2", nvme.wwid());
        assertEquals("5B2QGXA7", nvme.firmware());
    }

    @Test
    void capacityIsTheSizeIn512ByteSectors() throws IOException {
        BlockDevice nvme = only("nvme-root");

        assertEquals(1953525168L * 512, nvme.capacityBytes());
        assertEquals(512, nvme.logicalBlockSize());
        assertEquals(512, nvme.physicalBlockSize());
        assertFalse(nvme.rotational());
        assertFalse(nvme.removable());
        assertFalse(nvme.readOnly());
    }

    @Test
    void anNvmeDriveHasItsPcieLinkAndTemperature() throws IOException {
        BlockDevice nvme = only("nvme-root");

        assertEquals(new PcieLink("16.0 GT/s PCIe", 4, "16.0 GT/s PCIe", 4), nvme.pcieLink());
        assertEquals(38.85, nvme.temperatureCelsius());
    }

    @Test
    void partitionsAreListedWithTheirMountPoints() throws IOException {
        BlockDevice nvme = only("nvme-root");

        assertEquals(List.of(
                new Partition("nvme0n1p1", Path.of("/dev/nvme0n1p1"), "259:1", 1, 2048, 1048576L * 512, false,
                        List.of(), List.of(), false),
                new Partition("nvme0n1p2", Path.of("/dev/nvme0n1p2"), "259:2", 2, 1050624, 1952474511L * 512, false,
                        List.of("/"), List.of(), false)), nvme.partitions());
    }

    @Test
    void aDriveWithAMountedPartitionIsMounted() throws IOException {
        BlockDevice nvme = only("nvme-root");

        assertEquals(BlockDevice.State.MOUNTED, nvme.state());
        assertEquals("partition nvme0n1p2 mounted at /", nvme.stateReason());
        assertTrue(nvme.mountPoints().isEmpty(), "the whole disk itself is not mounted");
    }

    // ---------------------------------------------------------------- a free SATA SSD

    @Test
    void aSataSsdIsRecognisedByItsAtaVendor() throws IOException {
        BlockDevice sda = only("sata-free");

        assertEquals(Transport.SATA, sda.transport());
        assertEquals("ATA", sda.vendor());
        assertEquals("Samsung SSD 870 EVO 1TB", sda.model());
        assertEquals("SVT02B6Q", sda.firmware());
        assertEquals("naa.5002538f4123abcd", sda.wwid());
        assertNull(sda.pcieLink());
    }

    @Test
    void aSataSerialComesFromVpdPage80() throws IOException {
        assertEquals("S6PTNZ0R654321A", only("sata-free").serial());
    }

    @Test
    void aSataTemperatureComesFromDrivetemp() throws IOException {
        assertEquals(31.0, only("sata-free").temperatureCelsius());
    }

    @Test
    void aDriveWithoutPartitionsMountsOrHoldersIsFree() throws IOException {
        BlockDevice sda = only("sata-free");

        assertEquals(BlockDevice.State.FREE, sda.state());
        assertEquals("no partitions, not mounted or in use", sda.stateReason());
    }

    @Test
    void aDriveWithPartitionsNoneOfThemUsedHasPartitions() throws IOException {
        BlockDevice sde = only("partitioned");

        assertEquals(BlockDevice.State.HAS_PARTITIONS, sde.state());
        assertEquals("partitions sde1, sde2, none mounted or in use", sde.stateReason());
        assertEquals(4096, sde.physicalBlockSize());
    }

    // ---------------------------------------------------------------- loop and zram

    @Test
    void anActiveLoopDeviceIsListedWithItsBackingFile() throws IOException {
        BlockDevice loop = only("loop-active");

        assertEquals("loop0", loop.name());
        assertEquals(Transport.LOOP, loop.transport());
        assertEquals("/var/tmp/drivelab scratch.img", loop.backingFile());
        assertEquals(1L << 30, loop.capacityBytes());
        assertEquals(BlockDevice.State.FREE, loop.state());
    }

    @Test
    void unusedLoopDevicesAndRamDisksAreLeftOut() throws IOException {
        assertEquals(List.of("loop0"), list("loop-active").stream().map(BlockDevice::name).toList());
    }

    @Test
    void aZramDeviceUsedAsSwapIsInUse() throws IOException {
        BlockDevice zram = only("zram-swap");

        assertEquals("zram0", zram.name());
        assertEquals(Transport.ZRAM, zram.transport());
        assertEquals(4096, zram.logicalBlockSize());
        assertTrue(zram.swap());
        assertEquals(BlockDevice.State.IN_USE, zram.state());
        assertEquals("in use as swap", zram.stateReason());
    }

    // ---------------------------------------------------------------- holders

    @Test
    void aDiskHeldByDeviceMapperIsInUseAndSaysWhatTheHolderIsFor() throws IOException {
        BlockDevice sdb = named("holders", "sdb");

        assertEquals(List.of("dm-0"), sdb.holders());
        assertEquals(BlockDevice.State.IN_USE, sdb.state());
        assertEquals("held by dm-0 (mounted at /srv)", sdb.stateReason());
    }

    @Test
    void aDiskWithAPartitionInARaidIsInUse() throws IOException {
        BlockDevice sdc = named("holders", "sdc");

        assertEquals(List.of("md0"), sdc.partitions().get(0).holders());
        assertEquals(BlockDevice.State.IN_USE, sdc.state());
        assertEquals("partition sdc1 member of md0 (raid1)", sdc.stateReason());
    }

    @Test
    void aDiskWithASwapPartitionIsInUse() throws IOException {
        BlockDevice sdf = named("lvm-root-swap", "sdf");

        assertTrue(sdf.partitions().get(0).swap());
        assertEquals(BlockDevice.State.IN_USE, sdf.state());
        assertTrue(sdf.stateReason().contains("partition sdf1 in use as swap"), sdf.stateReason());
    }

    @Test
    void aDiskBackingTheRootFilesystemThroughLvmIsInUseAndSaysSo() throws IOException {
        BlockDevice sdf = named("lvm-root-swap", "sdf");

        assertTrue(sdf.mountPoints().isEmpty() && sdf.partitions().stream().allMatch(p -> p.mountPoints().isEmpty()),
                "nothing on the disk itself is mounted: the root is on the LVM volume");
        assertEquals(BlockDevice.State.IN_USE, sdf.state());
        assertTrue(sdf.stateReason().contains("partition sdf2") && sdf.stateReason().contains("mounted at /)"),
                sdf.stateReason());
    }

    @Test
    void aDeviceMapperVolumeIsMatchedToItsMapperNameInTheMountTable() throws IOException {
        BlockDevice dm = named("holders", "dm-0");

        assertEquals(Transport.DM, dm.transport());
        assertEquals(List.of("/srv"), dm.mountPoints());
        assertEquals(BlockDevice.State.MOUNTED, dm.state());
        assertEquals("mounted at /srv", dm.stateReason());
    }

    @Test
    void listsDevicesInNaturalNameOrder() throws IOException {
        assertEquals(List.of("dm-0", "md0", "sdb", "sdc"),
                list("holders").stream().map(BlockDevice::name).toList());
    }

    // ---------------------------------------------------------------- other layouts

    @Test
    void aBtrfsMountIsFoundByItsSourceDevice() throws IOException {
        BlockDevice sdd = only("btrfs");

        assertEquals(BlockDevice.State.MOUNTED, sdd.state());
        assertEquals("partition sdd1 mounted at /mnt/data pool", sdd.stateReason());
        assertTrue(sdd.rotational());
    }

    @Test
    void withNvmeMultipathTheLinkAndSensorAreOnTheSubsystemsController() throws IOException {
        BlockDevice nvme = only("nvme-multipath");

        assertEquals("nvme1n1", nvme.name(), "the hidden per-path node nvme1c1n1 is left out");
        assertEquals("WD_BLACK SN850X 2000GB", nvme.model());
        assertEquals("23170Y800123", nvme.serial());
        assertEquals(new PcieLink("8.0 GT/s PCIe", 2, "16.0 GT/s PCIe", 4), nvme.pcieLink());
        assertEquals(45.85, nvme.temperatureCelsius());
        assertEquals(4096, nvme.logicalBlockSize());
    }

    @Test
    void aReadOnlyDeviceIsReadOnly() throws IOException {
        BlockDevice sr0 = only("optical");

        assertEquals(Transport.SCSI, sr0.transport());
        assertTrue(sr0.removable());
        assertEquals(BlockDevice.State.READ_ONLY, sr0.state());
        assertEquals("read-only", sr0.stateReason());
    }

    // ---------------------------------------------------------------- lookup

    @Test
    void findsADeviceByItsPath() throws IOException {
        assertEquals("sda", fixture("sata-free").findByPath(Path.of("/dev/sda")).orElseThrow().name());
    }

    @Test
    void findsTheDeviceHoldingAPartition() throws IOException {
        assertEquals("nvme0n1", fixture("nvme-root").find("nvme0n1p2").orElseThrow().name());
    }

    @Test
    void findsNothingForAnUnknownPath() throws IOException {
        assertTrue(fixture("sata-free").find("/dev/sdq").isEmpty());
    }

    @Test
    void withoutAMountTableDiscoveryFailsRatherThanCallADiskFree() {
        DeviceDiscovery discovery = new DeviceDiscovery(Path.of("/nonexistent/sys"), Path.of("/nonexistent/mi"),
                Path.of("/nonexistent/swaps"));
        assertThrows(IOException.class, discovery::list);
    }
}
