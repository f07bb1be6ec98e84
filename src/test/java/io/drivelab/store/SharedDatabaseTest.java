package io.drivelab.store;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The GUI and the CLI on one database (issue 10 item 6): another open and close of the database file in the GUI's
 * process drops its POSIX locks, after which a CLI process that opened and closed the database deleted the GUI's
 * -wal file, and the GUI's later commits were lost when it was killed. Both sides are real processes here.
 */
@Timeout(120)
class SharedDatabaseTest {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path dir;
    private Process gui;

    @AfterEach
    void killGui() {
        if (gui != null) {
            gui.destroyForcibly();
        }
    }

    @Test
    void everyRunTheGuiCommittedSurvivesAForeignCloseTheCliAndKill9() throws Exception {
        Path db = dir.resolve("shared.db");
        gui = new ProcessBuilder(JAVA, "-cp", System.getProperty("java.class.path"), HeldStore.class.getName(),
                db.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader answers = new BufferedReader(new InputStreamReader(gui.getInputStream(),
                StandardCharsets.UTF_8));
        PrintStream commands = new PrintStream(gui.getOutputStream(), true, StandardCharsets.UTF_8);
        assertEquals("open", answers.readLine());
        List<Long> committed = new ArrayList<>();

        committed.add(ask(commands, answers, "commit"));
        assertEquals("touched", askText(commands, answers, "touch"));
        runCli("runs", "--db", db.toString());
        for (int i = 0; i < 3; i++) {
            committed.add(ask(commands, answers, "commit"));
        }
        gui.destroyForcibly().waitFor(30, TimeUnit.SECONDS);  // SIGKILL: no close, no shutdown hook

        try (Store store = Store.open(db)) {
            List<Long> stored = store.listRuns().stream().map(Run::id).sorted().toList();
            assertEquals(committed, stored, "runs committed by the GUI");
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
             ResultSet check = c.createStatement().executeQuery("PRAGMA integrity_check")) {
            assertEquals("ok", check.getString(1));
        }
    }

    private static long ask(PrintStream commands, BufferedReader answers, String command) throws IOException {
        return Long.parseLong(askText(commands, answers, command));
    }

    private static String askText(PrintStream commands, BufferedReader answers, String command) throws IOException {
        commands.println(command);
        return answers.readLine();
    }

    /** The real command line in its own JVM, as a user's shell starts it. */
    private static void runCli(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(JAVA, "-cp", System.getProperty("java.class.path"),
                "io.drivelab.Main"));
        command.addAll(List.of(arguments));
        Process cli = new ProcessBuilder(command).redirectErrorStream(true).start();
        cli.getOutputStream().close();
        String out = new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(cli.waitFor(60, TimeUnit.SECONDS), "the CLI did not exit");
        assertEquals(0, cli.exitValue(), out);
    }
}
