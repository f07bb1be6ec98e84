package io.drivelab.safety;

import io.drivelab.cli.Cli;
import io.drivelab.run.RunException;
import io.drivelab.run.TargetLock;
import io.drivelab.store.Store;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A block device node is judged by the device it opens, whatever path names it (issue 10, items 4 and 17): a node
 * made with mknod in /dev/shm, a link from outside /dev. A node whose device number the kernel lists no device for
 * cannot be checked for use and is refused, for reads as for writes.
 */
@Timeout(120)
class DeviceNodeGuardTest {
    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;
    Loop loop;
    /** A node this test made in /dev/shm (no @TempDir there), removed after. */
    Path node;

    @AfterEach
    void cleanUp() throws Exception {
        if (node != null) {
            Files.deleteIfExists(node);
        }
        if (loop != null) {
            loop.close();
        }
    }

    private Path plan(String rw) throws Exception {
        return Loop.onePointPlan(dir, rw);
    }

    /** mknod /dev/shm/drivelab-test-RANDOM b MAJOR MINOR; skips where nodes cannot be made. */
    private Path nodeInDevShm(long major, long minor) throws Exception {
        Loop.assumeRoot("making device nodes");
        node = Path.of("/dev/shm", "drivelab-test-" + UUID.randomUUID());
        Loop.Result made = Loop.exec("mknod", node.toString(), "b", String.valueOf(major), String.valueOf(minor));
        Assumptions.assumeTrue(made.code() == 0, "cannot make a device node in /dev/shm here: " + made.output());
        return node;
    }

    private static long[] majorMinor(Path device) throws Exception {
        String[] hex = Loop.exec("stat", "-c", "%t %T", device.toString()).output().strip().split(" ");
        return new long[]{Long.parseLong(hex[0], 16), Long.parseLong(hex[1], 16)};
    }

    /** The guard refused before a run was filed, so no engine started. */
    private void assertNoRunFiled() {
        try (Store store = Store.open(dir.resolve("d.db"))) {
            assertTrue(store.listRuns().isEmpty(), "a refused run was filed");
        }
    }

    private static String fileType(Path path) throws Exception {
        return Loop.exec("stat", "-c", "%F", path.toString()).output().strip();
    }

    @Test
    void aNodeMadeInDevShmForAMountedDeviceIsRefusedAndNothingIsWritten() throws Exception {
        loop = Loop.attach(dir.resolve("disk.img"), 64 * MIB).withMountedExt4(dir.resolve("mnt"));
        Loop.randomFile(loop.mountPoint().resolve("thesis.pdf"), 3 << 20, 1);
        Loop.check(Loop.exec("sync"));
        Map<String, String> files = Loop.checksums(loop.mountPoint());
        long[] number = majorMinor(loop.device);
        Path shmNode = nodeInDevShm(number[0], number[1]);

        Cli.Result r = Cli.run("run", "--db", dir.resolve("d.db").toString(), "--target", shmNode.toString(),
                "--plan", plan("randwrite").toString(), "--allow-destroy", shmNode.toString());

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("mounted at " + loop.mountPoint()), r.err());
        assertEquals("block special file", fileType(shmNode), "the node was replaced");
        assertEquals(files, Loop.checksums(loop.mountPoint()));
        assertNoRunFiled();
    }

    @Test
    void aNodeForADeviceNumberTheKernelDoesNotListIsRefusedEvenForAReadPlan() throws Exception {
        // 240: a major for local use that no driver here registers (not loop's: opening /dev/loopN creates loopN)
        Path unknown = nodeInDevShm(240, 1);

        Cli.Result r = Cli.run("run", "--db", dir.resolve("d.db").toString(), "--target", unknown.toString(),
                "--plan", plan("randread").toString());

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("device number 240:1") && r.err().contains("matches no device"), r.err());
        assertEquals("block special file", fileType(unknown));
    }

    @Test
    void aLinkFromOutsideDevToADeviceRunsAReadPlanOnTheDevice() throws Exception {
        loop = Loop.attach(dir.resolve("disk.img"), 32 * MIB);
        Path link = Files.createSymbolicLink(dir.resolve("scratch-disk"), loop.device);
        String before = Loop.sha256(loop.device);

        Cli.Result r = Cli.run("run", "--db", dir.resolve("d.db").toString(), "--target", link.toString(),
                "--plan", plan("randread").toString());

        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(before, Loop.sha256(loop.device));
    }

    @Test
    void aLinkFromOutsideDevToAMountedDeviceIsRefusedForWritesNamingTheDevice() throws Exception {
        loop = Loop.attach(dir.resolve("disk.img"), 64 * MIB).withMountedExt4(dir.resolve("mnt"));
        Loop.randomFile(loop.mountPoint().resolve("thesis.pdf"), 3 << 20, 1);
        Loop.check(Loop.exec("sync"));
        Map<String, String> files = Loop.checksums(loop.mountPoint());
        Path link = Files.createSymbolicLink(dir.resolve("scratch-disk"), loop.device);

        Cli.Result r = Cli.run("run", "--db", dir.resolve("d.db").toString(), "--target", link.toString(),
                "--plan", plan("randwrite").toString(), "--allow-destroy", link.toString());

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("(" + loop.device + ") is mounted at " + loop.mountPoint()), r.err());
        assertEquals(files, Loop.checksums(loop.mountPoint()));
        assertNoRunFiled();
    }

    @Test
    void aDevicesOwnNodeAndANodeElsewhereForItAreOneTargetForTheRunLock() throws Exception {
        loop = Loop.attach(dir.resolve("disk.img"), 32 * MIB);
        long[] number = majorMinor(loop.device);
        Path shmNode = nodeInDevShm(number[0], number[1]);

        try (TargetLock first = TargetLock.acquire(loop.device, 1, dir.resolve("d.db"))) {
            RunException e = assertThrows(RunException.class, () -> TargetLock.acquire(shmNode, 2, null));

            assertTrue(e.getMessage().contains("is being tested by run 1"), e.getMessage());
        }
    }
}
