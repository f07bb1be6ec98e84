package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** The command line built for the subcommand named alone behaves as the one with every subcommand. */
class DriveLabCommandTest {

    @Test
    void everySubcommandIsKnownByTheNameItsCommandAnnotationGives() {
        CommandLine full = DriveLabCommand.commandLine();

        assertEquals(List.copyOf(DriveLabCommand.SUBCOMMANDS.keySet()), List.copyOf(full.getSubcommands().keySet()));
    }

    @Test
    void aCommandLineBuiltForOneSubcommandPrintsWhatTheWholeOneDoes() {
        List<String[]> cases = new ArrayList<>();
        for (String name : DriveLabCommand.SUBCOMMANDS.keySet()) {
            cases.add(new String[] {name, "--help"});
            cases.add(new String[] {name, "--no-such-option"});
        }
        cases.add(new String[] {"plan", "show", "--help"});
        cases.add(new String[] {"reference", "add", "--no-such-option"});
        cases.add(new String[] {"--version"});
        cases.add(new String[] {"-V"});
        cases.add(new String[] {"--help"});
        cases.add(new String[] {"no-such-command"});
        cases.add(new String[] {"--no-such-option", "runs"});
        cases.add(new String[] {});

        for (String[] args : cases) {
            String whole = run(DriveLabCommand.commandLine(), args);
            String built = run(DriveLabCommand.commandLine(args), args);

            assertEquals(whole, built, String.join(" ", args));
        }
    }

    @Test
    void onlyTheNamedSubcommandIsBuilt() {
        assertEquals(List.of("runs"), List.copyOf(DriveLabCommand.commandLine(new String[] {"runs", "--json"})
                .getSubcommands().keySet()));
        assertTrue(DriveLabCommand.commandLine(new String[] {"--version"}).getSubcommands().isEmpty());
        assertEquals(DriveLabCommand.SUBCOMMANDS.size(),
                DriveLabCommand.commandLine(new String[] {"--version", "runs"}).getSubcommands().size());
    }

    @Test
    void sqliteIsWarmedForTheCommandsWithADatabaseOptionAndOnlyThose() {
        for (String name : DriveLabCommand.SUBCOMMANDS.keySet()) {
            CommandLine subcommand = DriveLabCommand.commandLine().getSubcommands().get(name);

            assertEquals(hasDatabaseOption(subcommand), DriveLabCommand.opensDatabase(new String[] {name, "--help"}),
                    name);
        }
        assertFalse(DriveLabCommand.opensDatabase(new String[] {"--version"}));
        assertFalse(DriveLabCommand.opensDatabase(new String[] {"no-such-command"}));
        assertFalse(DriveLabCommand.opensDatabase(new String[] {}));
    }

    /** Whether the command or one of its own subcommands takes --db. */
    private static boolean hasDatabaseOption(CommandLine command) {
        return command.getCommandSpec().findOption("--db") != null
                || command.getSubcommands().values().stream().anyMatch(DriveLabCommandTest::hasDatabaseOption);
    }

    /** Exit code, stdout and stderr. */
    private static String run(CommandLine commandLine, String[] args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        int exitCode = commandLine.execute(args);
        return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
