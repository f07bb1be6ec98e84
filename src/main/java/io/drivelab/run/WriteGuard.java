package io.drivelab.run;

import io.drivelab.device.BlockDevice;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.TestPlan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The one place that decides whether a plan may write to a target; the CLI and the GUI both go through it (and
 * the engine checks again: it opens a device it writes with O_EXCL, which the kernel refuses while it is in use).
 * A plan that writes to a block device needs a device that nothing uses and a confirmation naming it.
 */
public final class WriteGuard {
    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;

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

    /** True when any step of the plan, preconditions included, writes. */
    public static boolean writes(TestPlan plan) {
        return plan.expand().stream().filter(i -> !i.isIdle())
                .anyMatch(i -> i.point().workload().rw().writes());
    }

    /**
     * Refuses a plan that would destroy data: throws with the reason and what to do; returns the engine options
     * the plan needs to write this target (the engine's own confirmation), or none.
     *
     * @param allowDestroy the device path the user confirmed (CLI --allow-destroy, GUI: typed), or null
     */
    public Optional<String> check(Path target, TestPlan plan, String allowDestroy) {
        if (!isBlockDevice(target) || !writes(plan)) {
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
        if (allowDestroy == null || !(allowDestroy.equals(target.toString())
                || realPath(Path.of(allowDestroy)).equals(real))) {
            String size = device.map(d -> ", " + io.drivelab.workload.Units.formatSize(d.capacityBytes())).orElse("");
            String what = device.map(d -> d.model() == null || d.model().isBlank() ? "" : " (" + d.model().strip() + size + ")")
                    .orElse("");
            throw new RunException("the plan writes to " + target + what + " and destroys everything on it ("
                    + firstWriter + "). To confirm, name the device: --allow-destroy=" + target);
        }
        return Optional.of("--allow-destroy=" + target);
    }

    private static Path realPath(Path p) {
        try {
            return p.toRealPath(LinkOption.values());
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
