package io.drivelab.device;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds the block devices a benchmark could target, from sysfs, mountinfo and /proc/swaps. The three paths are
 * parameters so tests can run on saved fixture trees; in those, {@code device} and {@code holders/*} are plain
 * directories and files where the kernel has symlinks, and the code reads both alike.
 */
public final class DeviceDiscovery {

    private static final Pattern NVME = Pattern.compile("nvme\\d+.*");
    private static final Pattern NVME_CONTROLLER = Pattern.compile("nvme\\d+");
    private static final Pattern RAM_DISK = Pattern.compile("ram\\d+");
    private static final Pattern USB_BUS = Pattern.compile("usb\\d+");
    private static final Pattern ATA_PORT = Pattern.compile("ata\\d+");
    private static final Pattern VIRTIO_DEVICE = Pattern.compile("virtio\\d+");
    private static final Pattern HWMON = Pattern.compile("hwmon\\d*");
    private static final Pattern NUMBER_RUN = Pattern.compile("\\d+|\\D+");

    private final Path sysRoot;
    private final Path mountinfo;
    private final Path procSwaps;

    /** The running system: /sys, /proc/self/mountinfo, /proc/swaps. */
    public DeviceDiscovery() {
        this(Path.of("/sys"), Path.of("/proc/self/mountinfo"), Path.of("/proc/swaps"));
    }

    public DeviceDiscovery(Path sysRoot, Path mountinfo, Path procSwaps) {
        this.sysRoot = sysRoot;
        this.mountinfo = mountinfo;
        this.procSwaps = procSwaps;
    }

    /**
     * Whole devices in /sys/block, in natural name order (loop2 before loop10). Left out: RAM disks, hidden
     * NVMe path nodes, loop devices without a backing file, zram devices without a disk size, and anything of
     * size 0 (an empty card reader, an unused nbd).
     *
     * @throws IOException when /sys/block or the mount table cannot be read: without the mount table a mounted
     *                     disk would look free
     */
    public List<BlockDevice> list() throws IOException {
        Path blockDir = sysRoot.resolve("block");
        if (!Files.isDirectory(blockDir)) {
            throw new IOException("cannot list block devices: " + blockDir + " does not exist");
        }
        Tables tables = new Tables(MountTable.read(mountinfo), SwapTable.read(procSwaps));
        List<String> names;
        try (Stream<Path> entries = Files.list(blockDir)) {
            names = entries.map(p -> p.getFileName().toString()).sorted(NATURAL_ORDER).toList();
        }
        List<BlockDevice> devices = new ArrayList<>();
        for (String name : names) {
            Path dir = blockDir.resolve(name);
            if (isTestable(name, dir)) {
                devices.add(describe(name, dir, tables));
            }
        }
        return devices;
    }

    /**
     * The device with this /dev path, or the device holding the partition with this path. Symlinks such as
     * /dev/disk/by-id/… are followed when they exist.
     */
    public Optional<BlockDevice> findByPath(Path path) throws IOException {
        Path wanted = Files.exists(path) ? path.toRealPath() : path.toAbsolutePath().normalize();
        for (BlockDevice device : list()) {
            if (device.devPath().equals(wanted)
                    || device.partitions().stream().anyMatch(p -> p.devPath().equals(wanted))) {
                return Optional.of(device);
            }
        }
        return Optional.empty();
    }

    /** {@link #findByPath} for a name ("nvme0n1") or a path ("/dev/nvme0n1"). */
    public Optional<BlockDevice> find(String nameOrPath) throws IOException {
        return findByPath(nameOrPath.startsWith("/") ? Path.of(nameOrPath) : devPathOf(nameOrPath));
    }

    private record Tables(MountTable mounts, SwapTable swaps) {
    }

    private static boolean isTestable(String name, Path dir) {
        // Hidden: an NVMe multipath per-path node (nvme0c0n1); it has no /dev entry.
        if (RAM_DISK.matcher(name).matches() || flag(dir.resolve("hidden"))) {
            return false;
        }
        if (name.startsWith("loop") && text(dir.resolve("loop/backing_file")) == null) {
            return false;
        }
        if (name.startsWith("zram") && number(dir.resolve("disksize")).orElse(0L) == 0) {
            return false;
        }
        return number(dir.resolve("size")).orElse(0L) > 0;
    }

    private BlockDevice describe(String name, Path dir, Tables tables) {
        Path device = dir.resolve("device");
        String majorMinor = text(dir.resolve("dev"));
        Transport transport = transportOf(name, dir);
        // With NVMe multipath, "device" is the subsystem; link and sensor are on its controllers (nvme0, ...).
        List<Path> controllers = transport == Transport.NVME ? nvmeControllers(device) : List.of(device);
        Path queue = dir.resolve("queue");
        int logicalBlockSize = number(queue.resolve("logical_block_size")).orElse(512L).intValue();
        int physicalBlockSize = number(queue.resolve("physical_block_size")).orElse((long) logicalBlockSize).intValue();

        List<Partition> partitions = partitions(name, dir, tables);
        List<String> devPaths = devPathsOf(name, dir);
        List<String> mountPoints = tables.mounts().mountPointsOf(majorMinor, devPaths);
        boolean swap = tables.swaps().anyOf(devPaths);
        List<String> holders = holders(dir);
        boolean readOnly = flag(dir.resolve("ro"));
        StateAndReason state = state(readOnly, mountPoints, swap, holders, partitions, tables);

        return new BlockDevice(name, devPathOf(name), majorMinor, transport,
                text(device.resolve("model")), vendorOf(device), serialOf(dir, device),
                first(text(dir.resolve("wwid")), text(device.resolve("wwid"))),
                first(text(device.resolve("firmware_rev")), text(device.resolve("rev"))),
                number(dir.resolve("size")).orElse(0L) * 512,
                logicalBlockSize, physicalBlockSize,
                flag(queue.resolve("rotational")), flag(dir.resolve("removable")), readOnly,
                transport == Transport.NVME ? pcieLink(controllers) : null, temperature(controllers),
                transport == Transport.LOOP ? text(dir.resolve("loop/backing_file")) : null,
                partitions, mountPoints, swap, holders, state.state(), state.reason(),
                children(dir.resolve("slaves"), null).stream().map(p -> p.getFileName().toString()).toList(),
                arrayType(name, dir), text(dir.resolve("dm/name")));
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

    // ---------------------------------------------------------------- identity

    private Transport transportOf(String name, Path dir) {
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
    private static String vendorOf(Path device) {
        String vendor = text(device.resolve("vendor"));
        return vendor == null || vendor.startsWith("0x") ? null : vendor;
    }

    private static String serialOf(Path dir, Path device) {
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

    private static List<Path> nvmeControllers(Path device) {
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

    private static PcieLink pcieLink(List<Path> controllers) {
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
    private static Double temperature(List<Path> bases) {
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

    // ---------------------------------------------------------------- use

    private List<Partition> partitions(String diskName, Path dir, Tables tables) {
        List<Partition> partitions = new ArrayList<>();
        for (Path child : children(dir, null)) {
            if (!Files.isRegularFile(child.resolve("partition"))) {
                continue;
            }
            String name = child.getFileName().toString();
            String majorMinor = text(child.resolve("dev"));
            List<String> devPaths = devPathsOf(name, child);
            partitions.add(new Partition(name, devPathOf(name), majorMinor,
                    number(child.resolve("partition")).orElse(0L).intValue(),
                    number(child.resolve("start")).orElse(0L),
                    number(child.resolve("size")).orElse(0L) * 512,
                    flag(child.resolve("ro")),
                    tables.mounts().mountPointsOf(majorMinor, devPaths), holders(child),
                    tables.swaps().anyOf(devPaths)));
        }
        return partitions;
    }

    private static List<String> holders(Path dir) {
        return children(dir.resolve("holders"), null).stream().map(p -> p.getFileName().toString()).toList();
    }

    private record StateAndReason(BlockDevice.State state, String reason) {
    }

    private StateAndReason state(boolean readOnly, List<String> mountPoints, boolean swap, List<String> holders,
                                 List<Partition> partitions, Tables tables) {
        List<String> mounted = new ArrayList<>();
        if (!mountPoints.isEmpty()) {
            mounted.add("mounted at " + String.join(", ", mountPoints));
        }
        for (Partition partition : partitions) {
            if (!partition.mountPoints().isEmpty()) {
                mounted.add("partition " + partition.name() + " mounted at "
                        + String.join(", ", partition.mountPoints()));
            }
        }
        if (!mounted.isEmpty()) {
            return new StateAndReason(BlockDevice.State.MOUNTED, String.join("; ", mounted));
        }
        List<String> used = new ArrayList<>();
        if (!holders.isEmpty()) {
            used.add(describeHolders(holders, tables));
        }
        if (swap) {
            used.add("in use as swap");
        }
        for (Partition partition : partitions) {
            if (!partition.holders().isEmpty()) {
                used.add("partition " + partition.name() + " " + describeHolders(partition.holders(), tables));
            }
            if (partition.swap()) {
                used.add("partition " + partition.name() + " in use as swap");
            }
        }
        if (!used.isEmpty()) {
            return new StateAndReason(BlockDevice.State.IN_USE, String.join("; ", used));
        }
        if (readOnly) {
            return new StateAndReason(BlockDevice.State.READ_ONLY, "read-only");
        }
        if (!partitions.isEmpty()) {
            List<String> names = partitions.stream().map(Partition::name).toList();
            String listed = (names.size() == 1 ? "partition " : "partitions ") + String.join(", ", names);
            return new StateAndReason(BlockDevice.State.HAS_PARTITIONS, listed + ", none mounted or in use");
        }
        return new StateAndReason(BlockDevice.State.FREE, "no partitions, not mounted or in use");
    }

    /**
     * What holds a device, in the user's words: "member of md0 (raid1)", "path of multipath mpatha (dm-0)", "held
     * by dm-0" (LVM and other device-mapper); where the holder is mounted or swap, it says so: "held by dm-0 (mounted
     * at /srv)".
     */
    private String describeHolders(List<String> holders, Tables tables) {
        List<String> described = new ArrayList<>();
        for (String holder : holders) {
            Path dir = sysRoot.resolve("block").resolve(holder);
            List<String> devPaths = devPathsOf(holder, dir);
            List<String> mountPoints = tables.mounts().mountPointsOf(text(dir.resolve("dev")), devPaths);
            List<String> notes = new ArrayList<>();
            String type = arrayType(holder, dir);
            String mapperName = text(dir.resolve("dm/name"));
            String what = "held by " + holder;
            if (type != null && holder.startsWith("md")) {
                what = "member of " + holder;
                notes.add(type);
            } else if ("multipath".equals(type) && mapperName != null) {
                what = "path of multipath " + mapperName;
                notes.add(holder);
            }
            if (!mountPoints.isEmpty()) {
                notes.add("mounted at " + String.join(", ", mountPoints));
            } else if (tables.swaps().anyOf(devPaths)) {
                notes.add("swap");
            }
            described.add(notes.isEmpty() ? what : what + " (" + String.join(", ", notes) + ")");
        }
        return String.join(", ", described);
    }

    // ---------------------------------------------------------------- sysfs helpers

    /** /dev/NAME; sysfs writes '/' in names as '!' (cciss!c0d0 is /dev/cciss/c0d0). */
    private static Path devPathOf(String name) {
        return Path.of("/dev", name.replace('!', '/'));
    }

    /** The paths mountinfo and /proc/swaps may use for a device: /dev/NAME, and /dev/mapper/NAME for dm. */
    private static List<String> devPathsOf(String name, Path dir) {
        List<String> paths = new ArrayList<>();
        paths.add(devPathOf(name).toString());
        String dmName = text(dir.resolve("dm/name"));
        if (dmName != null) {
            paths.add("/dev/mapper/" + dmName);
        }
        return paths;
    }

    /** Entries of a directory in natural order, those matching {@code names} when given; none when unreadable. */
    private static List<Path> children(Path dir, Pattern names) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(p -> names == null || names.matcher(p.getFileName().toString()).matches())
                    .sorted(Comparator.comparing(p -> p.getFileName().toString(), NATURAL_ORDER))
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** A sysfs attribute, trimmed; null when missing, unreadable (some are root-only) or empty. */
    static String text(Path file) {
        try {
            String value = Files.readString(file, StandardCharsets.UTF_8).trim();
            return value.isEmpty() ? null : value;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static Optional<Long> number(Path file) {
        String value = text(file);
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(value));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static boolean flag(Path file) {
        return "1".equals(text(file));
    }

    private static String first(String a, String b) {
        return a != null ? a : b;
    }

    /** Names with their digit runs compared as numbers: loop2 before loop10, nvme2n1 before nvme10n1. */
    static final Comparator<String> NATURAL_ORDER = (a, b) -> {
        Matcher left = NUMBER_RUN.matcher(a);
        Matcher right = NUMBER_RUN.matcher(b);
        while (left.find() && right.find()) {
            String l = left.group();
            String r = right.group();
            int order = Character.isDigit(l.charAt(0)) && Character.isDigit(r.charAt(0))
                    ? compareNumbers(l, r) : l.compareTo(r);
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(a.length(), b.length());
    };

    private static int compareNumbers(String a, String b) {
        String l = a.replaceFirst("^0+(?=.)", "");
        String r = b.replaceFirst("^0+(?=.)", "");
        return l.length() != r.length() ? Integer.compare(l.length(), r.length()) : l.compareTo(r);
    }
}
