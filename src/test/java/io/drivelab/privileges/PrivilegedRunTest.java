package io.drivelab.privileges;

import io.drivelab.IntegrationTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import io.drivelab.engine.DeviceAccess;
import io.drivelab.store.PointStatus;
import io.drivelab.store.StoredPoint;
import io.drivelab.store.Store;

/**
 * The desktop user's path for real: a user outside group disk runs `drivelab run` on a loop device through the real
 * pkexec, polkitd and system bus, with a polkit rule standing in for the administrator's password (and logging each
 * authorization check to polkitd's output, whose file CI names in DRIVELAB_POLKITD_LOG). Needs root and the
 * daemons (.ci/run starts them); skips, saying why, elsewhere.
 */
@IntegrationTest
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PrivilegedRunTest {
    private static final Path ACTION = Path.of("/usr/share/polkit-1/actions/io.drivelab.engine.policy");
    private static final Path RULES = Path.of("/etc/polkit-1/rules.d/49-drivelab-test.rules");
    private static final String TOKEN = "drivelab-test-" + ProcessHandle.current().pid();

    private static String user;
    private static Path dir;
    private static Path polkitLog;
    private static Path backing;
    private static String loop;
    private static final List<Path> installed = new ArrayList<>();

    @BeforeAll
    static void setUp() throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "creating a user needs root");
        String log = System.getenv("DRIVELAB_POLKITD_LOG");
        Assumptions.assumeTrue(log != null && Files.isReadable(Path.of(log)), "no polkitd output to count "
                + "authorization checks in (DRIVELAB_POLKITD_LOG); .ci/run starts dbus and polkitd");
        Assumptions.assumeTrue(Files.exists(Path.of("/run/dbus/system_bus_socket")), "no system bus");
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/pkexec")), "pkexec is not installed");
        Path lib = Path.of("target/lib");
        Assumptions.assumeTrue(Files.isDirectory(lib), "target/lib: run after mvn package");
        polkitLog = Path.of(log);

        Path engine = Path.of(System.getProperty("drivelab.engine", "target/drivelab-engine"));
        install(engine, DeviceAccess.INSTALLED_ENGINE, "rwxr-xr-x");
        install(Path.of("packaging/polkit/io.drivelab.engine.policy"), ACTION, "rw-r--r--");

        user = "dlpv" + ProcessHandle.current().pid();
        run("useradd", "--no-create-home", "--shell", "/bin/sh", user);
        dir = Files.createTempDirectory(Path.of("/tmp"), "privileged-run-");
        run("chown", user, dir.toString());
        backing = dir.resolve("loop.img");
        try (RandomAccessFile file = new RandomAccessFile(backing.toFile(), "rw")) {
            file.setLength(256L << 20);
        }
        loop = run("losetup", "--find", "--show", backing.toString()).strip();
        allow(true);
    }

    @AfterAll
    static void tearDown() throws Exception {
        if (loop != null) {
            run("losetup", "--detach", loop);
        }
        Files.deleteIfExists(RULES);
        if (user != null) {
            run("userdel", user);
        }
        for (Path path : installed) {
            Files.deleteIfExists(path);
        }
        if (dir != null) {
            run("rm", "-rf", dir.toString());
        }
    }

    @Test
    @Order(1)
    void aUserOutsideGroupDiskRunsAWholePlanWithOneAuthorization() throws Exception {
        long checksBefore = authorizationChecks();
        Path db = dir.resolve("ok.db");

        Result r = drivelab(db, "run", "--target", loop, "--preset", "quick", "--size", "200M", "--runtime", "1",
                "--ramp", "0", "--idle", "0", "--allow-destroy=" + loop);

        assertEquals(0, r.code, r.output);
        try (Store store = Store.open(db)) {
            List<StoredPoint> points = store.listPoints(store.listRuns().get(0).id());
            assertEquals(16, points.size(), r.output);
            assertTrue(points.stream().allMatch(p -> p.point().status() == PointStatus.COMPLETE), r.output);
        }
        long checks = authorizationChecks() - checksBefore;
        assertTrue(checks >= 1 && checks <= 2, checks + " authorization checks for one run");
    }

    @Test
    @Order(2)
    void theUserCannotReachAFileThroughThePrivilegedEngine() throws Exception {
        Path shadow = Path.of("/etc/shadow");
        String before = sha256(shadow);
        Result r = asUser("[\"--rw=write\",\"--size=1m\"]\n", "/usr/bin/pkexec",
                DeviceAccess.INSTALLED_ENGINE.toString(), "--serve", "--filename=" + shadow,
                "--allow-destroy=" + shadow);
        assertEquals(2, r.code, r.output);
        assertTrue(r.output.contains("block devices under /dev only"), r.output);
        assertEquals(before, sha256(shadow));
    }

    @Test
    @Order(3)
    void theUserCannotWriteAMountedDeviceThroughThePrivilegedEngine() throws Exception {
        Path mountPoint = dir.resolve("mnt");
        run("mkfs.ext4", "-q", "-F", loop);
        Files.createDirectories(mountPoint);
        run("mount", loop, mountPoint.toString());
        try {
            Files.writeString(mountPoint.resolve("thesis.txt"), "four years of work");
            run("sync");
            String before = sha256(backing);
            Result r = asUser("[\"--rw=write\",\"--size=8m\"]\n", "/usr/bin/pkexec",
                    DeviceAccess.INSTALLED_ENGINE.toString(), "--serve", "--filename=" + loop,
                    "--allow-destroy=" + loop);
            assertTrue(r.output.contains("is in use"), r.output);
            assertEquals(before, sha256(backing));
        } finally {
            run("umount", mountPoint.toString());
        }
    }

    @Test
    @Order(4)
    void aRefusedAuthorizationStopsBeforeARunIsFiled() throws Exception {
        allow(false);
        Path db = dir.resolve("refused.db");

        Result r = drivelab(db, "run", "--target", loop, "--preset", "quick", "--size", "200M", "--runtime", "1",
                "--ramp", "0", "--idle", "0", "--allow-destroy=" + loop);

        assertNotEquals(0, r.code, r.output);
        assertTrue(r.output.contains("authorization was refused"), r.output);
        if (Files.exists(db)) {
            try (Store store = Store.open(db)) {
                assertEquals(List.of(), store.listRuns(), "no run is filed");
            }
        }
    }

    /** Puts the rule that answers for the administrator in place (or takes it away), and waits for polkitd to load it. */
    private static void allow(boolean yes) throws Exception {
        long loads = loads();
        if (yes) {
            Files.writeString(RULES, """
                    polkit.addRule(function(action, subject) {
                        if (action.id == "io.drivelab.engine" && subject.user == "%s") {
                            polkit.log("%s: authorization check for " + subject.user);
                            return polkit.Result.YES;
                        }
                    });
                    """.formatted(user, TOKEN));
        } else {
            Files.deleteIfExists(RULES);
        }
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (loads() == loads && System.nanoTime() < end) {
            Thread.sleep(50);  // polkitd reloads its rules on an inotify event and says so in its output
        }
        assertTrue(loads() > loads, "polkitd did not reload its rules");
    }

    private static long loads() throws IOException {
        return Files.readAllLines(polkitLog).stream().filter(l -> l.contains("Finished loading")).count();
    }

    private static long authorizationChecks() throws IOException {
        return Files.readAllLines(polkitLog).stream().filter(l -> l.contains(TOKEN)).count();
    }

    private static void install(Path from, Path to, String mode) throws IOException {
        if (Files.exists(to)) {
            Assumptions.assumeTrue(Files.mismatch(from, to) == -1, to + " is someone else's (a different file): "
                    + "not replaced");
            return;
        }
        boolean newFolder = !Files.isDirectory(to.getParent());
        Files.createDirectories(to.getParent());
        Files.copy(from, to);
        Files.setPosixFilePermissions(to, PosixFilePermissions.fromString(mode));
        installed.add(to);
        if (newFolder) {
            installed.add(to.getParent());  // removed after the file
        }
    }

    private static Result drivelab(Path db, String... args) throws Exception {
        Path root = Path.of("").toAbsolutePath();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Ddrivelab.engine=" + DeviceAccess.INSTALLED_ENGINE,
                "-cp", root.resolve("target/classes") + ":" + root.resolve("target/lib") + "/*",
                "io.drivelab.Main"));
        command.addAll(List.of(args));
        command.addAll(List.of("--db", db.toString()));
        return asUser("", command.toArray(String[]::new));
    }

    private record Result(int code, String output) {
    }

    /** Runs {@code command} as the test user, with {@code input} on its stdin, stdout and stderr together. */
    private static Result asUser(String input, String... command) throws Exception {
        List<String> full = new ArrayList<>(List.of("runuser", "-u", user, "--", "env", "HOME=" + dir));
        full.addAll(List.of(command));
        Process p = new ProcessBuilder(full).directory(dir.toFile()).redirectErrorStream(true).start();
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(240, TimeUnit.SECONDS), String.join(" ", command));
        return new Result(p.exitValue(), out);
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + ": " + out);
        }
        return out;
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
