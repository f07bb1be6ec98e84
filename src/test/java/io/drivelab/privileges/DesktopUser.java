package io.drivelab.privileges;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;

import io.drivelab.engine.DeviceAccess;

/**
 * The desktop user of the privileged path's tests, for real: a useradd'ed user outside group disk with a folder of
 * theirs, a loop device they may not open, the installed engine and polkit policy, and a polkit rule that stands in
 * for the administrator's password and logs each authorization check to polkitd's output (whose file .ci/run names in
 * DRIVELAB_POLKITD_LOG). Needs root and the daemons; {@link #create} skips the test class, saying why, elsewhere.
 */
final class DesktopUser implements AutoCloseable {
    private static final Path ACTION = Path.of("/usr/share/polkit-1/actions/io.drivelab.engine.policy");

    /** What a command run as the user printed (stdout and stderr together), and its exit code. */
    record Result(int code, String output) {
    }

    private final Path rules;
    private final String token;
    private final Path polkitLog;
    private final List<Path> installed = new ArrayList<>();
    private String name;
    private Path dir;
    private Path backing;
    private String loop;

    private DesktopUser(String testName, Path polkitLog) {
        // each test class its own rules file and log token: two classes may run at once
        this.rules = Path.of("/etc/polkit-1/rules.d/49-drivelab-" + testName + ".rules");
        this.token = "drivelab-" + testName + "-" + ProcessHandle.current().pid();
        this.polkitLog = polkitLog;
    }

    /**
     * Sets up the user, with a loop device of {@code loopBytes} and the rule that allows them; skips the calling
     * test class where this machine cannot.
     */
    /**
     * Skips the test where {@code met} is false, saying why; fails it under CI (CI=true), which starts all this:
     * surefire reports a skip in @BeforeAll as 0 tests run, so these tests went missing there without a word.
     */
    private static void need(boolean met, String why) {
        if ("true".equals(System.getenv("CI"))) {
            assertTrue(met, why);
        }
        Assumptions.assumeTrue(met, why);
    }

    static DesktopUser create(String testName, String userPrefix, long loopBytes) throws Exception {
        need("root".equals(System.getProperty("user.name")), "creating a user needs root");
        String log = System.getenv("DRIVELAB_POLKITD_LOG");
        need(log != null && Files.isReadable(Path.of(log)), "no polkitd output to count "
                + "authorization checks in (DRIVELAB_POLKITD_LOG); .ci/run starts dbus and polkitd");
        need(Files.exists(Path.of("/run/dbus/system_bus_socket")), "no system bus");
        need(ProcessHandle.allProcesses().anyMatch(p -> p.info().command()
                .filter(c -> c.endsWith("/polkitd")).isPresent()), "polkitd is not running; .ci/run starts it");
        need(Files.isExecutable(Path.of("/usr/bin/pkexec")), "pkexec is not installed");
        need(Files.isDirectory(Path.of("target/lib")), "target/lib: run after mvn package");
        DesktopUser user = new DesktopUser(testName, Path.of(log));
        try {
            user.setUp(userPrefix, loopBytes);
        } catch (Exception | Error e) {
            user.close();
            throw e;
        }
        return user;
    }

    private void setUp(String userPrefix, long loopBytes) throws Exception {
        Path engine = Path.of(System.getProperty("drivelab.engine", "target/drivelab-engine"));
        install(engine, DeviceAccess.INSTALLED_ENGINE, "rwxr-xr-x");
        install(Path.of("packaging/polkit/io.drivelab.engine.policy"), ACTION, "rw-r--r--");
        name = userPrefix + ProcessHandle.current().pid();
        asRoot("useradd", "--no-create-home", "--shell", "/bin/sh", name);
        dir = Files.createTempDirectory(Path.of("/tmp"), userPrefix + "-");
        asRoot("chown", name, dir.toString());
        backing = dir.resolve("loop.img");
        try (RandomAccessFile file = new RandomAccessFile(backing.toFile(), "rw")) {
            file.setLength(loopBytes);
        }
        loop = asRoot("losetup", "--find", "--show", backing.toString()).strip();
        allow(true);
    }

    /** The user's name. */
    String name() {
        return name;
    }

    /** The user's folder (their HOME in {@link #asUser(String, String...)}). */
    Path dir() {
        return dir;
    }

    /** The file behind the loop device. */
    Path backing() {
        return backing;
    }

    /** The loop device, /dev/loopN: root's, mode 660, group disk. */
    String loop() {
        return loop;
    }

    /** Puts the rule that answers for the administrator in place (or takes it away), and waits for polkitd to load it. */
    void allow(boolean yes) throws Exception {
        long loads = loads();
        if (yes) {
            Files.writeString(rules, """
                    polkit.addRule(function(action, subject) {
                        if (action.id == "io.drivelab.engine" && subject.user == "%s") {
                            polkit.log("%s: authorization check for " + subject.user);
                            return polkit.Result.YES;
                        }
                    });
                    """.formatted(name, token));
        } else {
            Files.deleteIfExists(rules);
        }
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (loads() == loads && System.nanoTime() < end) {
            Thread.sleep(50);  // polkitd reloads its rules on an inotify event and says so in its output
        }
        assertTrue(loads() > loads, "polkitd did not reload its rules");
    }

    private long loads() throws IOException {
        return Files.readAllLines(polkitLog).stream().filter(l -> l.contains("Finished loading")).count();
    }

    /** The authorization checks the rule has logged so far. */
    long authorizationChecks() throws IOException {
        return Files.readAllLines(polkitLog).stream().filter(l -> l.contains(token)).count();
    }

    /** Runs {@code command} as the user, in their folder, with {@code input} on its stdin. */
    Result asUser(String input, String... command) throws Exception {
        List<String> full = new ArrayList<>(List.of("runuser", "-u", name, "--", "env", "HOME=" + dir));
        full.addAll(List.of(command));
        Process p = new ProcessBuilder(full).directory(dir.toFile()).redirectErrorStream(true).start();
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(240, TimeUnit.SECONDS), String.join(" ", command));
        return new Result(p.exitValue(), out);
    }

    /** Runs {@code command} as root; its output, or an IOException with it when it fails. */
    static String asRoot(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + ": " + out);
        }
        return out;
    }

    private void install(Path from, Path to, String mode) throws IOException {
        if (Files.exists(to)) {
            Assumptions.assumeTrue(Files.mismatch(from, to) == -1, to + " is someone else's (a different file): "
                    + "not replaced");
            return;
        }
        boolean newFolder = !Files.isDirectory(to.getParent());
        Files.createDirectories(to.getParent());
        Files.copy(from, to);
        Files.setPosixFilePermissions(to, PosixFilePermissions.fromString(mode));
        installed.add(to);
        if (newFolder) {
            installed.add(to.getParent());  // removed after the file
        }
    }

    /** Detaches the loop device, removes the rule, the user, what was installed and the folder. */
    @Override
    public void close() throws Exception {
        if (loop != null) {
            asRoot("losetup", "--detach", loop);
        }
        Files.deleteIfExists(rules);
        if (name != null) {
            asRoot("userdel", name);
        }
        for (Path path : installed) {
            Files.deleteIfExists(path);
        }
        if (dir != null) {
            asRoot("rm", "-rf", dir.toString());
        }
    }
}
