package io.drivelab.device;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import static io.drivelab.device.Sysfs.children;
import static io.drivelab.device.Sysfs.devPathOf;
import static io.drivelab.device.Sysfs.devPathsOf;
import static io.drivelab.device.Sysfs.first;
import static io.drivelab.device.Sysfs.flag;
import static io.drivelab.device.Sysfs.number;
import static io.drivelab.device.Sysfs.text;

/**
 * Finds the block devices a benchmark could target, from sysfs, mountinfo and /proc/swaps. The three paths are
 * parameters so tests can run on saved fixture trees; in those, {@code device} and {@code holders/*} are plain
 * directories and files where the kernel has symlinks, and the code reads both alike. What a device is comes from
 * {@link DeviceIdentity}, what uses it from {@link DeviceUse}.
 */
public final class DeviceDiscovery {
    private static final Set<String> MEMORY_FILE_SYSTEMS = Set.of("tmpfs", "ramfs");

    private static final Pattern RAM_DISK = Pattern.compile("ram\\d+");

    private final Path sysRoot;
    private final Path mountinfo;
    private final Path procSwaps;
    private final DeviceIdentity identity;

    /** The running system: /sys, /proc/self/mountinfo, /proc/swaps. */
    public DeviceDiscovery() {
        this(Path.of("/sys"), Path.of("/proc/self/mountinfo"), Path.of("/proc/swaps"));
    }

    public DeviceDiscovery(Path sysRoot, Path mountinfo, Path procSwaps) {
        this.sysRoot = sysRoot;
        this.mountinfo = mountinfo;
        this.procSwaps = procSwaps;
        this.identity = new DeviceIdentity(sysRoot);
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
        return read(true);
    }

