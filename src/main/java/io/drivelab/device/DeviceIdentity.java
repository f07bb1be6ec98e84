package io.drivelab.device;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static io.drivelab.device.Sysfs.NATURAL_ORDER;
import static io.drivelab.device.Sysfs.children;
import static io.drivelab.device.Sysfs.first;
import static io.drivelab.device.Sysfs.number;
import static io.drivelab.device.Sysfs.text;

/**
 * What a device is: its transport (from its name or the device tree), its array kind, and the drive's own
 * attributes (serial, PCIe link, temperature) from sysfs.
 */
final class DeviceIdentity {
    private static final Pattern NVME = Pattern.compile("nvme\\d+.*");
    private static final Pattern NVME_CONTROLLER = Pattern.compile("nvme\\d+");
    private static final Pattern USB_BUS = Pattern.compile("usb\\d+");
    private static final Pattern ATA_PORT = Pattern.compile("ata\\d+");
    private static final Pattern VIRTIO_DEVICE = Pattern.compile("virtio\\d+");
    private static final Pattern HWMON = Pattern.compile("hwmon\\d*");

    private final Path sysRoot;

    DeviceIdentity(Path sysRoot) {
        this.sysRoot = sysRoot;
    }

    /**
     * md: the RAID level from md/level; device-mapper: the target kind from the prefix dm tools give the uuid
     * (multipathd "mpath-", LVM "LVM-", cryptsetup "CRYPT-", kpartx "partN-"); null for a plain disk.
     */
    static String arrayType(String name, Path dir) {
        String level = text(dir.resolve("md/level"));
        if (level != null) {
            return level;
        }
        if (!Files.isDirectory(dir.resolve("dm"))) {
            return name.startsWith("md") ? "md" : null;
        }
        String uuid = text(dir.resolve("dm/uuid"));
        String prefix = uuid == null || uuid.indexOf('-') < 0 ? "" : uuid.substring(0, uuid.indexOf('-'));
        if (prefix.equals("mpath")) {
            return "multipath";
        }
        if (prefix.equals("LVM")) {
            return "lvm";
        }
        if (prefix.equals("CRYPT")) {
            return "crypt";
        }
        return prefix.matches("part\\d+") ? "partition" : "dm";
    }


    Transport transportOf(String name, Path dir) {
        if (NVME.matcher(name).matches()) {
            return Transport.NVME;
        }
        if (name.startsWith("loop")) {
            return Transport.LOOP;
        }
        if (name.startsWith("zram")) {
            return Transport.ZRAM;
        }
        if (name.startsWith("dm-")) {
            return Transport.DM;
        }
        if (name.startsWith("md")) {
            return Transport.MD;
        }
        if (name.startsWith("nbd")) {
            return Transport.NBD;
        }
        if (name.startsWith("vd")) {
            return Transport.VIRTIO;
        }
        if (name.startsWith("xvd")) {
            return Transport.XEN;
        }
        if (name.startsWith("mmcblk")) {
            return Transport.MMC;
        }
        // On a real system /sys/block/NAME links into the device tree, which shows the bus.
        for (String segment : deviceTreeSegments(dir)) {
            if (USB_BUS.matcher(segment).matches()) {
                return Transport.USB;
            }
            if (ATA_PORT.matcher(segment).matches()) {
                return Transport.SATA;
            }
            if (VIRTIO_DEVICE.matcher(segment).matches()) {
                return Transport.VIRTIO;
            }
        }
        // libata reports SATA drives with the SCSI vendor "ATA".
        if ("ATA".equals(text(dir.resolve("device/vendor")))) {
            return Transport.SATA;
        }
        return name.startsWith("sd") || name.startsWith("sr") ? Transport.SCSI : Transport.OTHER;
    }

    /** Path segments of the device below the sysfs root (empty where it is no link, as in fixtures). */
    private List<String> deviceTreeSegments(Path dir) {
        try {
            if (!Files.isSymbolicLink(dir)) {
                return List.of();
            }
            Path relative = sysRoot.toRealPath().relativize(dir.toRealPath());
            List<String> segments = new ArrayList<>();
            relative.forEach(segment -> segments.add(segment.toString()));
            return segments;
        } catch (IOException | IllegalArgumentException e) {
            return List.of();
        }
    }

    /** The SCSI vendor name; a virtio device's vendor file holds a numeric id (0x1af4), which names nobody. */
    static String vendorOf(Path device) {
        String vendor = text(device.resolve("vendor"));
        return vendor == null || vendor.startsWith("0x") ? null : vendor;
    }

    static String serialOf(Path dir, Path device) {
        return first(first(text(device.resolve("serial")), text(dir.resolve("serial"))),
                vpdSerial(device.resolve("vpd_pg80")));
    }

    /** SCSI VPD page 0x80: a 4-byte header (page code 0x80, 16-bit length), then the serial in ASCII. */
    static String vpdSerial(Path page) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(page);
        } catch (IOException e) {
            // Missing, or readable by root only.
            return null;
        }
        if (bytes.length < 4 || (bytes[1] & 0xff) != 0x80) {
            return null;
        }
        int length = Math.min(((bytes[2] & 0xff) << 8) | (bytes[3] & 0xff), bytes.length - 4);
        String serial = new String(bytes, 4, length, StandardCharsets.US_ASCII).trim();
        return serial.isEmpty() ? null : serial;
    }

    static List<Path> nvmeControllers(Path device) {
        List<Path> controllers = new ArrayList<>();
        controllers.add(device);
        try (Stream<Path> entries = Files.list(device)) {
            entries.filter(p -> NVME_CONTROLLER.matcher(p.getFileName().toString()).matches())
                    .sorted(Comparator.comparing(p -> p.getFileName().toString(), NATURAL_ORDER))
                    .forEach(controllers::add);
        } catch (IOException e) {
            // No device directory: nothing more to find.
        }
        return controllers;
    }

    static PcieLink pcieLink(List<Path> controllers) {
        for (Path controller : controllers) {
            Path pci = controller.resolve("device");
            PcieLink link = new PcieLink(text(pci.resolve("current_link_speed")),
                    number(pci.resolve("current_link_width")).map(Long::intValue).orElse(null),
                    text(pci.resolve("max_link_speed")),
                    number(pci.resolve("max_link_width")).map(Long::intValue).orElse(null));
            if (link.currentSpeed() != null || link.currentWidth() != null || link.maxSpeed() != null
                    || link.maxWidth() != null) {
                return link;
            }
        }
        return null;
    }

    /** temp1_input of the first hwmon sensor (NVMe: controller/hwmonN; SATA with drivetemp: device/hwmon/hwmonN). */
    static Double temperature(List<Path> bases) {
        for (Path base : bases) {
            for (Path hwmon : children(base, HWMON)) {
                List<Path> sensors = hwmon.getFileName().toString().equals("hwmon")
                        ? children(hwmon, HWMON) : List.of(hwmon);
                for (Path sensor : sensors) {
                    Optional<Long> milliCelsius = number(sensor.resolve("temp1_input"));
                    if (milliCelsius.isPresent()) {
                        return milliCelsius.get() / 1000.0;
                    }
                }
            }
        }
        return null;
    }
}
