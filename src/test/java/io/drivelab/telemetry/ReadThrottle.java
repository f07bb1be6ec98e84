package io.drivelab.telemetry;

import io.drivelab.device.DeviceDiscovery;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A real drop of throughput for a test: the kernel's block throttle (cgroup v1 blkio) holds one process's reads
 * from the disk under a folder to a number of I/Os a second. Needs root and the blkio hierarchy.
 */
public final class ReadThrottle implements AutoCloseable {
    private static final Path BLKIO = Path.of("/sys/fs/cgroup/blkio");

    private final Path group;
    private final List<Long> pids;

    private ReadThrottle(Path group, List<Long> pids) {
        this.group = group;
        this.pids = pids;
    }

    /** Whether this machine lets a test throttle a process's reads. */
    public static boolean available() {
        return "root".equals(System.getProperty("user.name")) && Files.isWritable(BLKIO.resolve("cgroup.procs"));
    }

    /**
     * Holds the reads of the engine measuring {@code target} (a child of this JVM: the session and the process it
     * measures a point in) from the disk the target is on to {@code iops} a second until closed.
     */
    public static ReadThrottle start(Path target, int iops) throws IOException {
        List<ProcessHandle> engines = ProcessHandle.current().descendants()
                .filter(p -> p.info().command().orElse("").endsWith("drivelab-engine"))
                .filter(p -> p.info().arguments().map(a -> String.join(" ", a).contains(target.toString()))
                        .orElse(false))
                .toList();
        if (engines.isEmpty()) {
            throw new IllegalStateException("no engine measures " + target);
        }
        Path group = BLKIO.resolve("drivelab-test-" + ProcessHandle.current().pid() + "-" + engines.get(0).pid());
        Files.createDirectories(group);
        Files.writeString(group.resolve("blkio.throttle.read_iops_device"),
                wholeDisk(target.getParent()) + " " + iops + "\n");
        for (ProcessHandle engine : engines) {
            Files.writeString(group.resolve("cgroup.procs"), engine.pid() + "\n");
        }
        return new ReadThrottle(group, engines.stream().map(ProcessHandle::pid).toList());
    }

    /** The throttle takes whole disks: the disk of the partition a folder's file system is on. */
    private static String wholeDisk(Path folder) throws IOException {
        String number = DeviceDiscovery.fileSystemNumber(folder).orElseThrow();
        Path sys = Path.of("/sys/dev/block/" + number);
        if (Files.exists(sys.resolve("partition"))) {
            return Files.readString(sys.toRealPath().getParent().resolve("dev")).trim();
        }
        return number;
    }

    @Override
    public void close() throws IOException {
        for (long pid : pids) {
            try {
                Files.writeString(BLKIO.resolve("cgroup.procs"), pid + "\n");
            } catch (IOException e) {
                // it ended meanwhile
            }
        }
        Files.deleteIfExists(group);
    }
}
