package io.drivelab.run;

import io.drivelab.device.BlockDevice;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.DeviceAccess;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Point;
import io.drivelab.workload.Region;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.Units;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What a target must be before a run on it is filed (preflight): there, or creatable at a known size; a region that
 * fits the device; openable the way the plan needs. The write guard decides, after this, whether it may be written.
 * Reads sysfs: keep it off the UI thread.
 */
public final class TargetCheck {
    private final DeviceDiscovery discovery;

    public TargetCheck(DeviceDiscovery discovery) {
        this.discovery = discovery;
    }

    /** Refuses, with what is wrong and what to do, a target the plan cannot run on. */
    public void check(TestPlan plan, Path target) {
        checkRegionHoldsABlock(plan, target);
        if (Files.exists(target)) {
            if (Files.isDirectory(target) && !WriteGuard.checkpointsOnly(plan)) {
                throw new RunException(target + " is a folder; give a file inside it (e.g. " + target.resolve(
                        "drivelab.img") + ") or a block device (only checkpoint plans write files into a folder)");
            }
            checkAccess(plan, target);
            if (WriteGuard.isBlockDevice(target)) {
                checkRegionFits(plan.target(), target);
            } else if (Files.isRegularFile(target) && plan.target() != null && plan.target().size() != null) {
                checkSpace(plan.target(), target, target.toAbsolutePath().getParent());
            }
            return;
        }
        if (WriteGuard.amongDeviceNodes(target.toAbsolutePath().normalize())) {
            throw new RunException(target + " does not exist; choose one of the drives this machine has");
        }
        if (plan.target() == null || plan.target().size() == null) {
            throw new TargetRefused(target, TargetRefused.Kind.NEEDS_SIZE, target + " does not exist, and the plan "
                    + "tests the whole target: give the size of the test file to create (e.g. 4G)", 0);
        }
        Path parent = target.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new RunException("cannot create " + target + ": the folder " + parent + " does not exist");
        }
        if (!Files.isWritable(parent)) {
            throw new TargetRefused(target, TargetRefused.Kind.NO_ACCESS, "cannot create " + target
                    + ": permission denied in " + parent + "; choose a folder you may write in", 0);
        }
        checkSpace(plan.target(), target, parent);
    }

    /**
     * A test file larger than its filesystem's free space, or a file there that would grow past it: refused before
     * the run is filed (the engine found it at the first point's layout, and History kept a failed run of no points).
     */
    private static void checkSpace(Region region, Path target, Path parent) {
        long offset = region.offset() == null ? 0 : region.offset();
        long needs = offset + region.size();
        boolean exists = Files.exists(target);
        long has;
        long free;
        try {
            has = exists ? Files.size(target) : 0;
            free = Files.getFileStore(parent).getUsableSpace();
        } catch (IOException e) {
            return;  // the engine's own check at the layout still holds
        }
        if (needs - has > free) {
            long fits = Math.max(0, has + free - offset) & -(1L << 20);
            String left = free >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", free / (double) (1L << 30))
                    : String.format(Locale.ROOT, "%.1f MiB", free / (double) (1L << 20));
            String what = !exists ? "cannot create " + target + ": the test file needs " + Region.binary(needs)
                    : "cannot grow " + target + " from " + Region.binary(has) + " to the " + Region.binary(needs)
                    + " the plan works in";
            throw new TargetRefused(target, TargetRefused.Kind.NO_SPACE, what + (exists ? ":" : " and")
                    + " the filesystem of " + parent + " has " + left + " free; give a smaller size or a folder with "
                    + "more space", fits);
        }
    }

    /** A region smaller than the plan's largest block: every point would fail ("--size 1k" of a 128K plan). */
    private static void checkRegionHoldsABlock(TestPlan plan, Path target) {
        if (plan.target() == null || plan.target().size() == null) {
            return;
        }
        // idle pauses have no point, checkpoints no workload
        long largest = plan.expand().stream().map(PlanItem::point).filter(Objects::nonNull).map(Point::workload)
                .filter(Objects::nonNull).mapToLong(Workload::maxBs).max().orElse(0);
        if (plan.target().size() < largest) {
            throw new TargetRefused(target, TargetRefused.Kind.REGION_TOO_SMALL, "the plan works in "
                    + Region.binary(plan.target().size()) + " of " + target + ", less than one of its "
                    + Region.binary(largest) + " blocks; give a size of at least " + Region.binary(largest), largest);
        }
    }

    /** access(2), as the engine's open will be judged: read for every plan, write too for a plan that writes. */
    private static void checkAccess(TestPlan plan, Path target) {
        boolean writes = WriteGuard.writes(plan);
        if (WriteGuard.isBlockDevice(target) && DeviceAccess.canAskForPrivileges()) {
            return;  // the run's engine asks for an administrator's authorization when it starts
        }
        if (!Files.isReadable(target) || writes && !Files.isWritable(target)) {
            String how = writes ? "read and write" : "read";
            String hint = WriteGuard.isBlockDevice(target)
                    ? "; a drive needs root or membership of its group (usually 'disk')"
                    : "; give a file you own, or change its permissions";
            throw new TargetRefused(target, TargetRefused.Kind.NO_ACCESS, "permission denied: this user may not "
                    + how + " " + target + ", which the plan needs" + hint, 0);
        }
    }

    private void checkRegionFits(Region region, Path target) {
        Optional<Long> capacity = device(target).map(BlockDevice::capacityBytes).filter(c -> c > 0);
        if (capacity.isEmpty() || region == null) {
            return;
        }
        long cap = capacity.get();
        long offset = region.offset() == null ? 0 : region.offset();
        long needs = offset + (region.size() == null ? 0 : region.size());
        if (offset >= cap || needs > cap) {
            long fits = Math.max(0, cap - offset);
            throw new TargetRefused(target, TargetRefused.Kind.REGION_TOO_LARGE, target + " holds "
                    + Units.formatSize(cap) + " (" + cap + " bytes), and the plan's region needs " + needs
                    + " bytes" + (offset > 0 ? " (from offset " + offset + ")" : "") + "; a region of at most "
                    + Units.formatSize(fits) + " (" + fits + " bytes) fits", fits);
        }
    }

    /** The bytes the plan works in, for the ETA of fills: its region, else the whole device or file. */
    long regionBytes(TestPlan plan, Path target) {
        if (plan.target() != null && plan.target().size() != null) {
            return plan.target().size();
        }
        if (WriteGuard.isBlockDevice(target)) {
            return device(target).map(BlockDevice::capacityBytes).orElse(0L);
        }
        try {
            return Files.size(target);
        } catch (IOException e) {
            return 0;
        }
    }

    Optional<BlockDevice> device(Path target) {
        try {
            return discovery.findByPath(target);
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
