package io.drivelab.ui.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.fio.FioBinary;
import io.drivelab.run.RemoteTarget;
import io.drivelab.store.NewRun;
import io.drivelab.store.Store;
import io.drivelab.ui.DirectTasks;
import io.drivelab.ui.plan.EngineChoice;
import io.drivelab.ui.plan.PlanViewModel;
import io.drivelab.ui.targets.TargetsViewModel;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.Presets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whether Start can go with the engine choice and remote hosts, and what it asks first; a real database, nothing
 * run. fio is a small program answering --version as fio 3.33 does: no run starts here.
 */
class RemoteTargetStartTest {
    @TempDir
    Path dir;
    private Store store;
    private TargetsViewModel targets;
    private PlanViewModel plan;
    private RunViewModel vm;

    @BeforeEach
    void setUp() throws Exception {
        store = Store.open(dir.resolve("drivelab.db"));
        DirectTasks tasks = new DirectTasks();
        targets = new TargetsViewModel(tasks, new DeviceDiscovery(), dir.toString(), "16M");
        targets.testFile().selectedProperty().set(false);
        plan = new PlanViewModel(Presets.QUICK);
        vm = new RunViewModel(tasks, store, dir.resolve("drivelab-engine"), null, new DeviceDiscovery(), targets,
                plan, 100);
        Path fio = dir.resolve("fio");
        Files.writeString(fio, "#!/bin/sh\necho fio-3.33\n");
        Files.setPosixFilePermissions(fio, PosixFilePermissions.fromString("rwxr-xr-x"));
        plan.engine().lookForFio(tasks, () -> FioBinary.at(fio));
    }

    @AfterEach
    void tearDown() {
        store.close();
    }

    @Test
    void aRemoteHostWaitsForFioAsTheEngine() {
        targets.addRemote("server1:8766", "/data/drivelab.img");
        assertEquals("A remote host is measured by its fio server: choose fio as the engine in the plan, or untick "
                + "the remote host.", vm.startBlockedProperty().get());
        plan.engine().chosenProperty().set(EngineChoice.Engine.FIO);
        assertEquals("", vm.startBlockedProperty().get());
        assertEquals(List.of(), vm.confirmationsNeeded());
    }

    @Test
    void badInputInTheRemoteFieldsKeepsStartDisabledSayingWhy() {
        plan.engine().chosenProperty().set(EngineChoice.Engine.FIO);
        var remote = targets.addRemote("", "/dev/nvme1n1");
        assertEquals("A remote host has no name: give HOST or HOST:PORT, e.g. server1 or 10.0.0.5:8765.",
                vm.startBlockedProperty().get());
        remote.hostProperty().set("server1:0");
        assertTrue(vm.startBlockedProperty().get().startsWith("Remote host \"server1:0\": port 0 is not a TCP port"),
                vm.startBlockedProperty().get());
        remote.hostProperty().set("server1");
        remote.pathThereProperty().set(" ");
        assertTrue(vm.startBlockedProperty().get().startsWith("Give the path on server1:8765 "),
                vm.startBlockedProperty().get());
    }

    @Test
    void aWritePlanOnARemoteDeviceAsksForHostAndDeviceTyped() {
        plan.engine().chosenProperty().set(EngineChoice.Engine.FIO);
        targets.addRemote("server1:8766", "/dev/nvme1n1");
        assertEquals("", vm.startBlockedProperty().get());
        RunViewModel.Confirmation asked = vm.confirmationsNeeded().get(0);
        assertEquals(RunViewModel.Confirmation.Kind.TYPE_DEVICE_NAME, asked.kind());
        assertEquals(Path.of("server1:/dev/nvme1n1"), asked.target());
        assertEquals("The plan writes to /dev/nvme1n1 on server1 and destroys everything on it. Type "
                + "server1:/dev/nvme1n1 to confirm.", asked.question());
    }

    @Test
    void aReadOnlyPlanOnARemoteDeviceAsksNothing() {
        plan.engine().chosenProperty().set(EngineChoice.Engine.FIO);
        targets.addRemote("server1", "/dev/nvme1n1");
        // only the reading workloads of the quick preset
        plan.workloads().stream().filter(w -> w.describe().contains("write")).forEach(w -> w.includedProperty()
                .set(false));
        plan.preconditionsProperty().set(false);
        assertEquals("", vm.startBlockedProperty().get());
        assertEquals(List.of(), vm.confirmationsNeeded());
    }

    @Test
    void resumingAWriteRunOnARemoteDeviceAsksForHostAndDeviceTyped() {
        long id = store.createRun(new NewRun("quick on server1", PlanFiles.toJson(Presets.get(Presets.QUICK)),
                "quick", "server1:8766:/dev/nvme1n1", RemoteTarget.KIND, null, "server1", "fio-3.33"));
        RunViewModel.Confirmation asked = vm.resumeConfirmation(store.getRun(id).orElseThrow()).orElseThrow();
        assertEquals(Path.of("server1:/dev/nvme1n1"), asked.target());
        assertEquals(RunViewModel.Confirmation.Kind.TYPE_DEVICE_NAME, asked.kind());
    }

    @Test
    void whileARemoteHostIsTickedTheCpusAreNotOfferedAndWhatIsTypedThereDoesNotApply() {
        plan.engine().chosenProperty().set(EngineChoice.Engine.FIO);
        var remote = targets.addRemote("server1:8766", "/data/drivelab.img");
        plan.cpus().textProperty().set("a");
        assertFalse(plan.cpus().offeredProperty().get(), "another machine's CPUs");
        assertEquals("", vm.startBlockedProperty().get(), "a field that is not offered blocks nothing");
        assertNull(plan.cpus().chosen(), "and keeps no run to CPUs");

        remote.selectedProperty().set(false);
        targets.testFile().selectedProperty().set(true);
        assertTrue(plan.cpus().offeredProperty().get());
        assertEquals("CPUs: \"a\" is not a list of CPUs: give CPU numbers such as 1, 0-3 or 0,2.",
                vm.startBlockedProperty().get());
    }
}
