package io.drivelab.cli;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.CpuList;
import io.drivelab.engine.EngineBinary;
import io.drivelab.fio.FioBinary;
import io.drivelab.fio.FioHost;
import io.drivelab.engine.EngineException;
import io.drivelab.run.ConfirmationNeeded;
import io.drivelab.run.MultiTargetRun;
import io.drivelab.run.RunListener;
import io.drivelab.run.RemoteTarget;
import io.drivelab.run.RunSession;
import io.drivelab.run.RunException;
import io.drivelab.run.TargetClearance;
import io.drivelab.run.TargetRefused;
import io.drivelab.store.Store;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Region;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Units;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code drivelab run}: runs a preset or a plan file on a target and stores every point as it is measured. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a test plan on a drive or a test file. Every point is stored the moment it is "
                + "measured; Ctrl+C stops the run, keeping what was measured, and `drivelab resume RUN` goes on "
                + "from the first unfinished point.",
                "",
                "Exit code: 0 complete, 1 failed, 2 bad input, 130 stopped."})
public final class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    StoreOption store;

    @Option(names = "--target", required = true, paramLabel = "PATH",
            description = "A block device (e.g. /dev/nvme1n1) or a file; a missing file is created at --size. Give "
                    + "it more than once to run the plan on several targets at the same time, point by point (a run "
                    + "per target, grouped: `drivelab show RUN --combined` sums them).")
    List<Path> targets;

    @ArgGroup(multiplicity = "1")
    PlanChoice plan;

    static final class PlanChoice {
        @Option(names = "--preset", paramLabel = "NAME", description = "A preset (see `drivelab presets`).")
        String preset;

        @Option(names = "--plan", paramLabel = "FILE", description = "A plan file (JSON).")
        Path file;
    }

    @Option(names = "--size", paramLabel = "SIZE", description = "Region to test (e.g. 512M, 8G); "
            + "default: the whole device or existing file.")
    String size;

    @Option(names = "--runtime", paramLabel = "S", description = "Measured seconds per point, for every point.")
    Integer runtime;

    @Option(names = "--ramp", paramLabel = "S", description = "Unmeasured seconds before each point.")
    Integer ramp;

    @Option(names = "--idle", paramLabel = "S", description = "Seconds of rest between points.")
    Integer idle;

    @Option(names = "--name", paramLabel = "TEXT", description = "A name for the run.")
    String name;

    @Option(names = "--allow-destroy", paramLabel = "DEVICE",
            description = "Confirms that a plan that writes may destroy everything on this block device; once per "
                    + "device with several targets.")
    List<String> allowDestroy = new ArrayList<>();

    @Option(names = "--overwrite-file", description = "Confirms that a plan that writes may overwrite --target, an "
            + "existing file that DriveLab did not create.")
    boolean overwriteFile;

    @Option(names = "--keep-file", description = "Keep the test file this run creates; by default it is removed "
            + "when the run completes (a run that stops unfinished keeps it for `drivelab resume`; "
            + "`drivelab delete RUN` removes it with the run).")
    boolean keepFile;

    @Option(names = "--json", description = "JSON lines on stdout: run, point, steady_state and end objects.")
    boolean json;

    @Option(names = "--engine", paramLabel = "ENGINE",
            description = "What measures each point: drivelab (DriveLab's engine, the default) or fio (the "
                    + "installed fio, 3.29 or later, running the job `drivelab fio-job` writes for the point; "
                    + "the run records fio's version as its engine).")
    String engineName;

    @Option(names = "--host", paramLabel = "HOST[:PORT]",
            description = "Run on another machine through its fio server (`fio --server`, port 8765 unless given): "
                    + "give --host before each --target, paired in order; --target is then a path on that host. "
                    + "Measured by fio; a write plan on a device there needs --allow-destroy HOST:/dev/X.")
    List<String> hosts = new ArrayList<>();

    @Option(names = "--cpus-allowed", paramLabel = "LIST",
            description = "Keep every point's jobs, and the kernel workers they hand I/O to, to these CPUs of this "
                    + "machine (fio's cpus_allowed: 1, 0-3 or 0,2). Stored with the run: `drivelab resume` keeps "
                    + "them. Default: the scheduler places them, as fio does; placement can halve a QD1 result "
                    + "either way (docs/engine.md, \"QD1 latency\").")
    String cpusAllowed;

    @Option(names = "--stop-all-on-failure", description = "With several targets: when one target's run fails "
            + "(e.g. its host stops answering), stop the others too; each keeps what it measured and `drivelab "
            + "resume` goes on. By default the others go on.")
    boolean stopAllOnFailure;

    @Override
    public Integer call() {
        if (targets.stream().anyMatch(t -> t.toString().isBlank())) {
            // Path.of("") is the working directory: named as such it reads " is a folder"
            throw CommandException.badInput("--target is empty: give the test file or the device to measure, e.g. "
                    + "--target /tmp/drivelab.img or --target /dev/nvme1n1");
        }
        CpuList cpus = cpus();
        TestPlan chosen = plan.preset != null ? Presets.get(plan.preset) : PlanFiles.load(plan.file);
        chosen = chosen.withTimes(nonNegative("--runtime", runtime), nonNegative("--ramp", ramp),
                nonNegative("--idle", idle));
        if (size != null) {
            long bytes = parseSize(size);
            Long offset = chosen.target() == null ? null : chosen.target().offset();
            chosen = chosen.withTarget(new Region(bytes, offset));
        }
        Path engine = engine();
        FioBinary fio = fio(engineName == null && !hosts.isEmpty() ? "fio" : engineName);
        if (!hosts.isEmpty()) {
            targets = remoteTargets(fio);
        }
        if (targets.size() > 1 && new HashSet<>(targets).size() < targets.size()) {
            throw CommandException.badInput("--target lists a target twice: " + targets);
        }
        if (targets.size() == 1 && allowDestroy.size() > 1) {
            throw CommandException.badInput("--allow-destroy is given " + allowDestroy.size() + " times for one "
                    + "target; name the one device to destroy");
        }
        if (hosts.isEmpty()) {
            sayWhichTestFilesAreInMemory();
        }
        List<RunSession.Target> list = new ArrayList<>();
        for (Path t : targets) {
            list.add(new RunSession.Target(t, chosen, targets.size() == 1 && !allowDestroy.isEmpty()
                    ? allowDestroy.get(0) : confirmationFor(t), overwriteFile));
        }
        PrintWriter out = spec.commandLine().getOut();
        try (Store s = store.open()) {
            RunSession session = new RunSession(s, engine, new DeviceDiscovery()).keepFile(keepFile)
                    .stopAllOnFailure(stopAllOnFailure).measuredBy(fio).keptTo(cpus);
            Console console = new Console(out);
            int code;
            try {
                code = RunConsole.execute(session::cancel, () -> MultiTargetRun.overall(session.run(list,
                        RunSession.Order.TOGETHER, name, console)));
            } catch (RunException e) {
                throw CommandException.badInput(withHint(e));
            }
            if (console.refused != null) {
                throw console.refused;
            }
            if (console.runIds != null && !json) {
                out.println();
                ShowCommand.printCombined(out, s, s.findRunGroup(console.runIds.get(0)).orElseThrow());
                out.println("`drivelab show " + console.runIds.get(0) + " --combined` shows the sum again; "
                        + "`drivelab show RUN` each target.");
                out.flush();
            }
            return code;
        }
    }

    /** A console per target (labelled when there are several) and the session's own lines. */
    private final class Console implements RunSession.Listener {
        private final PrintWriter out;
        List<Long> runIds;
        RuntimeException refused;

        Console(PrintWriter out) {
            this.out = out;
        }

        @Override
        public RunListener forTarget(Path target, int index) {
            RunConsole console = new RunConsole(out, spec.commandLine().getErr(), json);
            return targets.size() > 1 ? console.labelled(target.toString(), index == 0) : console;
        }

        @Override
        public void filed(long groupId, List<Long> ids) {
            runIds = ids;
            if (!json) {
                out.println("Group " + groupId + ": runs " + ids + " on " + targets + ", point by point at the same "
                        + "time.");
                out.flush();
            }
        }

        @Override
        public void targetFailed(Path target, RuntimeException why) {
            // one target: a refusal is bad input, said once the session has ended
            refused = why instanceof RunException e ? CommandException.badInput(withHint(e)) : why;
        }
    }

    /**
     * A test file on a file system in memory (/tmp is one on many distributions) measures RAM: said on stderr, so
     * that nobody takes its figures for a drive's, and JSON on stdout stays as it is.
     */
    private void sayWhichTestFilesAreInMemory() {
        PrintWriter err = spec.commandLine().getErr();
        for (Path t : targets) {
            if (Files.exists(t) && !Files.isRegularFile(t)) {
                continue;
            }
            DeviceDiscovery.memoryFileSystem(t).ifPresent(type -> err.println("drivelab: note: " + t + " is in RAM ("
                    + type + "): this run measures memory, not a drive; put the test file on the drive to test"));
        }
        err.flush();
    }

    /** The core says what is wrong with a target; the CLI adds which option mends it. */
    static String withHint(RunException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConfirmationNeeded needed) {
                TargetClearance clearance = needed.clearance();
                return e.getMessage() + ": " + (clearance.kind() == TargetClearance.Kind.CONFIRM_DEVICE
                        ? "--allow-destroy=" + clearance.target() : "--overwrite-file");
            }
            if (t instanceof TargetRefused refused) {
                return switch (refused.kind()) {
                    case NEEDS_SIZE -> e.getMessage() + ": --size 4G, for example";
                    case REGION_TOO_LARGE -> e.getMessage() + ": give --size " + Math.max(1, refused.fittingBytes()
                            .orElseThrow() >> 20) + "M or less";
                    case NO_ACCESS -> e.getMessage();
                    case NO_SPACE -> e.getMessage() + " (--size " + (refused.fittingBytes().orElseThrow() >> 20)
                            + "M fits there)";
                    case REGION_TOO_SMALL -> e.getMessage() + " (--size)";
                };
            }
        }
        return e.getMessage();
    }

    /** A refusal in the command line's words. */
    static CommandException refused(RunException e) {
        return CommandException.badInput(withHint(e));
    }

    /** The CPUs of --cpus-allowed, checked on this machine before anything runs; null when not given. */
    private CpuList cpus() {
        if (cpusAllowed == null) {
            return null;
        }
        if (!hosts.isEmpty()) {
            throw CommandException.badInput("--cpus-allowed " + cpusAllowed + " with --host: the CPUs are the other "
                    + "machine's, which this one cannot check; leave out --cpus-allowed (or set cpus_allowed in "
                    + "that machine's own fio job)");
        }
        try {
            return CpuList.usable(cpusAllowed);
        } catch (IllegalArgumentException e) {
            throw CommandException.badInput("--cpus-allowed \"" + cpusAllowed + "\": " + e.getMessage());
        }
    }

    /** --host A --target P ... paired in order, as the targets the run session measures. */
    private List<Path> remoteTargets(FioBinary fio) {
        if (fio == null) {
            throw CommandException.badInput("--host runs on another machine's fio server, so it is measured by fio; "
                    + "leave out --engine " + engineName + " or give --engine fio");
        }
        if (hosts.size() != targets.size()) {
            throw CommandException.badInput(hosts.size() + " --host and " + targets.size() + " --target: give "
                    + "--host HOST --target PATH once per host, in pairs");
        }
        List<Path> remote = new ArrayList<>();
        for (int i = 0; i < hosts.size(); i++) {
            try {
                remote.add(new RemoteTarget(FioHost.parse(hosts.get(i)), targets.get(i).toString()).asTarget());
            } catch (IllegalArgumentException e) {
                throw CommandException.badInput("--host " + hosts.get(i) + " --target " + targets.get(i) + ": "
                        + e.getMessage());
            }
        }
        return remote;
    }

    private String confirmationFor(Path target) {
        for (String named : allowDestroy) {
            if (RemoteTarget.of(target).map(RemoteTarget::confirmation).filter(named::equals).isPresent()) {
                return named;
            }
            if (named.equals(target.toString()) || sameFile(Path.of(named), target)) {
                return named;
            }
        }
        return null;
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false;
        }
    }

    static Path engine() {
        try {
            return EngineBinary.locate();
        } catch (EngineException e) {
            throw CommandException.failed(e.getMessage(), e);
        }
    }

    /** fio for {@code --engine fio}, null for DriveLab's engine. */
    static FioBinary fio(String engineName) {
        if (engineName == null) {
            return null;
        }
        switch (engineName.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "drivelab", "drivelab-engine":
                return null;
            case "fio":
                try {
                    return FioBinary.locate();
                } catch (EngineException e) {
                    throw CommandException.failed(e.getMessage() + "; or measure with --engine drivelab", e);
                }
            default:
                throw CommandException.badInput("--engine " + engineName + " is not an engine; give drivelab "
                        + "(DriveLab's own) or fio");
        }
    }

    private static Integer nonNegative(String option, Integer seconds) {
        if (seconds != null && seconds < 0) {
            throw CommandException.badInput(option + " " + seconds + " is negative; give seconds, 0 or more");
        }
        return seconds;
    }

    private static long parseSize(String text) {
        try {
            long bytes = Units.parseSize(text);
            if (bytes <= 0) {
                throw new IllegalArgumentException("not above 0");
            }
            return bytes;
        } catch (RuntimeException e) {
            throw CommandException.badInput("--size " + text + " is not a size; give e.g. 512M, 8G or 1T");
        }
    }
}
