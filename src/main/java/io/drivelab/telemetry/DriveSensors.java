package io.drivelab.telemetry;

import io.drivelab.device.BlockDevice;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.device.Transport;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The temperature sensors of the drive a target is on: a block device is its own drive (a partition its disk's),
 * a file or folder is on the drive of its file system, a device-mapper or md device on the one drive it is built
 * on. NVMe sensors are in the controller's hwmon folder (/sys/class/nvme/nvme0/hwmonN, which
 * /sys/block/nvme0n1/device leads to), SATA ones in device/hwmon/hwmonN where the drivetemp driver is loaded.
 *
 * @param drive       the drive ("nvme0n1"), or null when the target is on none
 * @param unavailable why there is nothing to read ({@link #NO_DRIVE}, {@link #NO_SENSOR}), or null
 * @param sensors     the drive's sensors, the composite (temp1) first
 */
public record DriveSensors(String drive, Path devPath, String unavailable, List<HwmonSensor> sensors) {

    public static final String NO_DRIVE = "no drive";
    public static final String NO_SENSOR = "no sensor";
    public static final String NOT_PERMITTED = "not permitted";
    /** Where sysfs is; tests point it at a saved tree ({@code -Ddrivelab.sysfs=DIR}). */
    public static final String SYSFS_PROPERTY = "drivelab.sysfs";

    private static final Pattern HWMON = Pattern.compile("hwmon\\d+");
    private static final Pattern NVME_CONTROLLER = Pattern.compile("nvme\\d+");
    private static final Pattern TEMP_INPUT = Pattern.compile("(temp(\\d+))_input");
    private static final int MAX_STACKING = 4;

    public DriveSensors {
        sensors = List.copyOf(sensors);
    }

    /** The sensors of the drive {@code target} is on, in this system's sysfs (or {@value #SYSFS_PROPERTY}'s). */
    public static DriveSensors of(Path target) {
        return of(target, Path.of(System.getProperty(SYSFS_PROPERTY, "/sys")));
    }

    public static DriveSensors of(Path target, Path sysRoot) {
        DeviceDiscovery discovery = new DeviceDiscovery(sysRoot, Path.of("/proc/self/mountinfo"),
                Path.of("/proc/swaps"));
        try {
            Optional<BlockDevice> drive = driveOf(target, discovery);
            if (drive.isEmpty()) {
                return new DriveSensors(null, null, NO_DRIVE, List.of());
            }
            BlockDevice d = drive.get();
            List<HwmonSensor> sensors = sensorsOf(sysRoot.resolve("block").resolve(d.name()), d.transport());
            return new DriveSensors(d.name(), d.devPath(), sensors.isEmpty() ? NO_SENSOR : null, sensors);
        } catch (IOException e) {
            return new DriveSensors(null, null, NO_DRIVE, List.of());
        }
    }

    private static Optional<BlockDevice> driveOf(Path target, DeviceDiscovery discovery) throws IOException {
        Optional<String> number = DeviceDiscovery.deviceNumber(target);
        if (number.isEmpty()) {
            number = DeviceDiscovery.fileSystemNumber(target);
        }
        Optional<BlockDevice> device = number.isEmpty() ? Optional.empty() : discovery.findByNumber(number.get());
        // A stacked device (LVM, dm-crypt, md) is on a drive only when all it is built on is one drive.
        for (int depth = 0; depth < MAX_STACKING && device.isPresent() && !device.get().members().isEmpty();
             depth++) {
            List<BlockDevice> under = new ArrayList<>();
            for (String member : device.get().members()) {
                discovery.findByName(member).ifPresent(under::add);
            }
            List<String> names = under.stream().map(BlockDevice::name).distinct().toList();
            device = names.size() == 1 ? Optional.of(under.get(0)) : Optional.empty();
        }
        return device.filter(d -> d.transport() != Transport.LOOP);
    }

    /** temp*_input of every hwmon folder of the device, by hwmon folder then sensor number. */
    static List<HwmonSensor> sensorsOf(Path blockDir, Transport transport) {
        Path device = blockDir.resolve("device");
        List<Path> bases = new ArrayList<>(List.of(device));
        if (transport == Transport.NVME) {
            bases.addAll(children(device, NVME_CONTROLLER));  // multipath: device is the subsystem
        }
        List<HwmonSensor> sensors = new ArrayList<>();
        for (Path base : bases) {
            List<Path> hwmons = new ArrayList<>(children(base, HWMON));
            hwmons.addAll(children(base.resolve("hwmon"), HWMON));  // drivetemp: device/hwmon/hwmonN
            for (Path hwmon : hwmons) {
                for (Path input : children(hwmon, TEMP_INPUT)) {
                    Matcher m = TEMP_INPUT.matcher(input.getFileName().toString());
                    if (m.matches()) {
                        sensors.add(HwmonSensor.of(hwmon, m.group(1)));
                    }
                }
            }
            if (!sensors.isEmpty()) {
                return sensors;  // one controller's sensors: a multipath drive's others show the same
            }
        }
        return sensors;
    }

    private static List<Path> children(Path dir, Pattern names) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(p -> names.matcher(p.getFileName().toString()).matches())
                    .sorted(Comparator.comparing((Path p) -> p.getFileName().toString().length())
                            .thenComparing(p -> p.getFileName().toString()))
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /**
     * Every sensor's temperature now, in sensor order; null for one not read this time.
     *
     * @throws AccessDeniedException when this user may read none of them
     */
    public Double[] read() throws AccessDeniedException {
        Double[] celsius = new Double[sensors.size()];
        int denied = 0;
        for (int i = 0; i < celsius.length; i++) {
            try {
                celsius[i] = sensors.get(i).read();
            } catch (AccessDeniedException e) {
                denied++;
            } catch (IOException e) {
                celsius[i] = null;  // a missed reading, not a temperature
            }
        }
        if (denied > 0 && denied == celsius.length) {
            throw new AccessDeniedException(sensors.get(0).input().toString());
        }
        return celsius;
    }
}
