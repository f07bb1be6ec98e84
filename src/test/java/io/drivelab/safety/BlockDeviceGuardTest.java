package io.drivelab.safety;

import io.drivelab.cli.Cli;

import io.drivelab.engine.EngineException;
import io.drivelab.engine.EngineListener;
import io.drivelab.engine.EngineProcess;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The write guard on real loop devices: `drivelab run` as a user types it (in this JVM), and the engine alone.
 * A device with a mounted ext4 is never written, whatever is confirmed; a free device only with
 * --allow-destroy naming it.
 */
@Timeout(120)
class BlockDeviceGuardTest {
    private static final long MIB = 1 << 20;
    private static final Path ENGINE = Path.of(System.getProperty("drivelab.engine", "target/drivelab-engine"));

    @TempDir
    Path dir;
    Loop loop;

    @AfterEach
    void detach() throws Exception {
        if (loop != null) {
            loop.close();
        }
    }

    /** A loop device holding a mounted ext4 with files on it; returns their checksums. */
    private Map<String, String> mountedWithFiles() throws Exception {
        loop = Loop.attach(dir.resolve("disk.img"), 64 * MIB).withMountedExt4(dir.resolve("mnt"));
        Loop.randomFile(loop.mountPoint().resolve("thesis.pdf"), 3 << 20, 1);
        Files.createDirectories(loop.mountPoint().resolve("photos"));
        Loop.randomFile(loop.mountPoint().resolve("photos/cat.jpg"), 700_000, 2);
        Loop.check(Loop.exec("sync"));
        return Loop.checksums(loop.mountPoint());
    }

    private Cli.Result run(String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("run", "--db", dir.resolve("d.db").toString(),
                "--target", loop.device.toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    private Path plan(String rw) throws Exception {
        return Loop.onePointPlan(dir, rw);
    }

    @Test
    void aWritePresetOnAMountedDeviceIsRefusedNamingTheMountPointEvenWhenConfirmed() throws Exception {
        Map<String, String> before = mountedWithFiles();

        Cli.Result r = run("--preset", "quick", "--size", "32M", "--runtime", "1", "--allow-destroy",
                loop.device.toString());

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains(loop.mountPoint().toString()), r.err());
        assertEquals(before, Loop.checksums(loop.mountPoint()), "a file on the mounted filesystem changed");
    }

    @Test
    void theEngineItselfRefusesToWriteAMountedDevice() throws Exception {
        Map<String, String> before = mountedWithFiles();
        String dev = loop.device.toString();

        EngineException e;
        try (EngineProcess engine = EngineProcess.start(ENGINE, List.of("--filename=" + dev, "--rw=write",
                "--allow-destroy=" + dev, "--size=16m"), EngineListener.NONE)) {
            e = assertThrows(EngineException.class, engine::awaitResult);
        }

        assertEquals(16, e.errno(), "EBUSY from the O_EXCL open: " + e.getMessage());
        assertTrue(e.getMessage().contains("is in use"), e.getMessage());
        assertEquals(before, Loop.checksums(loop.mountPoint()), "a file on the mounted filesystem changed");
    }

    @Test
    void aReadPlanOnAMountedDeviceRunsAndChangesNothing() throws Exception {
        Map<String, String> before = mountedWithFiles();

        Cli.Result r = run("--plan", plan("randread").toString());

        assertEquals(0, r.exitCode(), r.toString());
        assertEquals(before, Loop.checksums(loop.mountPoint()));
    }

    @Test
    void aFreeDeviceIsNotWrittenWithoutAllowDestroy() throws Exception {
        loop = Loop.attach(dir.resolve("disk.img"), 32 * MIB);
        Loop.randomFile(dir.resolve("pattern"), 1 << 20, 3);
        Loop.check(Loop.exec("dd", "if=" + dir.resolve("pattern"), "of=" + loop.device, "bs=1M", "conv=fsync",
                "status=none"));
        String before = Loop.sha256(loop.device);

        Cli.Result r = run("--preset", "quick", "--size", "16M", "--runtime", "1");

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("--allow-destroy=" + loop.device), r.err());
        assertEquals(before, Loop.sha256(loop.device), "the device was written");
        try (Store store = Store.open(dir.resolve("d.db"))) {
            assertTrue(store.listRuns().isEmpty(), "a refused run was filed");
        }
    }

