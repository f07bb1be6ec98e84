package io.drivelab.run;

import io.drivelab.engine.CpuList;
import io.drivelab.engine.EngineBinary;
import io.drivelab.engine.EngineException;
import io.drivelab.fio.FioBinary;
import io.drivelab.store.NewRun;
import io.drivelab.store.Run;
import io.drivelab.store.Store;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.TestPlan;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Files a new run in the store: its name, plan, target and its kind, the drive, the host, what measures it and the
 * CPUs it keeps to; and reads back what a resume must keep of them.
 */
final class RunFiling {
    /** How fio names its releases ("fio-3.33"), and so a run fio measured records its engine. */
    private static final String FIO_VERSION_PREFIX = "fio-";

    private final Store store;
    private final TargetCheck targetCheck;
    private final Path engine;
    private final FioBinary fio;

    /** @param fio measures the run instead of DriveLab's engine when not null */
    RunFiling(Store store, TargetCheck targetCheck, Path engine, FioBinary fio) {
        this.store = store;
        this.targetCheck = targetCheck;
        this.engine = engine;
        this.fio = fio;
    }

    /** @param cpus the CPUs every point keeps to, or null: the scheduler places them */
    long file(TestPlan plan, Path target, String name, CpuList cpus) {
        Optional<RemoteTarget> remote = RemoteTarget.of(target);
        if (remote.isPresent()) {
            if (cpus != null) {
                throw new RunException(remote.get() + " is on another machine: its CPUs are that machine's, which "
                        + "this one cannot check; measure it without choosing CPUs");
            }
            if (fio == null) {
                throw new RunException(remote.get() + " is on another machine: fio measures it, through its server");
            }
            return store.createRun(remote.get().newRun(plan, name, fio.version().text()));
        }
        String version = engineVersion();
        boolean block = WriteGuard.isBlockDevice(target);
        Long driveId = null;
        if (block) {
            driveId = targetCheck.device(target).filter(d -> d.serial() != null && !d.serial().isBlank())
                    .map(d -> store.findOrCreateDrive(d.model(), d.serial(), d.firmware(), d.capacityBytes()).id())
                    .orElse(null);
        }
        String runName = name != null && !name.isBlank() ? name : plan.name() + " on " + target;
        return store.createRun(new NewRun(runName, PlanFiles.toJson(plan), plan.name(), target.toString(),
                block ? "block" : Files.isDirectory(target) ? "folder" : "file", driveId, hostName(), version,
                plan.points().size()).keptTo(cpus == null ? null : cpus.text()));
    }

    /** The fio that measures the rest of {@code run} where fio measured it; null where DriveLab's engine did. */
    static FioBinary fioThatMeasured(Run run) {
        String measuredBy = run.engineVersion();
        if (measuredBy == null || !measuredBy.startsWith(FIO_VERSION_PREFIX)) {
            return null;
        }
        try {
            return FioBinary.locate();
        } catch (EngineException e) {
            throw new RunException("run " + run.id() + " was measured by " + measuredBy + ": " + e.getMessage(), e);
        }
    }

    /**
     * The CPUs {@code run} keeps to, each still one this process may use; null for a run the scheduler places.
     *
     * @throws RunException naming the CPU that is gone (offline, or outside this process's set)
     */
    static CpuList cpusKeptTo(Run run) {
        if (run.cpusAllowed() == null) {
            return null;
        }
        try {
            return CpuList.usable(run.cpusAllowed());
        } catch (IllegalArgumentException e) {
            throw new RunException("run " + run.id() + " keeps to CPUs " + run.cpusAllowed() + ", chosen when it "
                    + "began, but here " + e.getMessage() + "; resume it on the machine it began on (what it "
                    + "measured is kept)", e);
        }
    }


    private String engineVersion() {
        if (fio != null) {
            return fio.version().text();
        }
        try {
            // "drivelab-engine 0.1.0 (kernel ...)"
            String[] words = EngineBinary.version(engine).strip().split("\\s+");
            return words.length > 1 ? words[1] : words[0];
        } catch (EngineException e) {
            throw new RunException("the engine does not start: " + e.getMessage(), e);
        }
    }

    private static String hostName() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException e) {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (IOException e2) {
                return "unknown";
            }
        }
    }
}
