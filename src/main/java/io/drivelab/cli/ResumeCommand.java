package io.drivelab.cli;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.run.RunSession;
import io.drivelab.run.RunException;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code drivelab resume RUN}: finishes an interrupted or failed run from its first unfinished point. */
@Command(name = "resume", mixinStandardHelpOptions = true,
        description = {"Finish a run that was stopped, killed or failed: the points it measured are kept, the "
                + "rest run now on the same target with the same plan.",
                "",
                "Exit code: 0 complete, 1 failed, 2 bad input, 130 stopped."})
public final class ResumeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    RunArgument stored;


    @Option(names = "--allow-destroy", paramLabel = "DEVICE",
            description = "Confirms again that the plan may destroy everything on this block device.")
    String allowDestroy;

    @Option(names = "--overwrite-file", description = "Confirms again that the plan may overwrite a target file "
            + "that DriveLab did not create.")
    boolean overwriteFile;

    @Option(names = "--keep-file", description = "Keep the test file the run created when it completes.")
    boolean keepFile;

    @Option(names = "--json", description = "JSON lines on stdout, as `drivelab run --json`.")
    boolean json;

    @Override
    public Integer call() {
        Path engine = RunCommand.engine();
        try (Store s = stored.open()) {
            Run run = stored.in(s);
            if (run.status() == RunStatus.COMPLETE) {
                throw CommandException.badInput("run " + stored.id() + " is complete; there is nothing to resume");
            }
            RunConsole console = new RunConsole(spec.commandLine().getOut(), spec.commandLine().getErr(), json);
            RunSession session = new RunSession(s, engine, new DeviceDiscovery()).keepFile(keepFile);
            try {
                return RunConsole.execute(session::cancel,
                        () -> session.resume(stored.id(), allowDestroy, overwriteFile, console));
            } catch (RunException e) {
                throw CommandException.badInput(RunCommand.withHint(e));
            }
        }
    }
}
