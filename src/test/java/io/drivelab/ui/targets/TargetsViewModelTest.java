package io.drivelab.ui.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.ui.DirectTasks;
import io.drivelab.workload.Presets;
import io.drivelab.workload.TestPlan;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;

/** The targets column's view-model, on sysfs fixtures, without JavaFX running. */
class TargetsViewModelTest {

    private static DeviceDiscovery fixture(String name) throws URISyntaxException {
        Path root = Path.of(TargetsViewModelTest.class.getResource("/sysfs/" + name).toURI());
        return new DeviceDiscovery(root.resolve("sys"), root.resolve("mountinfo"), root.resolve("swaps"));
    }

    @Test
    void aTestFileInAFolderKeptInRamSaysItMeasuresMemory() throws Exception {
        TargetsViewModel vm = new TargetsViewModel(new DirectTasks(), fixture("sata-free"), "/dev/shm", "1G");
        Target.TestFile file = vm.testFile();
        assertTrue(file.inMemoryProperty().get().startsWith("In RAM (tmpfs): a run here measures memory, not a "
                + "drive."), file.inMemoryProperty().get());
        // a folder not made yet counts by the nearest one that is
        file.folderProperty().set("/dev/shm/drivelab-not-made/deeper");
        assertTrue(file.inMemoryProperty().get().startsWith("In RAM (tmpfs)"), file.inMemoryProperty().get());

        Path onDisk = Path.of("target").toAbsolutePath();
        assumeTrue(DeviceDiscovery.memoryFileSystem(onDisk).isEmpty(), "the build folder is on a disk here");
        file.folderProperty().set(onDisk.toString());
        assertEquals("", file.inMemoryProperty().get());
    }

    @Test
    void theTestFileIsTheTickedDefault() throws Exception {
        TargetsViewModel vm = new TargetsViewModel(new DirectTasks(), fixture("sata-free"), "/data", "4G");
        assertEquals(1, vm.selected().size());
        Target file = vm.selected().get(0);
        assertEquals(Path.of("/data/drivelab-test.img"), file.path());
        assertEquals(Target.Badge.SAFE, file.badge());
        assertEquals(Optional.empty(), vm.problem());
    }

    @Test
    void theTestFilesSizeIsThePlansRegion() throws Exception {
        TargetsViewModel vm = new TargetsViewModel(new DirectTasks(), fixture("sata-free"), "/data", "64M");
        TestPlan plan = vm.testFile().planFor(Presets.get(Presets.QUICK));
        assertEquals(64L << 20, plan.target().size());
    }

    @Test
    void thePlanColumnSaysWhenTheTestFilesSizeReplacesThePlansRegion() throws Exception {
        TargetsViewModel vm = new TargetsViewModel(new DirectTasks(), fixture("sata-free"), "/data", "256M");
        ObjectProperty<TestPlan> plan = new SimpleObjectProperty<>(Presets.get(Presets.QUICK));
        StringBinding note = vm.regionNote(plan);
        assertEquals("On the test file: its 256 MiB, not the first 1 GiB the plan says.", note.get());

        vm.testFile().sizeProperty().set("1G");
        assertEquals("", note.get(), "the plan's own region");
        vm.testFile().sizeProperty().set("8G");
        assertEquals("On the test file: its 8 GiB, not the first 1 GiB the plan says.", note.get());
        plan.set(Presets.get(Presets.CRYSTALDISKMARK));
        assertEquals("", note.get(), "CrystalDiskMark's 8 GiB");
        vm.testFile().sizeProperty().set("51");
        assertEquals("", note.get(), "a size that is none: the size field says what is wrong");
        vm.testFile().sizeProperty().set("4G");
        vm.testFile().selectedProperty().set(false);
        assertEquals("", note.get(), "only while the test file is ticked");
    }

    @Test
    void aSizeThatIsNotASizeIsNamed() throws Exception {
        TargetsViewModel vm = new TargetsViewModel(new DirectTasks(), fixture("sata-free"), "/data", "lots");
        assertEquals(Optional.of("The test file's size \"lots\" is not a size; give e.g. 512M, 4G."), vm.problem());
    }

