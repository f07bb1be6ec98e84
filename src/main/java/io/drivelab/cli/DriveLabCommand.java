package io.drivelab.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The {@code drivelab} command. Every subcommand is registered here, in {@code subcommands}.
 */
@Command(name = "drivelab",
        mixinStandardHelpOptions = true,
        versionProvider = AppVersion.Provider.class,
        description = "SSD test lab around a native direct-I/O engine. Without arguments, opens the GUI.",
        subcommands = {
                VersionCommand.class,
                RunCommand.class,
                ResumeCommand.class,
                DevicesCommand.class,
                PresetsCommand.class,
                PlanCommand.class,
                RunsCommand.class,
                ShowCommand.class,
                ExportCommand.class,
                FioJobCommand.class,
                ReferenceCommand.class,
                ImportFioCommand.class,
                ExportFioCommand.class,
                ReportCommand.class,
        })
public final class DriveLabCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** The configured command line: parameter errors print usage on stderr and exit 2. */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new DriveLabCommand());
        commandLine.setParameterExceptionHandler(DriveLabCommand::usageError);
        // What commands throw (CommandException, bad plans, store failures) becomes a message and an exit code.
        commandLine.setExecutionExceptionHandler(new CommandFailures());
        commandLine.setOut(StandardOutput.writer());
        // A command whose output could not be written (a full disk, a closed pipe) has failed, whatever it returned.
        commandLine.setExecutionStrategy(parsed -> {
            int exitCode = new CommandLine.RunLast().execute(parsed);
            String failure = StandardOutput.failure(commandLine.getOut());
            if (failure == null) {
                return exitCode;
            }
            PrintWriter err = commandLine.getErr();
            err.println("drivelab: cannot write the output: " + failure);
            err.flush();
            return exitCode == 0 ? CommandException.FAILED : exitCode;
        });
        return commandLine;
    }

    // Explicit so that every subcommand, whatever its own settings, reports misuse the same way.
    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine failed = e.getCommandLine();
        PrintWriter err = failed.getErr();
        err.println(failed.getColorScheme().errorText(e.getMessage()));
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        failed.usage(err, failed.getColorScheme());
        err.flush();
        return CommandLine.ExitCode.USAGE;
    }

    @Override
    public Integer call() {
        // Only options, no subcommand (e.g. `drivelab --foo` is already an error); treat as misuse.
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing command");
    }
}
