package io.drivelab.privileges;

import io.drivelab.IntegrationTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
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
 * The desktop user's path for real, on the command line: a user outside group disk ({@link DesktopUser}) runs
 * `drivelab run` on a loop device through the real pkexec, polkitd and system bus, with a polkit rule standing in for
 * the administrator's password that logs each authorization check. Needs root and the daemons (.ci/run starts them);
 * skips, saying why, elsewhere.
 */
@IntegrationTest
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PrivilegedRunTest {
    private static DesktopUser user;

    @BeforeAll
    static void setUp() throws Exception {
        user = DesktopUser.create("privileged-run", "dlpv", 256L << 20);
    }

    @AfterAll
    static void tearDown() throws Exception {
        if (user != null) {
            user.close();
        }
    }

    @Test
    @Order(1)
    void aUserOutsideGroupDiskRunsAWholePlanWithOneAuthorization() throws Exception {
        long checksBefore = user.authorizationChecks();
        Path db = user.dir().resolve("ok.db");

        DesktopUser.Result r = drivelab(db, "run", "--target", user.loop(), "--preset", "quick", "--size", "200M",
                "--runtime", "1", "--ramp", "0", "--idle", "0", "--allow-destroy=" + user.loop());

        assertEquals(0, r.code(), r.output());
        try (Store store = Store.open(db)) {
            List<StoredPoint> points = store.listPoints(store.listRuns().get(0).id());
            assertEquals(16, points.size(), r.output());
            assertTrue(points.stream().allMatch(p -> p.point().status() == PointStatus.COMPLETE), r.output());
        }
        long checks = user.authorizationChecks() - checksBefore;
        assertTrue(checks >= 1 && checks <= 2, checks + " authorization checks for one run");
    }

    @Test
    @Order(2)
    void theUserCannotReachAFileThroughThePrivilegedEngine() throws Exception {
        Path shadow = Path.of("/etc/shadow");
        String before = sha256(shadow);
        DesktopUser.Result r = user.asUser("[\"--rw=write\",\"--size=1m\"]\n", "/usr/bin/pkexec",
                DeviceAccess.INSTALLED_ENGINE.toString(), "--serve", "--filename=" + shadow,
                "--allow-destroy=" + shadow);
        assertEquals(2, r.code(), r.output());
        assertTrue(r.output().contains("block devices under /dev only"), r.output());
        assertEquals(before, sha256(shadow));
    }

    @Test
    @Order(3)
    void theUserCannotWriteAMountedDeviceThroughThePrivilegedEngine() throws Exception {
        Path mountPoint = user.dir().resolve("mnt");
        // the whole filesystem written now: ext4's lazy init would otherwise write the device while it is mounted,
        // between the two hashes (CI, 2026-12-02: the engine refused, as it should, and the hash still moved)
        DesktopUser.asRoot("mkfs.ext4", "-q", "-F", "-E", "lazy_itable_init=0,lazy_journal_init=0", user.loop());
        Files.createDirectories(mountPoint);
        DesktopUser.asRoot("mount", user.loop(), mountPoint.toString());
        try {
            Files.writeString(mountPoint.resolve("thesis.txt"), "four years of work");
            DesktopUser.asRoot("sync");
            String before = sha256(user.backing());
            DesktopUser.Result r = user.asUser("[\"--rw=write\",\"--size=8m\"]\n", "/usr/bin/pkexec",
                    DeviceAccess.INSTALLED_ENGINE.toString(), "--serve", "--filename=" + user.loop(),
                    "--allow-destroy=" + user.loop());
            assertTrue(r.output().contains("is in use"), r.output());
            assertEquals(before, sha256(user.backing()));
        } finally {
            DesktopUser.asRoot("umount", mountPoint.toString());
        }
    }

    @Test
    @Order(4)
    void aRefusedAuthorizationStopsBeforeARunIsFiled() throws Exception {
        user.allow(false);
        Path db = user.dir().resolve("refused.db");

        DesktopUser.Result r = drivelab(db, "run", "--target", user.loop(), "--preset", "quick", "--size", "200M",
                "--runtime", "1", "--ramp", "0", "--idle", "0", "--allow-destroy=" + user.loop());

        assertNotEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("authorization was refused"), r.output());
        if (Files.exists(db)) {
            try (Store store = Store.open(db)) {
                assertEquals(List.of(), store.listRuns(), "no run is filed");
            }
        }
    }

    private static DesktopUser.Result drivelab(Path db, String... args) throws Exception {
        Path root = Path.of("").toAbsolutePath();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Ddrivelab.engine=" + DeviceAccess.INSTALLED_ENGINE,
                "-cp", root.resolve("target/classes") + ":" + root.resolve("target/lib") + "/*",
                "io.drivelab.Main"));
        command.addAll(List.of(args));
        command.addAll(List.of("--db", db.toString()));
        return user.asUser("", command.toArray(String[]::new));
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}
