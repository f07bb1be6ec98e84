package io.drivelab.run;

import io.drivelab.device.BlockDevice;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.TestPlan;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
    /** The engine's option that confirms overwriting a file it did not create. */
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
     * Refuses a plan that would destroy data: throws with the reason and what to do ({@link ConfirmationNeeded}
     * where a confirmation would do); returns the engine option the plan needs to write this target (the engine's
     * own confirmation: {@code --allow-destroy=DEVICE} or {@code --overwrite-file}), or none.
     *
     * @param allowDestroy  the device path the user confirmed (CLI option, GUI: typed), or null
     * @param overwriteFile the user confirmed that an existing file DriveLab did not create may be overwritten
     */
    public Optional<String> check(Path target, TestPlan plan, String allowDestroy, boolean overwriteFile) {
        TargetClearance clearance = clearance(target, plan);
        switch (clearance.kind()) {
            case REFUSED -> throw new RunException(clearance.reason());
            case CONFIRM_DEVICE -> {
                if (allowDestroy != null && (allowDestroy.equals(target.toString())
                        || realPath(Path.of(allowDestroy)).equals(realPath(target)))) {
                    return Optional.of("--allow-destroy=" + target);
                }
                throw new ConfirmationNeeded(clearance);
            }
            case CONFIRM_OVERWRITE -> {
                if (overwriteFile) {
                    return Optional.of(OVERWRITE_FILE);
                }
                throw new ConfirmationNeeded(clearance);
            }
            default -> {
                return Optional.empty();
            }
        }
    }

    /**
     * What the plan needs to run on {@code target}, confirmations aside: clear, refused with the reason, or which
     * confirmation. Reads sysfs for a block device.
     */
    public TargetClearance clearance(Path target, TestPlan plan) {
        if (Files.isDirectory(target) && checkpointsOnly(plan)) {
            // checkpoints land as files in the folder, as torch.save() writes them; the engine marks each file it
            // creates and never writes one it did not
            return placeProblem(target.resolve("ckpt")).map(why -> TargetClearance.refused(target, why))
                    .orElse(TargetClearance.clear(target));
        }
        Optional<String> misplaced = placeProblem(target);
        if (misplaced.isPresent()) {
            return TargetClearance.refused(target, misplaced.get());
        }
        return isBlockDevice(target) ? deviceClearance(target, plan) : fileClearance(target, plan);
    }

    /**
     * A block device is judged by the device its node opens (by device number, wherever the node is), for reads
     * and writes alike: a node whose number the kernel lists no device for cannot be checked for use.
     */
    private TargetClearance deviceClearance(Path target, TestPlan plan) {
        Optional<BlockDevice> device;
        try {
            device = discovery.findByNode(target);
        } catch (IOException e) {
            return TargetClearance.refused(target, "cannot tell whether " + target + " is in use ("
                    + e.getMessage() + "), so it will not be used");
        }
        Path real = realPath(target);
        String link = real.equals(target) ? "" : " (" + real + ")";
        if (device.isEmpty()) {
            return TargetClearance.refused(target, target + link + " is a block device node for device number "
                    + DeviceDiscovery.deviceNumber(target).orElse("?") + ", which matches no device the kernel "
                    + "lists in /sys/block, so DriveLab cannot check whether it is in use; give the device's own "
                    + "node under /dev (see 'lsblk')");
        }
        if (!writes(plan)) {
            return TargetClearance.clear(target);
        }
        String firstWriter = firstWriter(plan);
        BlockDevice d = device.get();
        switch (d.state()) {
            case MOUNTED, IN_USE -> {
                return TargetClearance.refused(target, target + link + " is " + d.stateReason() + "; DriveLab never "
                        + "writes to a drive in use (the plan writes: " + firstWriter + "). Unmount it and stop what "
                        + "uses it, or pick another target.");
            }
            case READ_ONLY -> {
                return TargetClearance.refused(target, target + link + " is read-only; the plan writes ("
                        + firstWriter + "). Pick a read-only plan or another target.");
            }
            default -> {
            }
        }
        String size = ", " + io.drivelab.workload.Units.formatSize(d.capacityBytes());
        String what = d.model() == null || d.model().isBlank() ? "" : " (" + d.model().strip() + size + ")";
        return new TargetClearance(TargetClearance.Kind.CONFIRM_DEVICE, "the plan writes to " + target + link + what
                + " and destroys everything on it (" + firstWriter + ")", target);
    }

    private static String firstWriter(TestPlan plan) {
        return plan.expand().stream().filter(i -> !i.isIdle()).filter(i -> i.point().workload().rw().writes())
                .findFirst().map(PlanItem::describe).orElse("");
    }

    /**
     * Targets only where the engine takes them, links resolved: a block device only as a node under /dev; a file
     * anywhere but /proc, /sys and /dev (except /dev/shm), whose files are the kernel's settings and devices.
     */
    private static Optional<String> placeProblem(Path target) {
        Path real = Files.exists(target) ? realPath(target)
                : realPath(target.toAbsolutePath().normalize().getParent()).resolve(target.getFileName());
        if (isBlockDevice(target)) {
            return real.startsWith("/dev") ? Optional.empty() : Optional.of(target + " is a block device node at "
                    + real + ", outside /dev; DriveLab only opens devices under /dev, where the kernel names them");
        }
        if (real.startsWith("/proc") || real.startsWith("/sys") || amongDeviceNodes(real)) {
            return Optional.of(target + " is in /" + real.getName(0) + ", which holds the kernel's settings "
                    + "and devices, not test files; give a block device or a file on a real filesystem");
        }
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            return Optional.of(target + (Files.isDirectory(target) ? " is a folder" : " is neither a block "
                    + "device nor a regular file") + "; give a block device or a file");
        }
        return Optional.empty();
    }

    /**
     * Whether an absolute path lies in /dev, where the kernel keeps device nodes; not /dev/shm, a RAM-backed
     * filesystem (tmpfs) whose files are test files like any others.
     */
    static boolean amongDeviceNodes(Path absolute) {
        return absolute.startsWith("/dev") && !absolute.startsWith("/dev/shm");
    }

    /**
     * An existing file that the engine did not create is written only when the user confirmed it; a plan that
     * only reads it is fine, unless its region reaches past the end (the engine would write the rest out).
     */
    private static TargetClearance fileClearance(Path target, TestPlan plan) {
        if (!Files.exists(target) || isDriveLabFile(target)) {
            return TargetClearance.clear(target);
        }
        String why;
        if (writes(plan)) {
            why = "the plan writes (" + firstWriter(plan) + ") and would overwrite its data";
        } else {
            long size;
            try {
                size = Files.size(target);
            } catch (IOException e) {
                return TargetClearance.refused(target, "cannot read the size of " + target + ": " + e.getMessage());
            }
            long end = plan.target() == null || plan.target().size() == null ? 0
                    : plan.target().size() + (plan.target().offset() == null ? 0 : plan.target().offset());
            if (end <= size) {
                return TargetClearance.clear(target);
            }
            why = "it is smaller than the plan's region (" + io.drivelab.workload.Units.formatSize(end)
                    + "), which would be written out with test data";
        }
        return new TargetClearance(TargetClearance.Kind.CONFIRM_OVERWRITE, target + " exists and is not a DriveLab "
                + "test file; " + why, target);
    }

    /** The path with every link resolved (as the engine opens it), or as given where it does not resolve. */
    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
