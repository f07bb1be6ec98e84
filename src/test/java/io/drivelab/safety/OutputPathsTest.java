package io.drivelab.safety;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.drivelab.cli.Cli;
import io.drivelab.cli.StoredRuns;

/**
 * Every file the command line writes (export, export-fio, fio-job, report and its charts) refuses a device, a folder
 * or a link to one, exits 2 naming what the path is, and leaves it exactly as it was.
 */
@IntegrationTest
@Timeout(120)
class OutputPathsTest {
    @TempDir
    Path dir;
    String db;
    String run;

    @BeforeEach
    void storedRun() {
        db = dir.resolve("d.db").toString();
        run = String.valueOf(StoredRuns.completeRun(Path.of(db)));
    }

    /** Each way the command line writes a file, to {@code path}. */
    private List<String[]> writesTo(Path path) {
        String p = path.toString();
        return List.of(
                new String[]{"export", run, "--db", db, "--format", "json", "--out", p},
                new String[]{"export", run, "--db", db, "--format", "csv", "--out", p},
                new String[]{"export-fio", run, "--db", db, "--out", p},
                new String[]{"fio-job", run, "--db", db, "--out", p},
                new String[]{"report", run, "--db", db, "--png", p});
    }

    @Test
    void aBlockDeviceHoldingAMountedFilesystemIsNeverWritten() throws Exception {
        try (Loop loop = Loop.attach(Path.of("/tmp/files-out-loop.img"), 64L << 20)
                .withMountedExt4(dir.resolve("mnt"))) {
            Loop.randomFile(loop.mountPoint().resolve("precious.bin"), 1 << 20, 7);
            Map<String, String> files = Loop.checksums(loop.mountPoint());
            // frozen, ext4 itself writes nothing (journal, lazy inode tables): any change to the bytes is ours
            Loop.check(Loop.exec("fsfreeze", "--freeze", loop.mountPoint().toString()));
            try {
                String device = Loop.sha256(loop.device);

                for (String[] args : writesTo(loop.device)) {
                    Cli.Result r = Cli.run(args);

                    assertEquals(2, r.exitCode(), r.toString());
                    assertEquals("drivelab: " + loop.device + " is a block device, not a file: choose a file "
                            + "path\n", r.err(), args[0]);
                }

                assertEquals(device, Loop.sha256(loop.device), "the device's bytes changed");
            } finally {
                Loop.exec("fsfreeze", "--unfreeze", loop.mountPoint().toString());
            }
            assertEquals(files, Loop.checksums(loop.mountPoint()));
            assertTrue(isNode(loop.device, 0060000), "the device node was replaced");
        }
    }

    @Test
    void aCharacterDeviceNodeKeepsItsTypeAndDeviceNumber() throws Exception {
        Path full = Path.of("/dev/full");
        Assumptions.assumeTrue(Files.exists(full), "no /dev/full here");
        Map<String, Object> before = Files.readAttributes(full, "unix:mode,rdev,ino", LinkOption.NOFOLLOW_LINKS);

        for (String[] args : writesTo(full)) {
            Cli.Result r = Cli.run(args);

            assertEquals(2, r.exitCode(), r.toString());
            assertEquals("drivelab: /dev/full is a character device, not a file: choose a file path\n", r.err(),
                    args[0]);
            assertEquals(before, Files.readAttributes(full, "unix:mode,rdev,ino", LinkOption.NOFOLLOW_LINKS));
        }
    }

    @Test
    void aFolderIsLeftAsItWasAndNamedAsAFolder() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("out"));

        for (String[] args : writesTo(folder)) {
            Cli.Result r = Cli.run(args);

            assertEquals(2, r.exitCode(), r.toString());
            assertEquals("drivelab: " + folder + " is a folder, not a file: choose a file path\n", r.err(), args[0]);
            assertTrue(Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS));
            try (var listing = Files.list(folder)) {
                assertEquals(0, listing.count());
            }
        }
    }

    @Test
    void aChartsFolderThatIsAFileIsRefusedNamingItAndTheFileIsKept() throws Exception {
        Path charts = Files.writeString(dir.resolve("charts"), "notes");
        Path png = dir.resolve("r.png");

        Cli.Result r = Cli.run("report", run, "--db", db, "--png", png.toString(), "--charts", charts.toString());

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains(charts + " is a file, not a folder: choose a folder"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        assertEquals("notes", Files.readString(charts));
    }

    private static boolean isNode(Path path, int type) throws IOException {
        int mode = (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
        return (mode & 0170000) == type;
    }
}
