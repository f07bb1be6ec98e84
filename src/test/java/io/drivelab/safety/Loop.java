package io.drivelab.safety;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real loop device on a backing file, optionally holding a mounted ext4, for the safety tests. Loop devices and
 * mounts are machine-wide: {@link #close()} undoes exactly what this one did (unmount, detach the device it
 * attached, delete its files) and nothing else. Tests that need one skip, saying why, where they cannot have it.
 */
final class Loop implements AutoCloseable {
    final Path backing;
    final Path device;
    private Path mountPoint;
    /** False for a loop device stacked on another device: close() must not delete that. */
    private final boolean ownsBacking;

    private Loop(Path backing, Path device, boolean ownsBacking) {
        this.backing = backing;
        this.device = device;
        this.ownsBacking = ownsBacking;
    }

    /** Attaches a new loop device on a sparse file of {@code bytes} at {@code backing}. */
    static Loop attach(Path backing, long bytes) throws IOException, InterruptedException {
        assumeRoot("attaching loop devices");
        Files.deleteIfExists(backing);
        try (var file = new java.io.RandomAccessFile(backing.toFile(), "rw")) {
            file.setLength(bytes);
        }
        Result r = exec("losetup", "--find", "--show", backing.toString());
        if (r.code() != 0) {
            Files.deleteIfExists(backing);
        }
        Assumptions.assumeTrue(r.code() == 0, "cannot attach a loop device here: " + r.output());
        return new Loop(backing, Path.of(r.output().strip()), true);
    }

    /** Attaches a new loop device whose backing file is the device {@code under} (losetup -f --show DEVICE). */
    static Loop stackOn(Path under) throws IOException, InterruptedException {
        assumeRoot("attaching loop devices");
        Result r = exec("losetup", "--find", "--show", under.toString());
        Assumptions.assumeTrue(r.code() == 0, "cannot attach a loop device on " + under + " here: " + r.output());
        return new Loop(under, Path.of(r.output().strip()), false);
    }

    /** mkfs.ext4 on the device, mounted at {@code dir} (created). */
    Loop withMountedExt4(Path dir) throws IOException, InterruptedException {
        // inode tables and journal written now, not by a kernel thread after mounting: the device holds still
        check(exec("mkfs.ext4", "-q", "-F", "-E", "lazy_itable_init=0,lazy_journal_init=0", device.toString()));
        Files.createDirectories(dir);
        check(exec("mount", device.toString(), dir.toString()));
        mountPoint = dir;
        return this;
    }

    Path mountPoint() {
        return mountPoint;
    }

    /** Changes the backing file's size and tells the loop driver (0: the device's medium is gone). */
    void resize(long bytes) throws IOException, InterruptedException {
        try (var file = new java.io.RandomAccessFile(backing.toFile(), "rw")) {
            file.setLength(bytes);
        }
        check(exec("losetup", "--set-capacity", device.toString()));
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (mountPoint != null) {
            unmount(mountPoint);
        }
        // the kernel detaches a device still open when its last user closes it: ours is closed by now
        exec("losetup", "--detach", device.toString());
        if (ownsBacking) {
            Files.deleteIfExists(backing);
        }
    }

    // ---------------------------------------------------------------- shared helpers

    static boolean isRoot() {
        try {
            return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
        } catch (IOException e) {
            return false;
        }
    }

    static void assumeRoot(String what) {
        Assumptions.assumeTrue(isRoot(), what + " needs root; CI runs the tests as root");
    }

    /** Mounts a tmpfs of {@code size} (e.g. "4m") at {@code dir}, created; skips where that is not allowed. */
    static void mountTmpfs(Path dir, String size) throws IOException, InterruptedException {
        assumeRoot("mounting a small tmpfs");
        Files.createDirectories(dir);
        Result r = exec("mount", "-t", "tmpfs", "-o", "size=" + size, "tmpfs", dir.toString());
        Assumptions.assumeTrue(r.code() == 0, "cannot mount a tmpfs here: " + r.output());
    }

    /** Unmounts, retrying while the kernel still holds it for a moment (a loop device detaching). */
    static void unmount(Path dir) throws IOException, InterruptedException {
        for (int i = 0; i < 50; i++) {
            if (exec("umount", dir.toString()).code() == 0) {
                return;
            }
            Thread.sleep(100);
        }
        check(exec("umount", "--lazy", dir.toString()));
    }

    record Result(int code, String output) {
    }

    static Result exec(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(String.join(" ", command) + " did not finish");
        }
        return new Result(p.exitValue(), out);
    }

    static void check(Result r) throws IOException {
        if (r.code() != 0) {
            throw new IOException("exit " + r.code() + ": " + r.output());
        }
    }

    /** SHA-256 of every regular file below {@code root}, by relative path. */
    static Map<String, String> checksums(Path root) throws IOException {
        Map<String, String> sums = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                sums.put(root.relativize(f).toString(), sha256(f));
            }
        }
        return sums;
    }

    static String sha256(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 20];
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A plan file in {@code dir} of one 1-second point of {@code rw} ("randwrite") on 16 MiB. */
    static Path onePointPlan(Path dir, String rw) throws IOException {
        Path plan = dir.resolve(rw + ".json");
        Files.writeString(plan, """
                {"name": "%s-check", "target": {"size": "16m"},
                 "steps": [{"workload": {"rw": "%s", "bs": "4k"},
                            "matrix": {"iodepths": [4], "numjobs": [1], "runtime": 1}}]}
                """.formatted(rw, rw));
        return plan;
    }

    /** Fills {@code file} with random bytes (files "a user cares about"). */
    static void randomFile(Path file, int bytes, long seed) throws IOException {
        byte[] data = new byte[bytes];
        new java.util.Random(seed).nextBytes(data);
        Files.write(file, data);
    }
}
