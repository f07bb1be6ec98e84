package io.drivelab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.drivelab.device.BlockDevice;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.device.PcieLink;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code drivelab devices}: the block devices a benchmark could target, and whether they may be written. */
@Command(name = "devices", mixinStandardHelpOptions = true,
        description = {"List the block devices DriveLab could test: identity, size, block sizes, link, temperature, "
                + "and whether the device is free to write to.",
                "",
                "STATE: free (no partitions, not mounted or in use); has partitions (none mounted or in use, but a "
                        + "write test destroys them); mounted; in use (held by dm/md/LVM, or swap); read-only. "
                        + "Only a free device should be written to.",
                "",
                "md RAID arrays and device-mapper devices (multipath, LVM) are listed like drives, with what they "
                        + "are made of in MODEL (\"md raid1 of nvme0n1, nvme1n1\"); their members are in use "
                        + "(\"member of md0 (raid1)\", \"path of multipath mpatha (dm-0)\"). A free array can be "
                        + "tested like a drive."})
public final class DevicesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--json", description = "Print every device's full record as JSON.")
    boolean json;

    // Tests point discovery at saved sysfs trees (DIR/sys, DIR/mountinfo, DIR/swaps).
    @Option(names = "--system-root", hidden = true, paramLabel = "DIR")
    Path systemRoot;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        List<BlockDevice> devices = discovery().list();
        if (json) {
            CliJson.print(out, devices);
            return 0;
        }
        if (devices.isEmpty()) {
            out.println("No block devices found.");
            out.flush();
            return 0;
        }
        Table table = new Table("DEVICE", "MODEL", "CAPACITY", "SERIAL", "FIRMWARE", "LBS/PBS", "TRANSPORT",
                "PCIE LINK", "TEMP", "STATE", "WHY").alignRight(2, 5, 8);
        for (BlockDevice d : devices) {
            // an array has no model of its own: what it is made of says more
            table.row(d.devPath(), d.model() != null ? d.model() : d.composition(),
                    Format.capacity(d.capacityBytes()), d.serial(), d.firmware(),
                    d.logicalBlockSize() + "/" + d.physicalBlockSize(), d.transport().label(), link(d.pcieLink()),
                    d.temperatureCelsius() == null ? null
                            : String.format(Locale.ROOT, "%.0f °C", d.temperatureCelsius()),
                    badge(d.state()), d.stateReason());
        }
        table.print(out);
        return 0;
    }

    private DeviceDiscovery discovery() {
        if (systemRoot == null) {
            return new DeviceDiscovery();
        }
        return new DeviceDiscovery(systemRoot.resolve("sys"), systemRoot.resolve("mountinfo"),
                systemRoot.resolve("swaps"));
    }

    /** "free", "has partitions", "mounted", "in use", "read-only". */
    static String badge(BlockDevice.State state) {
        return switch (state) {
            case FREE -> "free";
            case HAS_PARTITIONS -> "has partitions";
            case MOUNTED -> "mounted";
            case IN_USE -> "in use";
            case READ_ONLY -> "read-only";
        };
    }

    /** "16.0 GT/s x4", with the maximum when the link runs below it: "8.0 GT/s x4 (max 16.0 GT/s x4)". */
    static String link(PcieLink link) {
        if (link == null) {
            return null;
        }
        String current = speedAndWidth(link.currentSpeed(), link.currentWidth());
        String max = speedAndWidth(link.maxSpeed(), link.maxWidth());
        if (current == null) {
            return max == null ? null : "max " + max;
        }
        return max == null || max.equals(current) ? current : current + " (max " + max + ")";
    }

    private static String speedAndWidth(String speed, Integer width) {
        // sysfs says "16.0 GT/s PCIe"; the bus is evident here.
        String s = speed == null ? null : speed.replaceFirst("\\s*PCIe$", "");
        if (s == null && width == null) {
            return null;
        }
        return (s == null ? "?" : s) + " x" + (width == null ? "?" : width);
    }
}
