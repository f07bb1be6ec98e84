package io.drivelab.ui.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.store.Store;
import io.drivelab.ui.DirectTasks;
import io.drivelab.ui.plan.PlanViewModel;
import io.drivelab.ui.targets.TargetsViewModel;
import io.drivelab.workload.Presets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test file larger than its folder's free space: Start stayed enabled for "900T", and the run failed at its first
 * point's layout, leaving a failed run of no points in History.
 */
class TestFileSpaceStartTest {
    @TempDir
    Path dir;

    @Test
    void aTestFileLargerThanTheFreeSpaceKeepsStartDisabledWithTheReason() throws Exception {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            TargetsViewModel targets = targets("900T");
            RunViewModel vm = quickRun(store, targets);
            String blocked = vm.startBlockedProperty().get();
            assertTrue(blocked.matches("Cannot create .*drivelab-test\\.img: the test file needs 900 TiB and the "
                    + "filesystem of .* has [\\d.]+ [GM]iB free; give a smaller size or a folder with more space\\."),
                    blocked);
            assertTrue(Files.getFileStore(dir).getUsableSpace() < 900L << 40, "this machine has 900 TiB free");

            targets.testFile().sizeProperty().set("16M");
            assertEquals("", vm.startBlockedProperty().get());
            assertEquals(0, store.listRuns().size(), "nothing filed");
        }
    }

    @Test
    void aTestFileLeftThereThatCouldNotGrowToTheSizeKeepsStartDisabledWithTheReason() throws Exception {
        // a file left by an earlier run was found only at the first point's layout: a failed run filed
        Files.write(dir.resolve("drivelab-test.img"), new byte[1 << 20]);
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            TargetsViewModel targets = targets("900T");
            RunViewModel vm = quickRun(store, targets);
            String blocked = vm.startBlockedProperty().get();
            assertTrue(blocked.matches("Cannot grow .*drivelab-test\\.img from 1 MiB to the 900 TiB the plan works "
                    + "in: the filesystem of .* has [\\d.]+ [GM]iB free; give a smaller size or a folder with more "
                    + "space\\."), blocked);
            targets.testFile().sizeProperty().set("16M");
            assertEquals("", vm.startBlockedProperty().get());
        }
    }

    @Test
    void aTestFileSmallerThanThePlansLargestBlockKeepsStartDisabledWithTheReason() {
        // "1k" for the quick plan's 128K points: every point failed ("target too small"), a failed run filed
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            TargetsViewModel targets = targets("1k");
            RunViewModel vm = quickRun(store, targets);
            assertEquals("The plan works in 1 KiB of " + dir.resolve("drivelab-test.img") + ", less than one of its "
                    + "128 KiB blocks; give a size of at least 128 KiB.", vm.startBlockedProperty().get());
            targets.testFile().sizeProperty().set("128k");
            assertEquals("", vm.startBlockedProperty().get());
        }
    }

    private TargetsViewModel targets(String size) {
        return new TargetsViewModel(new DirectTasks(), new DeviceDiscovery(), dir.toString(), size);
    }

    private RunViewModel quickRun(Store store, TargetsViewModel targets) {
        return new RunViewModel(new DirectTasks(), store, dir.resolve("drivelab-engine"), null, new DeviceDiscovery(),
                targets, new PlanViewModel(Presets.QUICK), 100);
    }
}
