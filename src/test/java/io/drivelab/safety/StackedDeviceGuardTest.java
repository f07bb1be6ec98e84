package io.drivelab.safety;

import io.drivelab.cli.Cli;
import io.drivelab.store.Store;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A device with something stacked on it is in use (issue 10, item 2): real loop devices attached on a loop
 * device (losetup -f --show /dev/loopX), ext4 on the top one, mounted. `drivelab devices` says so, and a run that
 * writes is refused whatever is confirmed, the device unchanged.
 */
@Timeout(120)
class StackedDeviceGuardTest {
    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;
    /** Attached bottom first; detached top first. */
    private final List<Loop> stack = new ArrayList<>();

    @AfterEach
    void detach() throws Exception {
        for (int i = stack.size() - 1; i >= 0; i--) {
            stack.get(i).close();
        }
    }

    /** A loop device on a file, {@code levels - 1} loop devices stacked on it, ext4 on the top one, mounted. */
    private Loop stackMounted(int levels) throws Exception {
        stack.add(Loop.attach(dir.resolve("disk.img"), 64 * MIB));
        for (int i = 1; i < levels; i++) {
            stack.add(Loop.stackOn(stack.get(i - 1).device));
        }
        Loop top = stack.get(levels - 1).withMountedExt4(dir.resolve("mnt"));
        Loop.randomFile(top.mountPoint().resolve("thesis.pdf"), 3 << 20, 1);
        Loop.check(Loop.exec("sync"));
        return stack.get(0);
    }

    private Path writePlan() throws Exception {
        return Loop.onePointPlan(dir, "randwrite");
    }

    /** The guard refused before a run was filed, so no engine started. */
    private void assertNoRunFiled() {
        try (Store store = Store.open(dir.resolve("d.db"))) {
            assertTrue(store.listRuns().isEmpty(), "a refused run was filed");
        }
    }

    private static String name(Loop loop) {
        return loop.device.getFileName().toString();
    }

    /** The `drivelab devices` line of {@code device}. */
    private static String devicesLine(Path device) {
        Cli.Result r = Cli.run("devices");
        assertEquals(0, r.exitCode(), r.toString());
        return r.out().lines().filter(l -> l.startsWith(device + " ")).findFirst()
                .orElseThrow(() -> new AssertionError(device + " not listed:\n" + r.out()));
    }

    @Test
    void aDeviceUnderAMountedLoopDeviceIsListedInUseAndNotWritten() throws Exception {
        Loop bottom = stackMounted(2);
        Map<String, String> files = Loop.checksums(stack.get(1).mountPoint());

        String listed = devicesLine(bottom.device);
        Cli.Result r = Cli.run("run", "--db", dir.resolve("d.db").toString(), "--target", bottom.device.toString(),
                "--plan", writePlan().toString(), "--allow-destroy", bottom.device.toString());

        assertTrue(listed.contains("in use") && listed.contains("backing " + name(stack.get(1)) + " (mounted at "),
                listed);
        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("backing " + name(stack.get(1))), r.err());
        assertEquals(files, Loop.checksums(stack.get(1).mountPoint()), "a file above the device changed");
        assertNoRunFiled();
    }

    @Test
    void aDeviceUnderALoopOverALoopMountedIsRefusedNamingTheWholeStack() throws Exception {
        Loop bottom = stackMounted(3);
        Map<String, String> files = Loop.checksums(stack.get(2).mountPoint());

        Cli.Result r = Cli.run("run", "--db", dir.resolve("d.db").toString(), "--target", bottom.device.toString(),
                "--plan", writePlan().toString(), "--allow-destroy", bottom.device.toString());

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("backing " + name(stack.get(1)) + " (backing " + name(stack.get(2))
                + " (mounted at " + dir.resolve("mnt")), r.err());
        assertEquals(files, Loop.checksums(stack.get(2).mountPoint()), "a file at the top of the stack changed");
        assertNoRunFiled();
    }
}
