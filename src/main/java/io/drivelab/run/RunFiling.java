package io.drivelab.run;

import io.drivelab.engine.EngineBinary;
import io.drivelab.engine.EngineException;
import io.drivelab.fio.FioBinary;
import io.drivelab.store.NewRun;
import io.drivelab.store.Store;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.TestPlan;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Files a new run in the store: its name, plan, target and its kind, the drive, the host and what measures it. */
final class RunFiling {
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

    long file(TestPlan plan, Path target, String name) {
        Optional<RemoteTarget> remote = RemoteTarget.of(target);
        if (remote.isPresent()) {
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
                plan.points().size()));
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
