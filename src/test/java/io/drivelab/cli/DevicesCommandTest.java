package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import io.drivelab.device.BlockDevice;
import io.drivelab.device.DeviceDiscovery;

/** {@code drivelab devices} on the saved sysfs trees (src/test/resources/sysfs/CASE) and on this machine. */
class DevicesCommandTest {

    static String fixture(String name) {
        URL url = DevicesCommandTest.class.getResource("/sysfs/" + name);
        assertNotNull(url, "fixture " + name);
        try {
            return Path.of(url.toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Cli.Result devices(String fixture, String... more) {
        List<String> args = new ArrayList<>(List.of("devices", "--system-root", fixture(fixture)));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    /** The table line of a device; fails when there is none. */
    static String line(Cli.Result result, String devPath) {
        return result.lines().stream().filter(l -> l.startsWith(devPath + " ")).findFirst()
                .orElseThrow(() -> new AssertionError("no line for " + devPath + " in\n" + result));
    }

    @Test
    void anNvmeDriveShowsItsIdentityCapacityLinkAndTemperature() {
        Cli.Result result = devices("nvme-root");

        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.lines().get(0).matches("DEVICE +MODEL +CAPACITY +SERIAL +FIRMWARE +LBS/PBS +TRANSPORT "
                + "+PCIE LINK +TEMP +STATE +WHY"), result.toString());
        String line = line(result, "/dev/nvme0n1");
        for (String expected : List.of("Samsung SSD 980 PRO 1TB", "1.00 TB", "S5GXNX0T123456X", "5B2QGXA7",
                "512/512", "nvme", "16.0 GT/s x4", "39 °C")) {
            assertTrue(line.contains(expected), expected + " missing in: " + line);
        }
    }

    @Test
    void aDriveWithAMountedPartitionIsMountedAndSaysWhere() {
        String line = line(devices("nvme-root"), "/dev/nvme0n1");

        assertTrue(line.endsWith("  mounted  partition nvme0n1p2 mounted at /"), line);
    }

    @Test
    void aLinkBelowItsMaximumShowsBoth() {
        String line = line(devices("nvme-multipath"), "/dev/nvme1n1");

        assertTrue(line.contains("8.0 GT/s x2 (max 16.0 GT/s x4)"), line);
    }

    @Test
    void everyStateHasItsBadge() {
        assertTrue(line(devices("sata-free"), "/dev/sda").matches(".*  free +no partitions, not mounted or in use"));
        assertTrue(line(devices("partitioned"), "/dev/sde").matches(".*  has partitions +partitions sde1, sde2, .*"));
        assertTrue(line(devices("holders"), "/dev/sdb").matches(".*  in use +held by dm-0 \\(mounted at /srv\\)"));
        assertTrue(line(devices("optical"), "/dev/sr0").matches(".*  read-only +read-only"));
    }

    @Test
    void raidArraysAndMultipathDevicesShowWhatTheyAreMadeOfAndTheirMembersAreInUse() {
        Cli.Result raid = devices("md-raid");
        Cli.Result multipath = devices("dm-multipath");

        assertTrue(line(raid, "/dev/md0").matches("/dev/md0 +md raid1 of nvme0n1, nvme1n1 +7.68 TB .* +md +.*free .*"),
                line(raid, "/dev/md0"));
        assertTrue(line(raid, "/dev/nvme1n1").endsWith("  in use   member of md0 (raid1)"), line(raid, "/dev/nvme1n1"));
        assertTrue(line(multipath, "/dev/dm-2").matches("/dev/dm-2 +multipath mpathb of sdc, sdd .* free .*"),
                line(multipath, "/dev/dm-2"));
        assertTrue(line(multipath, "/dev/sdb").endsWith("path of multipath mpatha (dm-0, held by dm-1 (mounted at /srv))"),
                line(multipath, "/dev/sdb"));
    }

    @Test
    void missingAttributesShowAsDashes() {
        String line = line(devices("holders"), "/dev/md0");

        // an array without members in sysfs still says what it is
        assertTrue(line.matches("/dev/md0 +md raid1 +500 GB +- +- +512/512 +md +- +- +free .*"), line);
    }

    @Test
    void jsonHasTheFullRecords() {
        Cli.Result result = devices("nvme-root", "--json");

        assertEquals(0, result.exitCode(), result.toString());
        JsonNode devices = StoredRuns.parse(result.out());
        assertEquals(1, devices.size());
        JsonNode nvme = devices.get(0);
        assertEquals("nvme0n1", nvme.get("name").asText());
        assertEquals("/dev/nvme0n1", nvme.get("dev_path").asText());
        assertEquals(1953525168L * 512, nvme.get("capacity_bytes").asLong());
        assertEquals("nvme", nvme.get("transport").asText());
        assertEquals("mounted", nvme.get("state").asText());
        assertEquals("partition nvme0n1p2 mounted at /", nvme.get("state_reason").asText());
        assertEquals(4, nvme.get("pcie_link").get("current_width").asInt());
        assertEquals(38.85, nvme.get("temperature_celsius").asDouble());
        assertEquals("/", nvme.get("partitions").get(1).get("mount_points").get(0).asText());
    }

    @Test
    void aSystemWithoutBlockDevicesSaysSo(@TempDir Path empty) throws Exception {
        Files.createDirectories(empty.resolve("sys/block"));
        Files.writeString(empty.resolve("mountinfo"), "");
        Files.writeString(empty.resolve("swaps"), "Filename\tType\tSize\tUsed\tPriority\n");

        Cli.Result result = Cli.run("devices", "--system-root", empty.toString());

        assertEquals(0, result.exitCode(), result.toString());
        assertEquals("No block devices found.\n", result.out());
    }

    @Test
    void unreadableSysfsExits1WithTheReason() {
        Cli.Result result = Cli.run("devices", "--system-root", "/nonexistent/root");

        assertEquals(1, result.exitCode(), result.toString());
        assertTrue(result.err().startsWith("drivelab: cannot list block devices: /nonexistent/root/sys/block"),
                result.err());
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void onThisMachineEveryDiscoveredDeviceIsListed() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/sys/block")), "no /sys/block here");
        List<BlockDevice> expected = new DeviceDiscovery().list();

        Cli.Result table = Cli.run("devices");
        Cli.Result json = Cli.run("devices", "--json");

        assertEquals(0, table.exitCode(), table.toString());
        // The header and a line per device, or the one line saying there are none.
        assertEquals(expected.size() + 1, table.lines().size(), table.toString());
        for (BlockDevice device : expected) {
            assertTrue(line(table, device.devPath().toString()).contains(DevicesCommand.badge(device.state())));
        }
        assertEquals(0, json.exitCode(), json.toString());
        List<String> names = new ArrayList<>();
        StoredRuns.parse(json.out()).forEach(d -> names.add(d.get("name").asText()));
        assertEquals(expected.stream().map(BlockDevice::name).toList(), names);
    }
}