    /** Every whole device in /sys/block, testable or not, in natural name order. */
    private List<BlockDevice> read(boolean testableOnly) throws IOException {
        Path blockDir = sysRoot.resolve("block");
        if (!Files.isDirectory(blockDir)) {
            throw new IOException("cannot list block devices: " + blockDir + " does not exist");
        }
        DeviceUse use = new DeviceUse(sysRoot, mountinfo, procSwaps);
        List<BlockDevice> devices = new ArrayList<>();
        for (Path dir : children(blockDir, null)) {
            String name = dir.getFileName().toString();
            if (!testableOnly || isTestable(name, dir)) {
                devices.add(describe(name, dir, use));
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

    /**
     * The device a block device node opens, by the node's device number, wherever the node is and whatever it is
     * called (a link, a node made with mknod); or the device holding the partition it opens. Empty when the node is
     * no block device or the kernel lists no device with its number.
     */
    public Optional<BlockDevice> findByNode(Path node) throws IOException {
        Optional<String> number = deviceNumber(node);
        return number.isEmpty() ? Optional.empty() : findByNumber(number.get());
    }

    /** The device with this device number ("259:0"), or the device holding the partition with it. */
    public Optional<BlockDevice> findByNumber(String majorMinor) throws IOException {
        for (BlockDevice device : read(false)) {
            if (majorMinor.equals(device.majorMinor())
                    || device.partitions().stream().anyMatch(p -> majorMinor.equals(p.majorMinor()))) {
                return Optional.of(device);
            }
        }
        return Optional.empty();
    }

    /** The whole device of a device or partition name ("nvme0n1p2" gives nvme0n1's), testable or not. */
    public Optional<BlockDevice> findByName(String name) throws IOException {
        for (BlockDevice device : read(false)) {
            if (device.name().equals(name) || device.partitions().stream().anyMatch(p -> p.name().equals(name))) {
                return Optional.of(device);
            }
        }
        return Optional.empty();
    }

    /**
     * The device number ("254:1") of the file system a file or folder is on (or, where it does not exist yet, its
     * nearest folder that does); empty when it cannot be read.
     */
    public static Optional<String> fileSystemNumber(Path file) {
        return nearestExisting(file).flatMap(Sysfs::fileSystemNumberOf);
    }

    /**
     * The type of the file system a file or folder (or, where it does not exist yet, its nearest folder that does)
     * is on when that file system keeps its files in memory ("tmpfs", "ramfs"): a test file there measures RAM, not
     * a drive (/tmp is a tmpfs on many distributions). Empty otherwise, and when it cannot be told.
     */
    public static Optional<String> memoryFileSystem(Path file) {
        return nearestExisting(file).flatMap(existing -> {
            try {
                String type = Files.getFileStore(existing).type();
                return MEMORY_FILE_SYSTEMS.contains(type) ? Optional.of(type) : Optional.empty();
            } catch (IOException | SecurityException e) {
                return Optional.empty();
            }
        });
    }

    /** The file itself, or before it exists the nearest folder above it that does: where it is (to be) stored. */
    private static Optional<Path> nearestExisting(Path file) {
        Path existing = file.toAbsolutePath().normalize();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        return Optional.ofNullable(existing);
    }

    /** The device number ("7:3") a block device node opens, links followed; empty for anything else. */
    public static Optional<String> deviceNumber(Path node) {
        return Sysfs.deviceNumberOf(node);
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

    private BlockDevice describe(String name, Path dir, DeviceUse use) {
        Path device = dir.resolve("device");
        String majorMinor = text(dir.resolve("dev"));
        Transport transport = identity.transportOf(name, dir);
        // With NVMe multipath, "device" is the subsystem; link and sensor are on its controllers (nvme0, ...).
        List<Path> controllers = transport == Transport.NVME
                ? DeviceIdentity.nvmeControllers(device) : List.of(device);
        Path queue = dir.resolve("queue");
        int logicalBlockSize = number(queue.resolve("logical_block_size")).orElse(512L).intValue();
        int physicalBlockSize = number(queue.resolve("physical_block_size")).orElse((long) logicalBlockSize).intValue();

        List<Partition> partitions = partitions(dir, use);
        List<String> devPaths = devPathsOf(name, dir);
        List<String> mountPoints = use.mountPointsOf(majorMinor, devPaths);
        boolean swap = use.swap(devPaths);
        List<String> holders = use.stackedOn(name, dir);
        boolean readOnly = flag(dir.resolve("ro"));
        DeviceUse.StateAndReason state = use.state(readOnly, mountPoints, swap, holders, partitions);

        return new BlockDevice(name, devPathOf(name), majorMinor, transport,
                text(device.resolve("model")), DeviceIdentity.vendorOf(device), DeviceIdentity.serialOf(dir, device),
                first(text(dir.resolve("wwid")), text(device.resolve("wwid"))),
                first(text(device.resolve("firmware_rev")), text(device.resolve("rev"))),
                number(dir.resolve("size")).orElse(0L) * 512,
                logicalBlockSize, physicalBlockSize,
                flag(queue.resolve("rotational")), flag(dir.resolve("removable")), readOnly,
                transport == Transport.NVME ? DeviceIdentity.pcieLink(controllers) : null,
                DeviceIdentity.temperature(controllers),
                transport == Transport.LOOP ? text(dir.resolve("loop/backing_file")) : null,
                partitions, mountPoints, swap, holders, state.state(), state.reason(),
                children(dir.resolve("slaves"), null).stream().map(p -> p.getFileName().toString()).toList(),
                DeviceIdentity.arrayType(name, dir), text(dir.resolve("dm/name")));
    }

    private static List<Partition> partitions(Path dir, DeviceUse use) {
        List<Partition> partitions = new ArrayList<>();
        for (Path child : Sysfs.partitionDirs(dir)) {
            String name = child.getFileName().toString();
            String majorMinor = text(child.resolve("dev"));
            List<String> devPaths = devPathsOf(name, child);
            partitions.add(new Partition(name, devPathOf(name), majorMinor,
                    number(child.resolve("partition")).orElse(0L).intValue(),
                    number(child.resolve("start")).orElse(0L),
                    number(child.resolve("size")).orElse(0L) * 512,
                    flag(child.resolve("ro")),
                    use.mountPointsOf(majorMinor, devPaths), use.stackedOn(name, child),
                    use.swap(devPaths)));
        }
        return partitions;
    }

    /** Names with their digit runs compared as numbers: loop2 before loop10, nvme2n1 before nvme10n1. */
    static final Comparator<String> NATURAL_ORDER = Sysfs.NATURAL_ORDER;
}
