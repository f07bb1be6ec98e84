package io.drivelab.device;

import java.nio.file.Path;
import java.util.List;

/**
 * A whole block device as the kernel shows it in /sys/block. Text attributes are null when the kernel does
 * not provide them for this kind of device.
 *
 * @param majorMinor         device number as in sysfs "dev" ("259:0")
 * @param serial             serial number (NVMe/virtio serial, or SCSI VPD page 0x80), null when unreadable
 * @param wwid               world-wide identifier ("eui.…", "naa.…", "t10.…") where the kernel has one
 * @param firmware           firmware revision (NVMe firmware_rev, SCSI/SATA rev)
 * @param capacityBytes      size in bytes (sysfs size is in 512-byte sectors whatever the block size)
 * @param pcieLink           the NVMe drive's PCIe link, or null
 * @param temperatureCelsius drive temperature from its hwmon sensor, or null when there is none
 * @param backingFile        a loop device's backing file, else null
 * @param mountPoints        where the whole device (not a partition) is mounted
 * @param swap               whether the whole device is an active swap area
 * @param holders            devices built on the whole device (dm-*, md*)
 * @param state              whether it can be tested destructively, and why not
 * @param stateReason        a short human explanation of the state ("partition nvme0n1p2 mounted at /")
 * @param members            for an md array or a device-mapper device: the devices it is built on (sysfs
 *                           "slaves": whole disks or partitions, "nvme0n1", "sda1"), in natural order; else empty
 * @param arrayType          what kind of combined device it is: the md RAID level ("raid1", "raid5"), or for
 *                           device-mapper "multipath", "lvm", "crypt", "partition" or "dm"; null for a plain disk
 * @param mapperName         a device-mapper device's name (/dev/mapper/NAME: "mpatha", "vg0-data"), else null
 */
public record BlockDevice(String name, Path devPath, String majorMinor, Transport transport, String model,
                          String vendor, String serial, String wwid, String firmware, long capacityBytes,
                          int logicalBlockSize, int physicalBlockSize, boolean rotational, boolean removable,
                          boolean readOnly, PcieLink pcieLink, Double temperatureCelsius, String backingFile,
                          List<Partition> partitions, List<String> mountPoints, boolean swap, List<String> holders,
                          State state, String stateReason, List<String> members, String arrayType,
                          String mapperName) {

    /**
     * Whether the device is free for a write test. MOUNTED and IN_USE (held by dm/md, or swap) must never be
     * written; HAS_PARTITIONS would lose its partitions; READ_ONLY can only be read. When several apply, the
     * state is the first of MOUNTED, IN_USE, READ_ONLY, HAS_PARTITIONS.
     */
    public enum State {
        FREE, HAS_PARTITIONS, MOUNTED, IN_USE, READ_ONLY
    }

    public BlockDevice {
        partitions = List.copyOf(partitions);
        mountPoints = List.copyOf(mountPoints);
        holders = List.copyOf(holders);
        members = List.copyOf(members);
    }

    /**
     * What a combined device is made of, for a drive picker: "md raid1 of nvme0n1, nvme1n1", "multipath mpatha of
     * sda, sdb", "lvm vg0-data on sdb"; null for a plain disk.
     */
    public String composition() {
        if (arrayType == null) {
            return null;
        }
        String what = transport == Transport.MD ? "md " + arrayType
                : arrayType + (mapperName == null ? "" : " " + mapperName);
        if (members.isEmpty()) {
            return what;
        }
        String joiner = transport == Transport.MD || "multipath".equals(arrayType) ? " of " : " on ";
        return what + joiner + String.join(", ", members);
    }
}