    @Test
    void nothingTickedAsksForATarget() throws Exception {
        TargetsViewModel vm = new TargetsViewModel(new DirectTasks(), fixture("sata-free"), "/data", "1G");
        vm.testFile().selectedProperty().set(false);
        assertEquals(Optional.of("Tick a target: the test file or a drive."), vm.problem());
    }

    @Test
    void drivesComeWithIdentityAndABadge() throws Exception {
        TargetsViewModel vm = new TargetsViewModel(new DirectTasks(), fixture("nvme-root"), "/data", "1G");
        vm.refresh();
        assertEquals("1 drive", vm.drivesMessageProperty().get());
        Target.Drive drive = (Target.Drive) vm.targets().get(1);
        assertEquals(Target.Badge.MOUNTED, drive.badge());
        assertTrue(drive.badgeReason().contains("mounted"), drive.badgeReason());
        assertFalse(drive.isSelected());
        String details = String.join(" | ", drive.details());
        assertTrue(details.contains("serial"), details);
        assertTrue(details.contains("PCIe"), details);
        assertTrue(details.contains("°C"), details);
    }

    @Test
    void aRefreshKeepsWhatWasTicked() throws Exception {
        TargetsViewModel vm = new TargetsViewModel(new DirectTasks(), fixture("sata-free"), "/data", "1G");
        vm.refresh();
        vm.targets().get(1).selectedProperty().set(true);
        vm.refresh();
        assertEquals(List.of("/data/drivelab-test.img", "/dev/sda"),
                vm.selected().stream().map(t -> t.path().toString()).toList());
        assertEquals(Target.Badge.FREE, vm.targets().get(1).badge());
    }

    /** Before: a drive this window's run wrote to kept its badge "free" (nothing else held it) until the run ended. */
    @Test
    void aDriveThisWindowsRunWorksOnSaysTestingUntilTheRunEnds() throws Exception {
        TargetsViewModel vm = new TargetsViewModel(new DirectTasks(), fixture("sata-free"), "/data", "1G");
        vm.refresh();
        Target drive = vm.targets().get(1);
        BooleanProperty running = new SimpleBooleanProperty(true);
        vm.testing(List.of(Path.of("/dev/sda")), running);
        assertEquals(Target.Badge.TESTING, vm.badgeOf(drive));
        assertTrue(vm.badgeReasonOf(drive).contains("run is measuring it"), vm.badgeReasonOf(drive));
        assertEquals(Target.Badge.SAFE, vm.badgeOf(vm.testFile()), "a target the run does not work on");
        vm.refresh();
        assertEquals(Target.Badge.TESTING, vm.badgeOf(vm.targets().get(1)), "the drive found again in a refresh");
        running.set(false);
        assertEquals(Target.Badge.FREE, vm.badgeOf(vm.targets().get(1)), "the run ended");
        assertEquals(vm.targets().get(1).badgeReason(), vm.badgeReasonOf(vm.targets().get(1)), "the drive's own");
        vm.testing(List.of(Path.of("/dev/sda")), running);
        assertEquals(Target.Badge.FREE, vm.badgeOf(vm.targets().get(1)), "a run that did not start marks nothing");
    }

    @Test
    void anArrayIsNamedByWhatItIsMadeOf() throws Exception {
        TargetsViewModel vm = new TargetsViewModel(new DirectTasks(), fixture("md-raid"), "/data", "1G");
        vm.refresh();
        List<String> titles = vm.targets().stream().map(Target::title).toList();
        assertTrue(titles.stream().anyMatch(t -> t.startsWith("/dev/md") && t.contains("md raid")), titles.toString());
    }

    @Test
    void aSizeThatIsNotWholeSectorsKeepsStartBlockedSayingWhy() throws Exception {
        TargetsViewModel vm = new TargetsViewModel(new DirectTasks(), fixture("sata-free"), "/data", "512M");
        for (String typed : List.of("5", "51", "1000")) {
            vm.testFile().sizeProperty().set(typed);
            Optional<String> problem = vm.problem();
            assertTrue(problem.isPresent() && problem.get().contains("\"" + typed + "\"")
                    && problem.get().contains("512"), typed + ": " + problem);
        }
        vm.testFile().sizeProperty().set("1024");
        assertEquals(Optional.empty(), vm.problem());
        assertEquals(1024L, vm.testFile().planFor(Presets.get(Presets.QUICK)).target().size());
    }
}
