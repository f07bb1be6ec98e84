package io.drivelab.engine;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;

/**
 * A loop device of the engine tests' own on a sparse file; {@link #close()} detaches exactly that device. Tests
 * that need one skip, saying why, where they cannot attach one (not root, no loop driver).
 */
final class TestLoop implements AutoCloseable {
    final Path backing;
    final Path device;

    private TestLoop(Path backing, Path device) {
        this.backing = backing;
        this.device = device;
    }

    static TestLoop attach(Path backing, long bytes) throws IOException, InterruptedException {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "loop devices need root");
        try (RandomAccessFile file = new RandomAccessFile(backing.toFile(), "rw")) {
            file.setLength(bytes);
        }
        String out = exec("losetup", "--find", "--show", backing.toString());
        Assumptions.assumeTrue(out.startsWith("/dev/loop"), "cannot attach a loop device here: " + out);
        return new TestLoop(backing, Path.of(out.strip()));
    }

    /**
     * Runs {@code measure} with udev, where it runs, holding its work: udev reads a device (blkid, about 1 MiB)
     * when it appears and each time a process that opened it for writing closes it, the engine's own checks
     * included, which the device's counters would count as the engine's. What it queued meanwhile runs after, and
     * is done with before the next measure begins.
     */
    <T> T withUdevHeld(java.util.concurrent.Callable<T> measure) throws Exception {
        if (!Files.exists(Path.of("/run/udev/control"))) {
            return measure.call();
        }
        exec("udevadm", "settle", "--timeout=10");
        Thread release = new Thread(() -> {
            try {
                exec("udevadm", "control", "--start-exec-queue");
            } catch (IOException | InterruptedException e) {
                // udev's queue stays held until udevd restarts: said on the test's output
                System.err.println("TestLoop: udev's queue could not be released: " + e);
            }
        });
        Runtime.getRuntime().addShutdownHook(release);  // a test JVM killed meanwhile leaves udev working
        exec("udevadm", "control", "--stop-exec-queue");
        try {
            return measure.call();
        } finally {
            release.run();
            Runtime.getRuntime().removeShutdownHook(release);
        }
    }

    /** The device's block-layer counters (/sys/block/loopN/stat): sectors read, sectors written. */
    long[] sectors() throws IOException {
        String[] f = Files.readString(Path.of("/sys/block", device.getFileName().toString(), "stat")).trim()
                .split("\\s+");
        return new long[] {Long.parseLong(f[2]), Long.parseLong(f[6])};
    }

    /** Changes the backing file's size and tells the loop driver; 0 takes the device's medium away. */
    void resize(long bytes) throws IOException, InterruptedException {
        try (RandomAccessFile file = new RandomAccessFile(backing.toFile(), "rw")) {
            file.setLength(bytes);
        }
        exec("losetup", "--set-capacity", device.toString());
    }

    @Override
    public void close() throws IOException, InterruptedException {
        exec("losetup", "--detach", device.toString());
        Files.deleteIfExists(backing);
    }

    private static String exec(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
        }
        return out;
    }
}
