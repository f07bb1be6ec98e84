package io.drivelab.device;

import java.nio.file.Path;
import java.util.List;

/**
 * A partition of a block device.
 *
 * @param majorMinor  device number as in sysfs "dev" ("259:2")
 * @param startSector first sector, in 512-byte units
 * @param mountPoints where it is mounted (empty when not mounted)
 * @param holders     devices built on it (dm-*, md*)
 * @param swap        whether it is an active swap area
 */
public record Partition(String name, Path devPath, String majorMinor, int number, long startSector,
                        long sizeBytes, boolean readOnly, List<String> mountPoints, List<String> holders,
                        boolean swap) {
    public Partition {
        mountPoints = List.copyOf(mountPoints);
        holders = List.copyOf(holders);
    }
}
