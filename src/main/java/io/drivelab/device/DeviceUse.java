package io.drivelab.device;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.drivelab.device.Sysfs.children;
import static io.drivelab.device.Sysfs.devPathOf;
import static io.drivelab.device.Sysfs.devPathsOf;
import static io.drivelab.device.Sysfs.text;

/**
 * What uses a device, read once per listing: its mounts and swap (from mountinfo and /proc/swaps) and what is
 * stacked on it, recursively: the holders the kernel records (dm, md) and the loop devices whose backing file is
 * the device (loop/backing_file, matched by path and, where that path is a device node, by its device number: the
 * kernel records no holder for a loop device). Writing a device under a stack corrupts everything above it.
 */
final class DeviceUse {
    private final Path blockDir;
    private final MountTable mounts;
    private final SwapTable swaps;
    /** Loop devices by what backs them: the backing file's path, and the backing node's device number. */
    private final Map<String, List<String>> loopsByBacking = new LinkedHashMap<>();

    DeviceUse(Path sysRoot, Path mountinfo, Path procSwaps) throws IOException {
        this.blockDir = sysRoot.resolve("block");
        this.mounts = MountTable.read(mountinfo);
        this.swaps = SwapTable.read(procSwaps);
        for (Path dir : children(blockDir, null)) {
            String backing = text(dir.resolve("loop/backing_file"));
            if (backing == null) {
                continue;
            }
            // a backing file removed since shows as "PATH (deleted)": it is no device path any more
            String loop = dir.getFileName().toString();
            loopsByBacking.computeIfAbsent(backing, k -> new ArrayList<>()).add(loop);
            Sysfs.deviceNumberOf(Path.of(backing)).ifPresent(number ->
                    loopsByBacking.computeIfAbsent(number, k -> new ArrayList<>()).add(loop));
        }
    }

    List<String> mountPointsOf(String majorMinor, List<String> devPaths) {
        return mounts.mountPointsOf(majorMinor, devPaths);
    }

    boolean swap(List<String> devPaths) {
        return swaps.anyOf(devPaths);
    }

    /** The devices stacked directly on the device (or partition) {@code name} at {@code dir}: holders, then loops. */
    List<String> stackedOn(String name, Path dir) {
        Set<String> users = new LinkedHashSet<>(Sysfs.holders(dir));
        users.addAll(loopsByBacking.getOrDefault(devPathOf(name).toString(), List.of()));
        String number = text(dir.resolve("dev"));
        if (number != null) {
            users.addAll(loopsByBacking.getOrDefault(number, List.of()));
        }
        users.remove(name);
        return List.copyOf(users);
    }

    record StateAndReason(BlockDevice.State state, String reason) {
    }

    StateAndReason state(boolean readOnly, List<String> mountPoints, boolean swap, List<String> holders,
                         List<Partition> partitions) {
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
            used.add(describe(holders, new HashSet<>()));
        }
        if (swap) {
            used.add("in use as swap");
        }
        for (Partition partition : partitions) {
            if (!partition.holders().isEmpty()) {
                used.add("partition " + partition.name() + " " + describe(partition.holders(), new HashSet<>()));
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
     * What is stacked on a device, in the user's words: "member of md0 (raid1)", "path of multipath mpatha (dm-0)",
     * "held by dm-0" (LVM and other device-mapper), "backing loop5"; then how each is used in turn: "held by dm-0
     * (mounted at /srv)", "backing loop5 (backing loop6 (mounted at /mnt))". {@code seen} stops a loop of loops.
     */
    private String describe(List<String> users, Set<String> seen) {
        List<String> described = new ArrayList<>();
        for (String user : users) {
            if (!seen.add(user)) {
                continue;
            }
            Path dir = blockDir.resolve(user);
            String type = DeviceIdentity.arrayType(user, dir);
            String mapperName = text(dir.resolve("dm/name"));
            List<String> notes = new ArrayList<>();
            String what = "held by " + user;
            if (Files.isDirectory(dir.resolve("loop"))) {
                what = "backing " + user;
            } else if (type != null && user.startsWith("md")) {
                what = "member of " + user;
                notes.add(type);
            } else if ("multipath".equals(type) && mapperName != null) {
                what = "path of multipath " + mapperName;
                notes.add(user);
            }
            notes.addAll(uses(user, dir));
            for (Path partition : Sysfs.partitionDirs(dir)) {
                String name = partition.getFileName().toString();
                uses(name, partition).forEach(use -> notes.add("partition " + name + " " + use));
                List<String> onPartition = stackedOn(name, partition);
                if (!onPartition.isEmpty()) {
                    notes.add("partition " + name + " " + describe(onPartition, seen));
                }
            }
            List<String> above = stackedOn(user, dir);
            if (!above.isEmpty()) {
                notes.add(describe(above, seen));
            }
            notes.removeIf(String::isEmpty);
            described.add(notes.isEmpty() ? what : what + " (" + String.join(", ", notes) + ")");
        }
        return String.join(", ", described);
    }

    /** Mounted at, or swap: how a stacked device itself is used. */
    private List<String> uses(String name, Path dir) {
        List<String> devPaths = devPathsOf(name, dir);
        List<String> mountPoints = mounts.mountPointsOf(text(dir.resolve("dev")), devPaths);
        if (!mountPoints.isEmpty()) {
            return List.of("mounted at " + String.join(", ", mountPoints));
        }
        return swaps.anyOf(devPaths) ? List.of("swap") : List.of();
    }
}
