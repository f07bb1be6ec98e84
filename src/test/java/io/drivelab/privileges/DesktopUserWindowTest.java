package io.drivelab.privileges;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

import io.drivelab.IntegrationTest;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;

/**
 * The desktop user's path for real, in the window: the GUI runs as a user outside group disk ({@link DesktopUser}), in
 * a JVM of theirs on headless Monocle ({@link WindowAsUser}), and runs the quick preset on a loop device that only
 * root and group disk may open, through the real pkexec, polkitd and system bus. Needs root and the daemons (.ci/run
 * starts them); skips, saying why, elsewhere.
 */
@IntegrationTest
@Timeout(value = 600, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DesktopUserWindowTest {
    private static DesktopUser user;
    private static String classPath;

    @BeforeAll
    static void setUp() throws Exception {
        // the quick preset works in the first 1 GiB
        user = DesktopUser.create("desktop-window", "dlgui", 1L << 30);
        classPath = readableClassPath(user.dir().resolve("classpath"));
    }

    @AfterAll
    static void tearDown() throws Exception {
        if (user != null) {
            user.close();
        }
    }

    @Test
    @Order(1)
    void theWindowRunsAPlanOnADriveAfterOneAuthorization() throws Exception {
        long checksBefore = user.authorizationChecks();
        Path db = user.dir().resolve("ok.db");

        DesktopUser.Result r = window(db);

        assertEquals(0, r.code(), r.output());
        try (Store store = Store.open(db)) {
            assertEquals(1, store.listRuns().size(), r.output());
            List<StoredPoint> points = store.listPoints(store.listRuns().get(0).id());
            assertEquals(16, points.size(), r.output());
            assertTrue(points.stream().allMatch(p -> p.point().status() == PointStatus.COMPLETE), r.output());
        }
        assertEquals(1, user.authorizationChecks() - checksBefore, "authorization checks for one run");
    }

    @Test
    @Order(2)
    void aRefusedAuthorizationIsSaidInTheWindowAndFilesNoRun() throws Exception {
        user.allow(false);
        Path db = user.dir().resolve("refused.db");

        DesktopUser.Result r = window(db);

        assertEquals(1, r.code(), r.output());
        assertTrue(r.output().lines().anyMatch(l -> l.startsWith("error: ") && l.contains("authorization was refused")),
                r.output());
        try (Store store = Store.open(db)) {
            assertEquals(List.of(), store.listRuns(), "no run is filed");
        }
    }

    /** The window as the user, on the loop device, with {@code db} as the results database. */
    private static DesktopUser.Result window(Path db) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        // headless Monocle, as this JVM runs it
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("-Dtestfx.") || a.startsWith("-Dglass.") || a.startsWith("-Dmonocle.")
                        || a.startsWith("-Dprism.") || a.startsWith("-Djava.awt.headless"))
                .forEach(command::add);
        // Java takes its home from the password database, and this user has none there: JavaFX's cache goes in
        // the user's folder; a loaded machine may take longer than TestFX's 10 s to show the window
        command.addAll(List.of("-Duser.home=" + user.dir(), "-Dtestfx.launch.timeout=120000", "-Dtestfx.setup.timeout=120000",
                "-cp", classPath, WindowAsUser.class.getName(), user.dir().toString(), db.toString(),
                user.loop()));
        return user.asUser("", command.toArray(String[]::new));
    }

    /** This JVM's class path copied where the user may read it (Maven's repository is in root's home). */
    private static String readableClassPath(Path into) throws Exception {
        Files.createDirectories(into);
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path from = Path.of(entry).toAbsolutePath();
            if (!Files.exists(from)) {
                continue;
            }
            Path to = into.resolve(entries.size() + "-" + from.getFileName());
            if (Files.isDirectory(from)) {
                DesktopUser.asRoot("cp", "-r", from.toString(), to.toString());
            } else {
                Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES);
            }
            entries.add(to.toString());
        }
        DesktopUser.asRoot("chmod", "-R", "a+rX", into.toString());
        return String.join(File.pathSeparator, entries);
    }
}
