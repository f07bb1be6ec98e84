package io.drivelab.ui.targets;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.drivelab.device.BlockDevice;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.device.PcieLink;
import io.drivelab.fio.FioHost;
import io.drivelab.report.Numbers;
import io.drivelab.run.RemoteTarget;
import io.drivelab.ui.common.Messages;
import io.drivelab.workload.PlanException;
import io.drivelab.workload.Region;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Units;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * Something a plan can run on: a test file (the safe default), a whole drive, or a file or device on another
 * machine measured through its fio server. Several can be ticked.
 */
public abstract sealed class Target permits Target.TestFile, Target.Drive, Target.Remote {

    /** The badge next to a target: whether it may be written. */
    public enum Badge {
        SAFE("test file"), FREE("free"), HAS_PARTITIONS("has partitions"), MOUNTED("mounted"), IN_USE("in use"),
        READ_ONLY("read-only"), REMOTE("remote"), TESTING("testing");

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

    /** What the user types to confirm that the plan may destroy this target's data (a drive: its path). */
    public Path confirmedAs() {
        return path();
    }

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
        private final ReadOnlyStringWrapper inMemory = new ReadOnlyStringWrapper("");

        public TestFile(String folder, String size) {
            this.folder.set(folder);
            this.size.set(size);
            selectedProperty().set(true);
        }

        /**
         * "In RAM (tmpfs): ..." when the folder's file system keeps its files in memory, so that a run measures
         * memory rather than a drive; "" otherwise (and until {@link TargetsViewModel} has looked).
         */
        public ReadOnlyStringProperty inMemoryProperty() {
            return inMemory.getReadOnlyProperty();
        }

        void inMemory(String note) {
            inMemory.set(note);
        }

        /** The note for a test file at {@code file}; reads the file systems' table, so not on the UI thread. */
        static String inMemoryNote(Path file) {
            return DeviceDiscovery.memoryFileSystem(file).map(type -> "In RAM (" + type + "): a run here measures "
                    + "memory, not a drive. Choose a folder on the drive to test.").orElse("");
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

    /**
     * A file or device on another machine, measured through that machine's fio server ({@code fio --server}):
     * the user types the host (HOST or HOST:PORT, fio's port 8765 by default) and the path there. A file there is
     * laid out at the test file's size.
     */
    public static final class Remote extends Target {
        private final StringProperty host = new SimpleStringProperty();
        private final StringProperty pathThere = new SimpleStringProperty();
        private final javafx.beans.property.ReadOnlyStringWrapper server =
                new javafx.beans.property.ReadOnlyStringWrapper("");
        private final TestFile sizeFrom;

        Remote(String host, String pathThere, TestFile sizeFrom) {
            this.host.set(host);
            this.pathThere.set(pathThere);
            this.sizeFrom = sizeFrom;
            selectedProperty().set(true);
            // what the server said was about the host as it was typed then
            this.host.addListener((o, was, now) -> server.set(""));
        }

        /**
         * Whether its fio server answers and which fio it runs ("fio server answers: fio-3.33"), "Asking…" while
         * asked, "" until asked (see {@link TargetsViewModel#checkServer}).
         */
        public javafx.beans.property.ReadOnlyStringProperty serverProperty() {
            return server.getReadOnlyProperty();
        }

        void server(String said) {
            server.set(said);
        }

        /** "server1", "10.0.0.5:8766", as typed. */
        public StringProperty hostProperty() {
            return host;
        }

        /** The file or device on that host, as typed: "/dev/nvme1n1", "/data/drivelab.img". */
        public StringProperty pathThereProperty() {
            return pathThere;
        }

        /** The remote target the fields name; throws with what is wrong and how to mend it when they name none. */
        public RemoteTarget remote() {
            String h = host.get() == null ? "" : host.get().strip();
            if (h.isEmpty()) {
                throw new IllegalArgumentException("a remote host has no name: give HOST or HOST:PORT, e.g. "
                        + "server1 or 10.0.0.5:" + FioHost.DEFAULT_PORT);
            }
            FioHost fioHost;
            try {
                fioHost = FioHost.parse(h);
            } catch (IllegalArgumentException e) {
                // the core's message names the text typed, or only what is wrong in it
                String why = e.getMessage().contains("\"" + h + "\"") ? e.getMessage()
                        : "\"" + h + "\": " + e.getMessage();
                throw new IllegalArgumentException("remote host " + why + "; give HOST or HOST:PORT, e.g. server1 "
                        + "or 10.0.0.5:" + FioHost.DEFAULT_PORT, e);
            }
            String there = pathThere.get() == null ? "" : pathThere.get().strip();
            if (there.isEmpty()) {
                throw new IllegalArgumentException("give the path on " + fioHost + " of the file or device to "
                        + "measure, e.g. /dev/nvme1n1 or /data/drivelab.img");
            }
            return new RemoteTarget(fioHost, there);
        }

        /** Why the fields name no remote target, as a sentence, or empty. */
        public Optional<String> problem() {
            try {
                remote();
                return Optional.empty();
            } catch (IllegalArgumentException e) {
                return Optional.of(Messages.sentence(e.getMessage()));
            }
        }

        /** "HOST:PORT:/path", the target a run stores. */
        @Override
        public Path path() {
            return remote().asTarget();
        }

        /** "HOST:/dev/X", as the command line's confirmation names a remote device. */
        @Override
        public Path confirmedAs() {
            return Path.of(remote().confirmation());
        }

        @Override
        public String title() {
            return "Remote host";
        }

        @Override
        public List<String> details() {
            return List.of("Measured by the fio server there (fio --server), through fio on this machine.");
        }

        @Override
        public Badge badge() {
            return Badge.REMOTE;
        }

        @Override
        public String badgeReason() {
            return "";
        }

        /** A file there gets the test file's size as its region; a device is measured as the plan says. */
        @Override
        public TestPlan planFor(TestPlan plan) {
            return remote().path().startsWith("/dev/") ? plan : sizeFrom.planFor(plan);
        }

        @Override
        Observable[] observables() {
            return new Observable[]{selectedProperty(), host, pathThere};
        }
    }
}
