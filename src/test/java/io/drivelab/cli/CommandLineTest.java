package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Runs {@code io.drivelab.Main} in a fresh JVM without a display, as the launcher does on a server. */
@IntegrationTest
@Timeout(120)
class CommandLineTest {

    record Run(int exitCode, String stdout, String stderr) {
    }

    @Test
    void helpListsCommandsWithoutLoadingJavaFx() throws Exception {
        Run run = drivelab(List.of("-verbose:class"), "--help");

        assertEquals(0, run.exitCode(), run.stderr());
        assertTrue(run.stdout().contains("Usage: drivelab"), run.stdout());
        assertTrue(run.stdout().contains("version"), run.stdout());
        assertFalse(run.stdout().contains("javafx."), "the CLI path loaded JavaFX classes");
    }

    @Test
    void helpListsEveryCommand() throws Exception {
        Run run = drivelab(List.of(), "--help");

        for (String command : List.of("version", "devices", "presets", "plan", "runs", "show", "export", "fio-job")) {
            assertTrue(run.stdout().lines().anyMatch(l -> l.startsWith("  " + command + " ")),
                    command + " missing in: " + run.stdout());
        }
    }

    @Test
    void unknownCommandPrintsUsageOnStderrAndExits2() throws Exception {
        Run run = drivelab(List.of(), "no-such-command");

        assertEquals(2, run.exitCode());
        assertTrue(run.stderr().contains("Unmatched argument"), run.stderr());
        assertTrue(run.stderr().contains("Usage: drivelab"), run.stderr());
        assertEquals("", run.stdout());
    }

    @Test
    void unknownOptionPrintsUsageOnStderrAndExits2() throws Exception {
        Run run = drivelab(List.of(), "--no-such-option");

        assertEquals(2, run.exitCode());
        assertTrue(run.stderr().contains("Unknown option"), run.stderr());
        assertTrue(run.stderr().contains("Usage: drivelab"), run.stderr());
    }

    @Test
    void unknownSubcommandOptionShowsThatSubcommandsUsage() throws Exception {
        Run run = drivelab(List.of(), "version", "--bogus");

        assertEquals(2, run.exitCode());
        assertTrue(run.stderr().contains("Usage: drivelab version"), run.stderr());
    }

    @Test
    void versionOptionPrintsTheAppVersion() throws Exception {
        Run run = drivelab(List.of(), "--version");

        assertEquals(0, run.exitCode(), run.stderr());
        assertTrue(run.stdout().startsWith("drivelab "), run.stdout());
    }

    @Test
    void versionCommandPrintsAppAndEngineVersions() throws Exception {
        Path engine = builtEngine();
        Run run = drivelab(List.of("-verbose:class", "-Ddrivelab.engine=" + engine), "version");

        assertEquals(0, run.exitCode(), run.stderr());
        String[] lines = run.stdout().lines().filter(l -> !l.startsWith("[")).toArray(String[]::new);
        assertTrue(lines[0].startsWith("drivelab "), run.stdout());
        assertTrue(lines.length >= 2 && !lines[1].isBlank(), "no engine version in: " + run.stdout());
        assertFalse(run.stdout().contains("javafx."), "the CLI path loaded JavaFX classes");
    }

    @Test
    void versionCommandExplainsAMissingEngineAndExits1() throws Exception {
        Run run = drivelab(List.of("-Ddrivelab.engine=/nonexistent/engine"), "version");

        assertEquals(1, run.exitCode());
        assertTrue(run.stdout().startsWith("drivelab "), run.stdout());
        assertTrue(run.stderr().contains("/nonexistent/engine"), run.stderr());
    }

    @Test
    void noArgumentsWithoutADisplayExplainsInsteadOfCrashing() throws Exception {
        Run run = drivelab(List.of());

        assertEquals(1, run.exitCode());
        assertTrue(run.stderr().startsWith("drivelab: no display"), run.stderr());
        assertFalse(run.stderr().contains("Exception"), run.stderr());
    }

    static Path builtEngine() {
        String engine = System.getProperty("drivelab.engine");
        Assumptions.assumeTrue(engine != null && Files.isExecutable(Path.of(engine)),
                "the engine is not built (" + engine + "); build without -Dexec.skip=true");
        return Path.of(engine);
    }

    /** Main in a child JVM with no DISPLAY, so any attempt to open a window would fail. */
    static Run drivelab(List<String> jvmOptions, String... args) throws IOException, InterruptedException {
        return drivelab(Map.of(), jvmOptions, args);
    }

    /** The same with these environment variables set (e.g. DRIVELAB_DB). */
    static Run drivelab(Map<String, String> environment, List<String> jvmOptions, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add("io.drivelab.Main");
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().remove("DISPLAY");
        builder.environment().remove("WAYLAND_DISPLAY");
        builder.environment().remove("DRIVELAB_ENGINE");
        builder.environment().putAll(environment);
        Process process = builder.start();
        process.getOutputStream().close();
        CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
        String stdout = readAll(process.getInputStream());
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("drivelab " + String.join(" ", args) + " did not finish");
        }
        return new Run(process.exitValue(), stdout, stderr.join());
    }

    private static String readAll(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
