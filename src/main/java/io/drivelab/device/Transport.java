package io.drivelab.device;

import java.util.Locale;

/** How a block device is attached (or what kind of virtual device it is). */
public enum Transport {
    NVME, SATA, SCSI, USB, VIRTIO, XEN, MMC, LOOP, ZRAM, DM, MD, NBD, OTHER;

    /** Lower-case name for display and JSON: "nvme", "sata", ... */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
