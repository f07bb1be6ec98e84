package io.drivelab.cli;

import java.io.PrintWriter;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The {@code drivelab} command. Every subcommand is registered here, in {@link #SUBCOMMANDS}.
 */
@Command(name = "drivelab",
        mixinStandardHelpOptions = true,
        versionProvider = AppVersion.Provider.class,
        description = "SSD test lab around a native direct-I/O engine. Without arguments, opens the GUI.")
public final class DriveLabCommand implements Callable<Integer> {

    /** The exit status of a command whose reader went away: a shell's for a process ended by SIGPIPE (128 + 13). */
    static final int READER_LEFT = 141;
    /**
     * Every subcommand by its name (the name in its {@code @Command}), in the order help lists them. Not in the
     * annotation, which would make picocli build them all, by reflection, before parsing anything: most of a short
     * command's time.
     */
    static final Map<String, Class<?>> SUBCOMMANDS = new LinkedHashMap<>();

    static {
        SUBCOMMANDS.put("version", VersionCommand.class);
        SUBCOMMANDS.put("run", RunCommand.class);
        SUBCOMMANDS.put("resume", ResumeCommand.class);
        SUBCOMMANDS.put("devices", DevicesCommand.class);
        SUBCOMMANDS.put("presets", PresetsCommand.class);
        SUBCOMMANDS.put("plan", PlanCommand.class);
        SUBCOMMANDS.put("runs", RunsCommand.class);
        SUBCOMMANDS.put("show", ShowCommand.class);
        SUBCOMMANDS.put("export", ExportCommand.class);
        SUBCOMMANDS.put("delete", DeleteCommand.class);
        SUBCOMMANDS.put("fio-job", FioJobCommand.class);
        SUBCOMMANDS.put("reference", ReferenceCommand.class);
        SUBCOMMANDS.put("import-fio", ImportFioCommand.class);
        SUBCOMMANDS.put("export-fio", ExportFioCommand.class);
        SUBCOMMANDS.put("report", ReportCommand.class);
    }

    /** Subcommands that never open the results database. */
    private static final Set<String> WITHOUT_DATABASE = Set.of("version", "devices", "presets", "plan");

    @Spec
    CommandSpec spec;

    /** Whether the subcommand {@code args} name opens the results database (no or an unknown one: usage, not). */
    public static boolean opensDatabase(String[] args) {
        return args.length > 0 && SUBCOMMANDS.containsKey(args[0]) && !WITHOUT_DATABASE.contains(args[0]);
    }

    /** The command line with every subcommand: parameter errors print usage on stderr and exit 2. */
    public static CommandLine commandLine() {
        return withSubcommands(SUBCOMMANDS.keySet());
    }

    /**
     * The command line as {@link #commandLine()}, with only what {@code args} use: the subcommand they name, or
     * none for {@code --version} alone. Anything else (help, no or an unknown command, an option first) gets every
     * subcommand, so that usage and suggestions list them all.
     */
    public static CommandLine commandLine(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            return withSubcommands(List.of());
        }
        if (args.length > 0 && SUBCOMMANDS.containsKey(args[0])) {
            return withSubcommands(List.of(args[0]));
        }
        return commandLine();
    }

    private static CommandLine withSubcommands(Collection<String> names) {
        CommandLine commandLine = new CommandLine(new DriveLabCommand());
        for (String name : names) {
            commandLine.addSubcommand(SUBCOMMANDS.get(name));
        }
        commandLine.setParameterExceptionHandler(DriveLabCommand::usageError);
        // What commands throw (CommandException, bad plans, store failures) becomes a message and an exit code.
        commandLine.setExecutionExceptionHandler(new CommandFailures());
        commandLine.setOut(StandardOutput.writer());
        commandLine.setErr(StandardOutput.errors());
        // A command whose output could not be written (a full disk, a closed pipe) has failed, whatever it returned.
        commandLine.setExecutionStrategy(parsed -> {
            int exitCode = new CommandLine.RunLast().execute(parsed);
            String failure = StandardOutput.failure(commandLine.getOut());
            if (failure == null) {
                return exitCode;
            }
            if (StandardOutput.isPipe()) {
                // the reader stopped reading (`| head`): quiet, as a process ended by SIGPIPE in a shell
                return READER_LEFT;
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
