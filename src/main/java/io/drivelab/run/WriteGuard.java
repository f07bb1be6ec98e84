package io.drivelab.run;

import io.drivelab.device.BlockDevice;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.TestPlan;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.List;
import java.util.Optional;

/**
 * The one place that decides whether a plan may write to a target; the CLI and the GUI both go through it (and
 * the engine checks again: it opens a device it writes with O_EXCL, which the kernel refuses while it is in use,
 * and it refuses files it did not create). A plan that writes to a block device needs a device that nothing uses
 * and a confirmation naming it; a plan that writes to an existing file needs a DriveLab test file (one the engine
 * created, marked with the extended attribute {@code user.drivelab}) or a confirmation. docs/safety.md lists the
 * rules and their tests.
 */
public final class WriteGuard {
    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;
    /** The engine's mark on the files it creates (user.drivelab; Java names user xattrs without "user."). */
    static final String MARK = "drivelab";
    public static final String OVERWRITE_FILE = "--overwrite-file";

    private final DeviceDiscovery discovery;

    public WriteGuard(DeviceDiscovery discovery) {
        this.discovery = discovery;
    }

    /** True when {@code path} is a block device (links followed, as the engine opens it). */
    public static boolean isBlockDevice(Path path) {
        try {
            int mode = (Integer) Files.getAttribute(path, "unix:mode");
            return (mode & S_IFMT) == S_IFBLK;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** True when every engine run of the plan is an AI-training checkpoint workload (which may target a folder). */
    public static boolean checkpointsOnly(TestPlan plan) {
        List<PlanItem> runs = plan.expand().stream().filter(i -> !i.isIdle()).toList();
        return !runs.isEmpty() && runs.stream().allMatch(i -> i.point().checkpoint() != null);
    }

    /** True when any step of the plan, preconditions included, writes. */
    public static boolean writes(TestPlan plan) {
        return plan.expand().stream().filter(i -> !i.isIdle())
                .anyMatch(i -> i.point().workload().rw().writes());
    }

    /** True when {@code path} is a file the engine created (it carries the engine's user.drivelab mark). */
    public static boolean isDriveLabFile(Path path) {
        return attribute(path, MARK).isPresent();
    }

    /** A user extended attribute (name without "user."), or none where it or xattrs are missing. */
    static Optional<String> attribute(Path path, String name) {
        try {
            UserDefinedFileAttributeView view = Files.getFileAttributeView(path, UserDefinedFileAttributeView.class);
            if (view == null || !view.list().contains(name)) {
                return Optional.empty();
            }
            ByteBuffer value = ByteBuffer.allocate(view.size(name));
            view.read(name, value);
            return Optional.of(new String(value.array(), 0, value.position(), StandardCharsets.UTF_8));
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /**
     * {@link #check(Path, TestPlan, String, boolean)} without a confirmation to overwrite a file: what the GUI
     * asks first, to show why Start is disabled.
     */
    public Optional<String> check(Path target, TestPlan plan, String allowDestroy) {
        return check(target, plan, allowDestroy, false);
    }

    /**
     * Refuses a plan that would destroy data: throws with the reason and what to do; returns the engine option
     * the plan needs to write this target (the engine's own confirmation: {@code --allow-destroy=DEVICE} or
     * {@code --overwrite-file}), or none.
     *
     * @param allowDestroy  the device path the user confirmed (CLI --allow-destroy, GUI: typed), or null
     * @param overwriteFile the user confirmed that an existing file DriveLab did not create may be overwritten
     *                      (CLI --overwrite-file, GUI: a confirmation)
     */
    public Optional<String> check(Path target, TestPlan plan, String allowDestroy, boolean overwriteFile) {
        if (Files.isDirectory(target) && checkpointsOnly(plan)) {
            // checkpoints land as files in the folder, as torch.save() writes them; the engine marks each file it
            // creates and never writes one it did not
            checkPlace(target.resolve("ckpt"));
            return Optional.empty();
        }
        checkPlace(target);
        if (!isBlockDevice(target)) {
            return checkFile(target, plan, overwriteFile);
        }
        if (!writes(plan)) {
            return Optional.empty();
        }
        String firstWriter = plan.expand().stream().filter(i -> !i.isIdle())
                .filter(i -> i.point().workload().rw().writes()).findFirst().map(PlanItem::describe).orElse("");
        Optional<BlockDevice> device;
        try {
            device = discovery.findByPath(target);
        } catch (IOException e) {
            throw new RunException("cannot tell whether " + target + " is in use (" + e.getMessage()
                    + "), so it will not be written");
        }
        if (device.isPresent()) {
            BlockDevice d = device.get();
            switch (d.state()) {
                case MOUNTED, IN_USE -> throw new RunException(target + " is " + d.stateReason()
                        + "; DriveLab never writes to a drive in use (the plan writes: " + firstWriter
                        + "). Unmount it and stop what uses it, or pick another target.");
                case READ_ONLY -> throw new RunException(target + " is read-only; the plan writes (" + firstWriter
                        + "). Pick a read-only plan or another target.");
                default -> {
                }
            }
        }
        Path real = realPath(target);
        String link = real.equals(target) ? "" : " (" + real + ")";
        if (allowDestroy == null || !(allowDestroy.equals(target.toString())
                || realPath(Path.of(allowDestroy)).equals(real))) {
            String size = device.map(d -> ", " + io.drivelab.workload.Units.formatSize(d.capacityBytes())).orElse("");
            String what = device.map(d -> d.model() == null || d.model().isBlank() ? "" : " (" + d.model().strip() + size + ")")
                    .orElse("");
            throw new RunException("the plan writes to " + target + link + what + " and destroys everything on it ("
                    + firstWriter + "). To confirm, name the device: --allow-destroy=" + target);
        }
        return Optional.of("--allow-destroy=" + target);
    }

    /**
     * Targets only where the engine takes them, links resolved: a block device only as a node under /dev; a file
     * anywhere but /proc, /sys and /dev (except /dev/shm), whose files are the kernel's settings and devices.
     */
    private static void checkPlace(Path target) {
        Path real = Files.exists(target) ? realPath(target)
                : realPath(target.toAbsolutePath().normalize().getParent()).resolve(target.getFileName());
        if (isBlockDevice(target)) {
            if (!real.startsWith("/dev")) {
                throw new RunException(target + " is a block device node at " + real + ", outside /dev; DriveLab "
                        + "only opens devices under /dev, where the kernel names them");
            }
            return;
        }
        if (real.startsWith("/proc") || real.startsWith("/sys")
                || (real.startsWith("/dev") && !real.startsWith("/dev/shm"))) {
            throw new RunException(target + " is in /" + real.getName(0) + ", which holds the kernel's settings "
                    + "and devices, not test files; give a block device or a file on a real filesystem");
        }
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            throw new RunException(target + (Files.isDirectory(target) ? " is a folder" : " is neither a block "
                    + "device nor a regular file") + "; give a block device or a file");
        }
    }

    /**
     * An existing file that the engine did not create is written only when the user confirmed it; a plan that
     * only reads it is fine, unless its region reaches past the end (the engine would write the rest out).
     */
    private static Optional<String> checkFile(Path target, TestPlan plan, boolean overwriteFile) {
        if (!Files.exists(target) || isDriveLabFile(target)) {
            return Optional.empty();
        }
        String why;
        if (writes(plan)) {
            String firstWriter = plan.expand().stream().filter(i -> !i.isIdle())
                    .filter(i -> i.point().workload().rw().writes()).findFirst().map(PlanItem::describe)
                    .orElse("");
            why = "the plan writes (" + firstWriter + ") and would overwrite its data";
        } else {
            long size;
            try {
                size = Files.size(target);
            } catch (IOException e) {
                throw new RunException("cannot read the size of " + target + ": " + e.getMessage());
            }
            long end = plan.target() == null || plan.target().size() == null ? 0
                    : plan.target().size() + (plan.target().offset() == null ? 0 : plan.target().offset());
            if (end <= size) {
                return Optional.empty();
            }
            why = "it is smaller than the plan's region (" + io.drivelab.workload.Units.formatSize(end)
                    + "), which would be written out with test data";
        }
        if (overwriteFile) {
            return Optional.of(OVERWRITE_FILE);
        }
        throw new RunException(target + " exists and is not a DriveLab test file; " + why + ". Give a new file "
                + "name for DriveLab to create, or confirm with --overwrite-file");
    }

    private static Path realPath(Path p) {
        try {
            return p.toRealPath(LinkOption.values());
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
