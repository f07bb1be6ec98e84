package io.drivelab.ui.run;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.run.RemoteTarget;
import io.drivelab.run.RunException;
import io.drivelab.run.TargetCheck;
import io.drivelab.run.TargetClearance;
import io.drivelab.run.TargetRefused;
import io.drivelab.run.WriteGuard;
import io.drivelab.ui.common.Messages;
import io.drivelab.workload.TestPlan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the write guard says of the ticked targets before Start: what no confirmation allows (mounted, in use,
 * read-only) blocks Start; what a confirmation allows is asked. The guard reads sysfs, so this runs off the UI thread
 * on a snapshot of the targets and the plan taken on it.
 */
final class StartCheck {
    /** A ticked target with the plan for it; {@code what} names it for people (a drive's title, a file's path). */
    record Candidate(Path target, TestPlan plan, String what) {
    }

    /** Why Start cannot go ("" when it can), and what it needs confirmed when it goes. */
    record Verdict(String blocked, List<RunViewModel.Confirmation> confirmations) {
    }

    private final DeviceDiscovery discovery;
    private final TargetCheck targetCheck;

    StartCheck(DeviceDiscovery discovery) {
        this.discovery = discovery;
        this.targetCheck = new TargetCheck(discovery);
    }

    Verdict check(List<Candidate> candidates) {
        WriteGuard guard = new WriteGuard(discovery);
        List<RunViewModel.Confirmation> needed = new ArrayList<>();
        for (Candidate c : candidates) {
            Optional<RemoteTarget> remote = RemoteTarget.of(c.target());
            if (remote.isPresent()) {
                remoteConfirmation(remote.get(), c.plan()).ifPresent(needed::add);
                continue;
            }
            TargetClearance clearance;
            try {
                clearance = guard.clearance(c.target(), c.plan());
            } catch (RunException | IllegalArgumentException e) {
                return new Verdict(Messages.sentence(Messages.of(e)), List.of());
            }
            if (clearance.kind() == TargetClearance.Kind.REFUSED) {
                return new Verdict(Messages.sentence(clearance.reason()), List.of());
            }
            try {
                targetCheck.check(c.plan(), c.target());
            } catch (TargetRefused e) {
                // a region that does not fit, a target this user may not open: no run could start
                return new Verdict(Messages.sentence(RunViewModel.describe(e)), List.of());
            } catch (RunException e) {
                // what else the preflight refuses (a folder that is not there) is said when Start is pressed
            }
            confirmation(clearance, "The plan", c.what()).ifPresent(needed::add);
        }
        return new Verdict("", List.copyOf(needed));
    }

    /**
     * DriveLab cannot look at another machine's devices: a plan that writes to a device there needs "HOST:/dev/X"
     * typed, as the core's guard asks when the run starts.
     */
    private static Optional<RunViewModel.Confirmation> remoteConfirmation(RemoteTarget remote, TestPlan p) {
        if (!remote.path().startsWith("/dev/") || !WriteGuard.writes(p)) {
            return Optional.empty();
        }
        return Optional.of(new RunViewModel.Confirmation(Path.of(remote.confirmation()),
                RunViewModel.Confirmation.Kind.TYPE_DEVICE_NAME, "The plan writes to " + remote.path() + " on "
                + remote.host().host() + " and destroys everything on it. Type " + remote.confirmation()
                + " to confirm."));
    }

    /** The confirmation the guard wants for this target, if one would satisfy it. */
    Optional<RunViewModel.Confirmation> confirmation(Path target, TestPlan p, String who, String what) {
        Optional<RemoteTarget> remote = RemoteTarget.of(target);
        if (remote.isPresent()) {
            return remoteConfirmation(remote.get(), p);
        }
        return confirmation(new WriteGuard(discovery).clearance(target, p), who, what);
    }

    private static Optional<RunViewModel.Confirmation> confirmation(TargetClearance clearance, String who,
                                                                     String what) {
        Path target = clearance.target();
        return switch (clearance.kind()) {
            case CONFIRM_DEVICE -> Optional.of(new RunViewModel.Confirmation(target,
                    RunViewModel.Confirmation.Kind.TYPE_DEVICE_NAME, who + " writes to " + what
                    + " and destroys everything on it. Type " + target + " to confirm."));
            case CONFIRM_OVERWRITE -> Optional.of(new RunViewModel.Confirmation(target,
                    RunViewModel.Confirmation.Kind.OVERWRITE_FILE, target + " exists and DriveLab did not create it. "
                    + who + " would overwrite its data with test data. Overwrite it?"));
            default -> Optional.empty();
        };
    }
}
