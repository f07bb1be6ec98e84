package io.drivelab.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher (src/main/sh/drivelab) on a fresh machine: what it says when the window's system libraries are
 * missing or there is no display. The "system" is a made-up root (DRIVELAB_SYSROOT) whose linker cache is built by
 * the real ldconfig from copies of this machine's libraries, so GTK can be missing without uninstalling it.
 */
@IntegrationTest
class LauncherTest {
    private static final Path LDCONFIG = Path.of("/sbin/ldconfig");

    @TempDir
    Path tmp;
    private Path launcher;

    /** The launcher in an app folder laid out like target/ and the package: jar (here: the classes), lib/, runtime/. */
    @BeforeEach
    void installLauncher() throws IOException {
        Path app = Files.createDirectories(tmp.resolve("app"));
        launcher = app.resolve("drivelab");
        Files.copy(Path.of("src/main/sh/drivelab"), launcher);
        assertTrue(launcher.toFile().setExecutable(true));
        Path lib = Files.createDirectories(app.resolve("lib"));
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry).toAbsolutePath();
            if (path.endsWith(Path.of("target", "classes"))) {
                Files.createSymbolicLink(app.resolve("drivelab.jar"), path);
            } else if (entry.endsWith(".jar")) {
                Files.createSymbolicLink(lib.resolve(path.getFileName()), path);
            }
        }
        Files.createSymbolicLink(app.resolve("runtime"), Path.of(System.getProperty("java.home")));
    }

    @Test
    void withoutGtkOnDebianTheWindowAsksForTheAptCommand() throws Exception {
        Path system = system("ID=debian", "libXtst.so.6");

        Result r = launch(system, Map.of("DISPLAY", ":99"));

        assertEquals(1, r.code(), r.output());
        assertTrue(r.output().contains("sudo apt-get install libgtk-3-0\n"), r.output());
        assertTrue(r.output().contains("drivelab --help"), r.output());
        assertFalse(r.output().contains("Exception"), r.output());
    }

    @Test
    void withoutGtkOnFedoraTheWindowAsksForTheDnfCommandForEveryMissingLibrary() throws Exception {
        Path system = system("ID=fedora");

        Result r = launch(system, Map.of("WAYLAND_DISPLAY", "wayland-0"));

        assertEquals(1, r.code(), r.output());
        assertTrue(r.output().contains("sudo dnf install gtk3 libXtst\n"), r.output());
    }

    @Test
    void withoutADisplayTheProgramPointsToTheCommandLineNotToGtk() throws Exception {
        Path system = system("ID=debian");

        Result r = launch(system, Map.of());

        assertEquals(1, r.code(), r.output());
        assertTrue(r.output().contains("drivelab --help"), r.output());
        assertFalse(r.output().contains("GTK"), r.output());
    }

    /** Found 2026-12-04 starting the installed window through `su` on another user's display: a stack trace. */
    @Test
    void aDisplayThatCannotBeOpenedIsSaidWithoutAStackTrace() throws Exception {
        Path system = system("ID=debian", "libgtk-3.so.0", "libXtst.so.6");

        Result r = launch(system, Map.of("DISPLAY", ":987"));

        assertEquals(1, r.code(), r.output());
        assertTrue(r.output().contains("drivelab: cannot open the display :987: no X server answers there"),
                r.output());
        assertTrue(r.output().contains("drivelab --help"), r.output());
        assertFalse(r.output().contains("Exception"), r.output());
    }

    @Test
    void theCommandLineRunsWithoutGtk() throws Exception {
        Path system = system("ID=debian");

        Result r = launch(system, Map.of("DISPLAY", ":99"), "--version");

        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().startsWith("drivelab "), r.output());
    }

    @Test
    void theEngineNextToTheLauncherIsUsedRatherThanACopyInTheUsersCache() throws Exception {
        Path engine = Path.of("target", "drivelab-engine").toAbsolutePath();
        Assumptions.assumeTrue(Files.isExecutable(engine), "no engine built at " + engine);
        Files.createSymbolicLink(launcher.resolveSibling("drivelab-engine"), engine);
        Path cache = tmp.resolve("cache");

        Result r = launch(system("ID=debian"), Map.of("XDG_CACHE_HOME", cache.toString()), "version");

        assertEquals(0, r.code(), r.output());
        assertTrue(r.output().contains("drivelab-engine "), r.output());
        assertFalse(Files.exists(cache.resolve("drivelab")), "the engine was extracted into " + cache);
    }

    @Test
    void aShortCommandStartsWithTheClassDataArchiveAndTheQuickCompilerOnly() throws Exception {
        Path archive = launcher.resolveSibling("drivelab.jsa");
        Files.writeString(archive, "an archive");
        Map<String, String> flags = Map.of("DRIVELAB_JAVA_OPTS", "-XX:+PrintCommandLineFlags");

        Result command = launch(system("ID=debian"), flags, "--version");
        Result run = launch(system("ID=debian"), flags, "run", "--help");

        assertEquals(0, command.code(), command.output());
        assertTrue(command.output().contains("-XX:SharedArchiveFile=" + archive), command.output());
        assertTrue(command.output().contains("-XX:ArchiveRelocationMode=0"), "mapped, not moved: " + command.output());
        assertTrue(command.output().contains("-XX:TieredStopAtLevel=1"), command.output());
        assertEquals(0, run.code(), run.output());
        assertFalse(run.output().contains("TieredStopAtLevel"), "a run keeps both compilers: " + run.output());
    }

    @Test
    void theWindowStartsWithTheQuickCompilerOnlyOnOneThread() throws Exception {
        // No display here: the program says so and ends, after the JVM printed the flags it was started with.
        Result window = launch(system("ID=debian"), Map.of("DRIVELAB_JAVA_OPTS", "-XX:+PrintCommandLineFlags"));
        Result command = launch(system("ID=debian"), Map.of("DRIVELAB_JAVA_OPTS", "-XX:+PrintCommandLineFlags"),
                "--version");

        assertTrue(window.output().contains("no display"), window.output());
        assertTrue(window.output().contains("-XX:TieredStopAtLevel=1"), "the window: " + window.output());
        assertTrue(window.output().contains("-XX:CICompilerCount=1"), "the window: " + window.output());
        assertFalse(command.output().contains("-XX:CICompilerCount=1"), "a command: " + command.output());
    }

    @Test
    void theWindowsThreadPrioritiesBecomeNiceValuesAndACommandsDoNot() throws Exception {
        Result window = launch(system("ID=debian"), Map.of("DRIVELAB_PRINT_JAVA_OPTIONS", "1"));
        Result command = launch(system("ID=debian"), Map.of("DRIVELAB_JAVA_OPTS", "-XX:+PrintCommandLineFlags"),
                "--version");

        assertTrue(window.output().lines().anyMatch("-XX:ThreadPriorityPolicy=1"::equals), window.output());
        // none raised, root's JVM threads (GC, compiler: Java's priority 9) included
        for (int priority = 6; priority <= 10; priority++) {
            String flag = "-XX:JavaPriority" + priority + "_To_OSPriority=0";
            assertTrue(window.output().lines().anyMatch(flag::equals), flag + " in " + window.output());
        }
        assertFalse(command.output().contains("ThreadPriorityPolicy"), "a command: " + command.output());
    }

    /** The JVM warns a user that it may not raise priorities; the window raises none, so the user is not told. */
    @Test
    void aUserStartingTheWindowIsNotWarnedAboutPrioritiesItNeverRaises() throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "becoming another user needs root");
        Path system = system("ID=debian");
        for (Path p = launcher; p.startsWith(tmp); p = p.getParent()) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        List<String> asNobody = List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                launcher.toString());

        Result window = run(asNobody, Map.of("DRIVELAB_SYSROOT", system.toString(),
                "DRIVELAB_JAVA_OPTS", "-XX:+PrintCommandLineFlags"));

        assertTrue(window.output().contains("-XX:ThreadPriorityPolicy=1"), window.output());
        assertTrue(window.output().contains("no display"), window.output());
        assertFalse(window.output().contains("warning"), window.output());
    }

    @Test
    void theWindowsHeapIsTouchedAtStartInHugePagesWhereTheKernelGivesThem() throws Exception {
        Path system = withHugePages(system("ID=debian"), "always [madvise] never");
        Map<String, String> flags = Map.of("DRIVELAB_JAVA_OPTS", "-XX:+PrintCommandLineFlags");

        Result window = launch(system, flags);
        Result command = launch(system, flags, "--version");

        assertTrue(window.output().contains("no display"), window.output());
        for (String flag : List.of("-XX:InitialHeapSize=134217728", "-XX:+AlwaysPreTouch",
                "-XX:+UseTransparentHugePages")) {
            assertTrue(window.output().contains(flag), "the window: " + flag + " in " + window.output());
            assertFalse(command.output().contains(flag), "a command: " + flag + " in " + command.output());
        }
    }

    @Test
    void theWindowsHeapIsNotTouchedAtStartWhereTheKernelGivesNoHugePages() throws Exception {
        Path system = withHugePages(system("ID=debian"), "always madvise [never]");

        Result window = launch(system, Map.of("DRIVELAB_PRINT_JAVA_OPTIONS", "1"));

        assertEquals(0, window.code(), window.output());
        assertTrue(window.output().contains("-XX:CICompilerCount=1"), window.output());
        assertFalse(window.output().contains("AlwaysPreTouch"), window.output());
        assertFalse(window.output().contains("TransparentHugePages"), window.output());
    }

    @Test
    void anArchiveTheJvmCannotUseIsIgnoredWithoutAWord() throws Exception {
        Path built = Path.of("target", "drivelab.jsa");
        Assumptions.assumeTrue(Files.isRegularFile(built), "no archive built at " + built.toAbsolutePath());
        Result without = launch(system("ID=debian"), Map.of(), "--version");
        // made with other jars (the JVM said so on stdout, before the command's own output)
        Files.copy(built, launcher.resolveSibling("drivelab.jsa"));

        Result with = launch(system("ID=debian"), Map.of(), "--version");

        assertEquals(0, with.code(), with.output());
        assertEquals(without.output(), with.output());
    }

    /** The package's case: no archive beside the launcher (it would name the build's paths), the classes' names. */
    @Test
    void aLauncherWithTheClassNamesMakesItsArchiveInTheUsersCacheAtTheFirstStartAndMapsTheNextFromIt()
            throws Exception {
        Path names = Path.of("target", "drivelab.classlist");
        Path jar = Path.of("target", "drivelab.jar").toAbsolutePath();
        Assumptions.assumeTrue(Files.isRegularFile(names) && Files.isRegularFile(jar), "mvn package first");
        // An archive takes jars only: the built jar rather than the classes folder.
        Files.delete(launcher.resolveSibling("drivelab.jar"));
        Files.createSymbolicLink(launcher.resolveSibling("drivelab.jar"), jar);
        Files.copy(names, launcher.resolveSibling("drivelab.classlist"));
        Path cache = tmp.resolve("cache");
        Path system = system("ID=debian");

        Result first = launch(system, Map.of("XDG_CACHE_HOME", cache.toString()), "--version");
        Path archive = madeIn(cache.resolve("drivelab"));
        Result next = launch(system, Map.of("XDG_CACHE_HOME", cache.toString(),
                "DRIVELAB_JAVA_OPTS", "-Xlog:class+load"), "--version");

        assertEquals(0, first.code(), first.output());
        assertTrue(first.output().startsWith("drivelab "), first.output());
        assertTrue(archive.getFileName().toString().matches("classes-\\d+\\.jsa"), archive.toString());
        assertTrue(next.output().contains("io.drivelab.Main source: shared objects file"), next.output());
    }

    /**
     * A dump that crashes (Java 17's did on a class list naming a lambda twice, 2026-12-04) leaves its report in the
     * cache: the JVM writes it in the working folder otherwise, which is wherever the user started DriveLab.
     */
    @Test
    void anArchiveDumpThatCrashesLeavesItsReportInTheCacheNotWhereTheUserStartedDriveLab() throws Exception {
        Path names = Path.of("target", "drivelab.classlist");
        Path jar = Path.of("target", "drivelab.jar").toAbsolutePath();
        Assumptions.assumeTrue(Files.isRegularFile(names) && Files.isRegularFile(jar), "mvn package first");
        Files.delete(launcher.resolveSibling("drivelab.jar"));
        Files.createSymbolicLink(launcher.resolveSibling("drivelab.jar"), jar);
        String list = Files.readString(names);
        Files.writeString(launcher.resolveSibling("drivelab.classlist"), list + list);
        Path cache = tmp.resolve("cache");
        Path where = Files.createDirectories(tmp.resolve("where-the-user-is"));

        Result first = launchIn(where, system("ID=debian"), Map.of("XDG_CACHE_HOME", cache.toString()), "--version");
        Path ended = dumpEndedIn(cache.resolve("drivelab"));

        assertEquals(0, first.code(), first.output());
        Assumptions.assumeTrue(ended.getFileName().toString().startsWith("archive-crash-"),
                "this Java made an archive of the doubled class list: " + ended);
        try (var left = Files.list(where)) {
            assertEquals(List.of(), left.toList());
        }
    }

    /** The archive the launcher makes in the background, once it is there (two minutes at most). */
    private static Path madeIn(Path folder) throws Exception {
        return firstIn(folder, name -> name.endsWith(".jsa"));
    }

    /** The archive, or the report of a dump that crashed, once its dump has ended (two minutes at most). */
    private static Path dumpEndedIn(Path folder) throws Exception {
        // the dump writes into classes-KEY.jsa.PID, removed when it ends
        return firstIn(folder, name -> name.endsWith(".jsa") || name.startsWith("archive-crash-")
                && !partialIn(folder));
    }

    private static boolean partialIn(Path folder) {
        try (var files = Files.list(folder)) {
            return files.anyMatch(f -> f.getFileName().toString().matches("classes-\\d+\\.jsa\\..+"));
        } catch (IOException e) {
            return true;
        }
    }

    private static Path firstIn(Path folder, java.util.function.Predicate<String> named) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            if (Files.isDirectory(folder)) {
                try (var files = Files.list(folder)) {
                    var made = files.filter(f -> named.test(f.getFileName().toString())).findFirst();
                    if (made.isPresent()) {
                        return made.get();
                    }
                }
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        throw new AssertionError("nothing made in " + folder + " two minutes after the first start");
    }

    /** {@code system} with this transparent huge page setting (the kernel's sysfs file, as it reads). */
    private static Path withHugePages(Path system, String enabled) throws IOException {
        Path thp = Files.createDirectories(system.resolve("sys/kernel/mm/transparent_hugepage"));
        Files.writeString(thp.resolve("enabled"), enabled + "\n");
        return system;
    }

    /** A made-up system with this os-release ID line and copies of these libraries of this machine. */
    private Path system(String osReleaseId, String... libraries) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(LDCONFIG), "no " + LDCONFIG + " here");
        Path root = tmp.resolve("system");
        Path lib = Files.createDirectories(root.resolve("lib"));
        Files.createDirectories(root.resolve("etc"));
        String cache = run(List.of(LDCONFIG.toString(), "-p"), Map.of()).output();
        for (String library : libraries) {
            Matcher m = Pattern.compile("^\\s*" + Pattern.quote(library) + " \\(.*x86-64.*\\) => (\\S+)$",
                    Pattern.MULTILINE).matcher(cache);
            Assumptions.assumeTrue(m.find(), library + " is not installed here");
            Files.copy(Path.of(m.group(1)), lib.resolve(library), StandardCopyOption.COPY_ATTRIBUTES);
        }
        Files.writeString(root.resolve("etc/ld.so.conf"), "/lib\n");
        Files.writeString(root.resolve("etc/os-release"), osReleaseId + "\n");
        Result built = run(List.of(LDCONFIG.toString(), "-r", root.toString()), Map.of());
        assertEquals(0, built.code(), built.output());
        return root;
    }

    private Result launch(Path system, Map<String, String> env, String... args) throws Exception {
        return launchIn(null, system, env, args);
    }

    /** The launcher started in {@code folder} (null: this test's). */
    private Result launchIn(Path folder, Path system, Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        Map<String, String> all = new java.util.HashMap<>(env);
        all.put("DRIVELAB_SYSROOT", system.toString());
        all.put("DRIVELAB_DB", tmp.resolve("drivelab.db").toString());
        return run(folder, command, all);
    }

    private Result run(List<String> command, Map<String, String> env) throws Exception {
        return run(null, command, env);
    }

    /** Runs with only PATH, HOME and {@code env} set, as on a user's fresh login; output and errors together. */
    private Result run(Path folder, List<String> command, Map<String, String> env) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        if (folder != null) {
            builder.directory(folder.toFile());
        }
        builder.environment().clear();
        builder.environment().put("PATH", "/usr/local/bin:/usr/bin:/bin");
        builder.environment().put("HOME", tmp.toString());
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "still running: " + command);
        return new Result(process.exitValue(), output);
    }

    private record Result(int code, String output) {
    }
}