    @Test
    void anAllowDestroyNamingAnotherDeviceIsRefused() throws Exception {
        loop = Loop.attach(dir.resolve("disk.img"), 32 * MIB);
        String before = Loop.sha256(loop.device);

        Cli.Result r = run("--plan", plan("randwrite").toString(), "--allow-destroy", "/dev/sdz");

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("--allow-destroy=" + loop.device), r.err());
        assertEquals(before, Loop.sha256(loop.device));
    }

    @Test
    void aFreeDeviceIsWrittenWithAllowDestroyNamingIt() throws Exception {
        loop = Loop.attach(dir.resolve("disk.img"), 32 * MIB);
        String before = Loop.sha256(loop.device);

        Cli.Result r = run("--plan", plan("randwrite").toString(), "--allow-destroy", loop.device.toString());

        assertEquals(0, r.exitCode(), r.toString());
        assertNotEquals(before, Loop.sha256(loop.device), "the confirmed write plan wrote nothing");
        try (Store store = Store.open(dir.resolve("d.db"))) {
            assertEquals(RunStatus.COMPLETE, store.getRun(1).orElseThrow().status());
        }
    }

    @Test
    void aDeviceNodeOutsideDevIsRefusedByTheGuardAndTheEngine() throws Exception {
        loop = Loop.attach(dir.resolve("disk.img"), 32 * MIB);
        Path node = dir.resolve("node");
        String rdev = Loop.exec("stat", "-c", "%t %T", loop.device.toString()).output().strip();
        String[] majorMinor = rdev.split(" ");
        Loop.Result made = Loop.exec("mknod", node.toString(), "b", String.valueOf(Integer.parseInt(majorMinor[0], 16)),
                String.valueOf(Integer.parseInt(majorMinor[1], 16)));
        Assumptions.assumeTrue(made.code() == 0, "cannot make a device node here: " + made.output());

        Cli.Result r = Cli.run("run", "--db", dir.resolve("d.db").toString(), "--target", node.toString(),
                "--plan", plan("randwrite").toString(), "--allow-destroy", node.toString());
        EngineException e;
        try (EngineProcess engine = EngineProcess.start(ENGINE, List.of("--filename=" + node, "--rw=read"),
                EngineListener.NONE)) {
            e = assertThrows(EngineException.class, engine::awaitResult);
        }

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("outside /dev"), r.err());
        assertEquals("place", e.op());
        assertTrue(e.getMessage().contains("outside /dev"), e.getMessage());
    }

    @Test
    void aDeviceTheUserMayNotOpenNamesTheGroupThatGivesAccessAndPkexec() throws Exception {
        Path setpriv = Path.of("/usr/bin/setpriv");
        Assumptions.assumeTrue(Files.isExecutable(setpriv), "no setpriv to drop to an unprivileged user");
        Assumptions.assumeTrue(Loop.exec("getent", "group", "disk").code() == 0, "no 'disk' group here");
        loop = Loop.attach(dir.resolve("disk.img"), 32 * MIB);
        String mode = Loop.exec("stat", "-c", "%a %g", loop.device.toString()).output().strip();
        Loop.check(Loop.exec("chgrp", "disk", loop.device.toString()));
        Loop.check(Loop.exec("chmod", "660", loop.device.toString()));
        try {
            // nobody, in no group: as a desktop user before joining 'disk'; a copy of the engine it may run
            Files.setPosixFilePermissions(dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
            Path engineCopy = Files.copy(ENGINE, dir.resolve("drivelab-engine"));
            EngineException e;
            try (EngineProcess engine = EngineProcess.start(setpriv, List.of("--reuid=65534", "--regid=65534",
                    "--clear-groups", engineCopy.toString(), "--filename=" + loop.device, "--rw=read"),
                    EngineListener.NONE)) {
                e = assertThrows(EngineException.class, engine::awaitResult);
            }

            assertEquals(13, e.errno(), "EACCES: " + e.getMessage());
            assertTrue(e.getMessage().contains("group 'disk'") && e.getMessage().contains("usermod -aG disk"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("pkexec"), e.getMessage());
        } finally {
            String[] was = mode.split(" ");
            Loop.exec("chgrp", was[1], loop.device.toString());
            Loop.exec("chmod", was[0], loop.device.toString());
        }
    }

    @Test
    void aLinkToADeviceNeedsTheConfirmationAndNamesTheDevice() throws Exception {
        loop = Loop.attach(dir.resolve("disk.img"), 32 * MIB);
        Path link = Files.createSymbolicLink(dir.resolve("scratch.img"), loop.device);

        EngineException e;
        try (EngineProcess engine = EngineProcess.start(ENGINE, List.of("--filename=" + link, "--rw=write",
                "--size=1m"), EngineListener.NONE)) {
            e = assertThrows(EngineException.class, engine::awaitResult);
        }

        assertEquals("guard", e.op());
        assertTrue(e.getMessage().contains("(" + loop.device + ")"), e.getMessage());
        assertTrue(e.getMessage().contains("--allow-destroy=" + link), e.getMessage());
    }
}
