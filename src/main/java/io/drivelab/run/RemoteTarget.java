package io.drivelab.run;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.drivelab.fio.FioHost;
import io.drivelab.store.NewRun;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.TestPlan;

/**
 * A device or file on another machine, measured through that machine's fio server. A run stores it as
 * "HOST:PORT:/path" (its target) with target kind {@value #KIND}, so a resume finds the host again.
 */
public record RemoteTarget(FioHost host, String path) {
    public static final String KIND = "remote";
    private static final Pattern STORED = Pattern.compile("^(\\[[^\\]]+\\]|[^/:\\[\\]]+):(\\d+):(/.*)$");

    public RemoteTarget {
        if (path == null || !path.startsWith("/")) {
            throw new IllegalArgumentException("the target on " + host + " must be an absolute path (e.g. "
                    + "/dev/nvme1n1 or /data/drivelab.img), not " + path);
        }
    }

    /** The remote target {@code target} names ("HOST:PORT:/path"), or empty for a local one. */
    public static Optional<RemoteTarget> of(Path target) {
        Matcher m = STORED.matcher(target.toString());
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new RemoteTarget(FioHost.parse(m.group(1) + ":" + m.group(2)), m.group(3)));
    }

    /** As a target for {@link RunSession}: "HOST:PORT:/path". */
    public Path asTarget() {
        return Path.of(toString());
    }

    /** What a user confirms to destroy a remote device: "HOST:/dev/X". */
    public String confirmation() {
        return host.host() + ":" + path;
    }

    /**
     * Write safety on another machine: DriveLab cannot look at its devices, so a plan that writes to a device
     * there (a path under /dev) needs the user's typed confirmation naming host and device. fio itself refuses to
     * write to a mounted device: DriveLab's job files never set allow_mounted_write.
     */
    void guard(TestPlan plan, String allowDestroy) {
        if (!path.startsWith("/dev/") || !WriteGuard.writes(plan)) {
            return;
        }
        if (!confirmation().equals(allowDestroy)) {
            throw new RunException("the plan writes to " + path + " on " + host.host() + ", destroying the data "
                    + "on it; confirm by naming host and device: " + confirmation()
                    + (allowDestroy == null ? "" : " (given: " + allowDestroy + ")"));
        }
    }

    /** The run to file: on this target, measured by {@code fioVersion}, the drive unknown from here. */
    NewRun newRun(TestPlan plan, String name, String fioVersion) {
        String runName = name != null && !name.isBlank() ? name : plan.name() + " on " + this;
        return new NewRun(runName, PlanFiles.toJson(plan), plan.name(), toString(), KIND, null, host.host(),
                fioVersion, plan.points().size());
    }

    @Override
    public String toString() {
        return host + ":" + path;
    }
}
