package io.drivelab.ui.targets;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.drivelab.device.BlockDevice;
import io.drivelab.device.PcieLink;
import io.drivelab.report.Numbers;
import io.drivelab.workload.PlanException;
import io.drivelab.workload.Region;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Units;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** Something a plan can run on: a test file (the safe default) or a whole drive. Several can be ticked. */
public abstract sealed class Target permits Target.TestFile, Target.Drive {

    /** The badge next to a target: whether it may be written. */
    public enum Badge {
        SAFE("test file"), FREE("free"), HAS_PARTITIONS("has partitions"), MOUNTED("mounted"), IN_USE("in use"),
        READ_ONLY("read-only");

        private final String label;

        Badge(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final BooleanProperty selected = new SimpleBooleanProperty();

    public BooleanProperty selectedProperty() {
        return selected;
    }

    public boolean isSelected() {
        return selected.get();
    }

    /** What the engine opens. */
    public abstract Path path();

    /** "Test file", "/dev/nvme1n1". */
    public abstract String title();

    /** The lines under the title: identity and sizes. */
    public abstract List<String> details();

    public abstract Badge badge();

    /** Why the badge is what it is ("partition nvme0n1p2 mounted at /"), or "". */
    public abstract String badgeReason();

    /** The plan as it runs on this target (a test file's size is the plan's region). */
    public abstract TestPlan planFor(TestPlan plan);

    /** What, besides being ticked, changes this target (for lists that watch their items). */
    abstract Observable[] observables();

    /** A file that DriveLab creates in a folder the user picks, at a size the user picks. */
    public static final class TestFile extends Target {
        public static final String FILE_NAME = "drivelab-test.img";

        private final StringProperty folder = new SimpleStringProperty();
        private final StringProperty size = new SimpleStringProperty();

        public TestFile(String folder, String size) {
            this.folder.set(folder);
            this.size.set(size);
            selectedProperty().set(true);
        }

        public StringProperty folderProperty() {
            return folder;
        }

        /** The file's size as the user types it: "1G", "512M". */
        public StringProperty sizeProperty() {
            return size;
        }

        @Override
        public Path path() {
            return Path.of(folder.get() == null || folder.get().isBlank() ? "." : folder.get()).resolve(FILE_NAME);
        }

        @Override
        public String title() {
            return "Test file";
        }

        @Override
        public List<String> details() {
            return List.of(path().toString(), "A file on a filesystem: nothing else is written.");
        }

        @Override
        public Badge badge() {
            return Badge.SAFE;
        }

        @Override
        public String badgeReason() {
            return "";
        }

        /** The size in bytes, or why the text is not a size. */
        public long sizeBytes() {
            long bytes;
            try {
                bytes = Units.parseSize(size.get() == null ? "" : size.get().strip());
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("the test file's size \"" + size.get()
                        + "\" is not a size; give e.g. 512M, 4G");
            }
            if (bytes <= 0) {
                throw new IllegalArgumentException("the test file's size must be above 0");
            }
            try {
                // the region's rule: direct I/O needs whole sectors
                Region.ofSize(bytes);
            } catch (PlanException e) {
                throw new IllegalArgumentException("the test file's size \"" + size.get()
                        + "\" is not a multiple of 512 bytes; give e.g. 512M, 4G", e);
            }
            return bytes;
        }

        @Override
        public TestPlan planFor(TestPlan plan) {
            Long offset = plan.target() == null ? null : plan.target().offset();
            return plan.withTarget(new Region(sizeBytes(), offset));
        }

        @Override
        Observable[] observables() {
            return new Observable[]{selectedProperty(), folder, size};
        }
    }

    /** A whole block device, as device discovery found it. */
    public static final class Drive extends Target {
        private final BlockDevice device;

        Drive(BlockDevice device) {
            this.device = device;
        }

        public BlockDevice device() {
            return device;
        }

        @Override
        public Path path() {
            return device.devPath();
        }

        @Override
        public String title() {
            // An md array or a device-mapper device has no model: what it is made of says what it is.
            String what = device.model() != null && !device.model().isBlank() ? device.model().strip()
                    : device.composition();
            return device.devPath() + (what == null ? "" : "  " + what);
        }

        @Override
        public List<String> details() {
            List<String> lines = new ArrayList<>();
            StringBuilder identity = new StringBuilder(Numbers.capacity(device.capacityBytes()));
            if (device.serial() != null) {
                identity.append(", serial ").append(device.serial().strip());
            }
            if (device.firmware() != null) {
                identity.append(", firmware ").append(device.firmware().strip());
            }
            lines.add(identity.toString());
            StringBuilder blocks = new StringBuilder(String.format(Locale.ROOT, "blocks %d / %d B",
                    device.logicalBlockSize(), device.physicalBlockSize()));
            PcieLink link = device.pcieLink();
            if (link != null && link.currentSpeed() != null) {
                blocks.append(", PCIe ").append(link.currentSpeed());
                if (link.currentWidth() != null) {
                    blocks.append(" x").append(link.currentWidth());
                }
            }
            if (device.temperatureCelsius() != null) {
                blocks.append(String.format(Locale.ROOT, ", %.0f °C", device.temperatureCelsius()));
            }
            lines.add(blocks.toString());
            return lines;
        }

        @Override
        public Badge badge() {
            return switch (device.state()) {
                case FREE -> Badge.FREE;
                case HAS_PARTITIONS -> Badge.HAS_PARTITIONS;
                case MOUNTED -> Badge.MOUNTED;
                case IN_USE -> Badge.IN_USE;
                case READ_ONLY -> Badge.READ_ONLY;
            };
        }

        @Override
        public String badgeReason() {
            return device.stateReason() == null ? "" : device.stateReason();
        }

        @Override
        public TestPlan planFor(TestPlan plan) {
            return plan;
        }

        @Override
        Observable[] observables() {
            return new Observable[]{selectedProperty()};
        }
    }
}
