package io.drivelab.safety;

import io.drivelab.IntegrationTest;
import io.drivelab.cli.Cli;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.run.PlanRunner;
import io.drivelab.run.RunListener;
import io.drivelab.run.TargetRefused;
import io.drivelab.store.Store;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Region;
import io.drivelab.workload.TestPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * issue 12 item 3: a plan whose region does not fit the device is refused before a run is filed, saying which
 * region fits (the core as data, the CLI as the --size to give). On a real 256 MiB loop device; needs root.
 */
@IntegrationTest
class PreflightTest {
    private static final long MIB = 1 << 20;
    private static final Path ENGINE = Path.of(System.getProperty("drivelab.engine", "target/drivelab-engine"));

    @TempDir
    Path dir;

    @Test
    void theQuickPresetOnA256MiBDeviceIsRefusedBeforeARunExistsNamingWhatFits() throws Exception {
        try (Loop loop = Loop.attach(dir.resolve("small.img"), 256 * MIB);
             Store store = Store.open(dir.resolve("d.db"))) {
            TestPlan quick = Presets.get(Presets.QUICK).withTimes(1, 0, 0);
            PlanRunner runner = new PlanRunner(store, ENGINE, new DeviceDiscovery(), RunListener.NONE);

            TargetRefused e = assertThrows(TargetRefused.class,
                    () -> runner.createRun(quick, loop.device, null, loop.device.toString()));
            assertEquals(TargetRefused.Kind.REGION_TOO_LARGE, e.kind());
            assertEquals(256 * MIB, e.fittingBytes().orElseThrow());
            assertTrue(e.getMessage().contains(loop.device.toString()), e.getMessage());
            assertFalse(e.getMessage().contains("--"), "the core names no CLI option: " + e.getMessage());
            assertTrue(store.listRuns().isEmpty(), "a refused plan filed a run");

            // the whole device, or a region that fits, passes the preflight
            runner.preflight(quick.withTarget(Region.WHOLE), loop.device, loop.device.toString());
            runner.preflight(quick.withTarget(Region.ofSize(256 * MIB)), loop.device, loop.device.toString());
            runner.endSession();  // no run follows: the engine ends and the device is free for the next test
        }
    }

    @Test
    void theCliSaysWhichSizeFitsAndFilesNoRun() throws Exception {
        try (Loop loop = Loop.attach(dir.resolve("small.img"), 256 * MIB)) {
            Path db = dir.resolve("d.db");
            Cli.Result r = Cli.run("run", "--db", db.toString(), "--target", loop.device.toString(), "--preset",
                    "quick", "--size", "300M", "--runtime", "1", "--allow-destroy", loop.device.toString());

            assertEquals(2, r.exitCode(), r.err());
            assertTrue(r.err().contains("give --size 256M or less"), r.err());
            try (Store store = Store.open(db)) {
                assertTrue(store.listRuns().isEmpty(), "a refused plan filed a run");
            }
        }
    }

    @Test
    void aTargetThatCannotBeOpenedForWritingIsRefusedBeforeARunExists() throws Exception {
        Path mount = dir.resolve("ro");
        Loop.mountTmpfs(mount, "4m");
        try (Store store = Store.open(dir.resolve("d.db"))) {
            Path file = mount.resolve("x.img");
            Files.write(file, new byte[1 << 20]);
            Loop.check(Loop.exec("mount", "-o", "remount,ro", mount.toString()));
            TestPlan write = Presets.get(Presets.QUICK).withTimes(1, 0, 0).withTarget(Region.ofSize(MIB));
            PlanRunner runner = new PlanRunner(store, ENGINE, new DeviceDiscovery(), RunListener.NONE)
                    .overwriteFile(true);

            // root passes every permission check but a read-only filesystem's: EROFS stands in for EACCES here
            TargetRefused e = assertThrows(TargetRefused.class, () -> runner.createRun(write, file, null, null));
            assertEquals(TargetRefused.Kind.NO_ACCESS, e.kind());
            assertTrue(e.getMessage().contains("may not read and write " + file), e.getMessage());
            assertTrue(store.listRuns().isEmpty(), "a refused plan filed a run");
        } finally {
            Loop.unmount(mount);
        }
    }
}
