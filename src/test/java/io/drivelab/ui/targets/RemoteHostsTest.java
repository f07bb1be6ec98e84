package io.drivelab.ui.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.ui.DirectTasks;
import io.drivelab.workload.Presets;
import io.drivelab.workload.TestPlan;
import org.junit.jupiter.api.Test;

/** Remote hosts in the targets column: what the user types, what is wrong with it, what runs. Without JavaFX. */
class RemoteHostsTest {

    private static TargetsViewModel targets() throws URISyntaxException {
        Path root = Path.of(RemoteHostsTest.class.getResource("/sysfs/nvme-root").toURI());
        TargetsViewModel vm = new TargetsViewModel(new DirectTasks(), new DeviceDiscovery(root.resolve("sys"),
                root.resolve("mountinfo"), root.resolve("swaps")), "/data", "64M");
        vm.testFile().selectedProperty().set(false);
        return vm;
    }

    @Test
    void anEmptyHostIsNamed() throws Exception {
        TargetsViewModel vm = targets();
        vm.addRemote("  ", "/dev/nvme1n1");
        assertEquals(Optional.of("A remote host has no name: give HOST or HOST:PORT, e.g. server1 or "
                + "10.0.0.5:8765."), vm.problem());
    }

    @Test
    void aPortOutsideTcpsRangeIsNamed() throws Exception {
        TargetsViewModel vm = targets();
        vm.addRemote("server1:99999", "/dev/nvme1n1");
        assertEquals(Optional.of("Remote host \"server1:99999\": port 99999 is not a TCP port (1-65535); give HOST "
                + "or HOST:PORT, e.g. server1 or 10.0.0.5:8765."), vm.problem());
    }

    @Test
    void aPortThatIsNotANumberIsNamed() throws Exception {
        TargetsViewModel vm = targets();
        vm.addRemote("server1:fio", "/dev/nvme1n1");
        assertEquals(Optional.of("Remote host \"server1:fio\": \"fio\" is not a port number; give HOST or "
                + "HOST:PORT, e.g. server1 or 10.0.0.5:8765."), vm.problem());
    }

    @Test
    void aHostWithSpacesIsNamed() throws Exception {
        TargetsViewModel vm = targets();
        vm.addRemote("server 1", "/dev/nvme1n1");
        assertEquals(Optional.of("Remote host \"server 1\" is not a host name or address; give HOST or HOST:PORT, "
                + "e.g. server1 or 10.0.0.5:8765."), vm.problem());
    }

    @Test
    void anEmptyPathIsNamed() throws Exception {
        TargetsViewModel vm = targets();
        vm.addRemote("server1", "");
        assertEquals(Optional.of("Give the path on server1:8765 of the file or device to measure, e.g. "
                + "/dev/nvme1n1 or /data/drivelab.img."), vm.problem());
    }

    @Test
    void aRelativePathIsNamed() throws Exception {
        TargetsViewModel vm = targets();
        vm.addRemote("server1", "drivelab.img");
        assertEquals(Optional.of("The target on server1:8765 must be an absolute path (e.g. /dev/nvme1n1 or "
                + "/data/drivelab.img), not drivelab.img."), vm.problem());
    }

    @Test
    void anUntickedRemoteHostDoesNotRunSoItsFieldsDoNotBlock() throws Exception {
        TargetsViewModel vm = targets();
        vm.testFile().selectedProperty().set(true);
        vm.addRemote("", "").selectedProperty().set(false);
        assertEquals(Optional.empty(), vm.problem());
    }

    @Test
    void oneHostAndPathTickedTwiceIsNamed() throws Exception {
        TargetsViewModel vm = targets();
        vm.addRemote("server1", "/dev/nvme1n1");
        vm.addRemote("server1:8765", "/dev/nvme1n1");
        assertEquals(Optional.of("server1:8765:/dev/nvme1n1 is ticked twice: untick or remove one of them."),
                vm.problem());
    }

    @Test
    void aRemoteDeviceRunsAsHostPortPathAndIsConfirmedAsHostAndDevice() throws Exception {
        TargetsViewModel vm = targets();
        Target.Remote remote = vm.addRemote(" server1:8766 ", " /dev/nvme1n1 ");
        assertEquals(Optional.empty(), vm.problem());
        assertTrue(vm.remoteTicked());
        assertEquals(Path.of("server1:8766:/dev/nvme1n1"), remote.path());
        assertEquals(Path.of("server1:/dev/nvme1n1"), remote.confirmedAs());
        TestPlan quick = Presets.get(Presets.QUICK);
        assertSame(quick, remote.planFor(quick));
    }

    @Test
    void aRemoteFileIsLaidOutAtTheTestFilesSize() throws Exception {
        TargetsViewModel vm = targets();
        Target.Remote remote = vm.addRemote("server1", "/data/drivelab.img");
        assertEquals(64L << 20, remote.planFor(Presets.get(Presets.QUICK)).target().size());
        vm.testFile().sizeProperty().set("lots");
        assertEquals(Optional.of("The test file's size \"lots\" is not a size; give e.g. 512M, 4G."), vm.problem());
    }

    @Test
    void remoteHostsStayWhenTheDrivesAreListedAgain() throws Exception {
        TargetsViewModel vm = targets();
        Target.Remote remote = vm.addRemote("server1", "/dev/nvme1n1");
        vm.refresh();
        vm.refresh();
        assertEquals(List.of(remote), vm.remotes());
        assertSame(remote, vm.targets().get(1));
        assertTrue(vm.targets().get(2) instanceof Target.Drive);
        vm.removeRemote(remote);
        assertFalse(vm.remoteTicked());
        assertEquals(List.of(), vm.remotes());
    }

    @Test
    void remoteHostsAreRememberedAsTypedAndTicked() throws Exception {
        TargetsViewModel before = targets();
        before.addRemote("server1:8766", "/dev/nvme1n1");
        before.addRemote("", "/data/x.img").selectedProperty().set(false);
        TargetsViewModel after = targets();
        after.addRemoteHosts(before.remoteHosts());
        assertEquals(List.of(new TargetsViewModel.RemoteHost("server1:8766", "/dev/nvme1n1", true),
                new TargetsViewModel.RemoteHost("", "/data/x.img", false)), after.remoteHosts());
    }
}
