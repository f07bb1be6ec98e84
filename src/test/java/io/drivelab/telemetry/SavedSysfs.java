package io.drivelab.telemetry;

import io.drivelab.device.DeviceDiscovery;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * A saved sysfs tree (src/test/resources/sysfs/CASE/sys) copied where a test may change it, with one of its block
 * devices given the device number of the file system a test folder is on: a test file there is on that drive.
 */
public final class SavedSysfs {
    private final Path sys;

    private SavedSysfs(Path sys) {
        this.sys = sys;
    }

    /** A copy of fixture {@code name}'s sys tree under {@code into}. */
    public static SavedSysfs copy(String name, Path into) throws IOException {
        URL url = SavedSysfs.class.getResource("/sysfs/" + name + "/sys");
        if (url == null) {
            throw new IllegalArgumentException("no fixture " + name);
        }
        Path from;
        try {
            from = Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        Path sys = into.resolve("sys");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path to = sys.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        return new SavedSysfs(sys);
    }

    public Path sys() {
        return sys;
    }

    /** Block device {@code name} of the tree becomes the device the file system of {@code folder} is on. */
    public SavedSysfs holding(String name, Path folder) throws IOException {
        String number = DeviceDiscovery.fileSystemNumber(folder).orElseThrow();
        Files.writeString(sys.resolve("block").resolve(name).resolve("dev"), number + "\n");
        return this;
    }

    /** The NVMe fixture's composite sensor (temp1_input), as the kernel writes it: millidegrees. */
    public void setComposite(double celsius) throws IOException {
        Path input = sys.resolve("block/nvme0n1/device/hwmon2/temp1_input");
        Path next = input.resolveSibling("temp1_input.new");
        Files.writeString(next, Math.round(celsius * 1000) + "\n");
        Files.move(next, input, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
}
