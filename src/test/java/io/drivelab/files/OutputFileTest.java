package io.drivelab.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one writer of DriveLab's files: regular files and new names only, nothing deleted, replaced in one step. */
class OutputFileTest {
    @TempDir
    Path dir;

    @Test
    void writesANewFile() throws IOException {
        Path file = dir.resolve("run.csv");

        OutputFile.at(file).writeString("a,b\n");

        assertEquals("a,b\n", Files.readString(file));
        assertEquals(List.of("run.csv"), names(dir));
    }

    @Test
    void replacesARegularFileInOneStepKeepingItsPermissions() throws IOException {
        Path file = dir.resolve("run.csv");
        Files.writeString(file, "old and longer\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));

        OutputFile.at(file).writeString("new\n");

        assertEquals("new\n", Files.readString(file));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(List.of("run.csv"), names(dir), "the temporary file stayed behind");
    }

    @Test
    void aReplacedFileKeepsItsOwnerWhenRootWritesIt() throws IOException {
        Assumptions.assumeTrue(((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0,
                "giving a file to another user needs root; CI runs the tests as root");
        Path file = Files.writeString(dir.resolve("report.png"), "old");
        Files.setAttribute(file, "unix:uid", 65534);
        Files.setAttribute(file, "unix:gid", 65534);

        OutputFile.at(file).writeString("new");

        assertEquals(65534, Files.getAttribute(file, "unix:uid"));
        assertEquals(65534, Files.getAttribute(file, "unix:gid"));
        assertEquals("new", Files.readString(file));
    }

    @Test
    void aCharacterDeviceIsRefusedSayingWhatItIsAndIsLeftAsItWas() throws IOException {
        Path full = Path.of("/dev/full");
        Assumptions.assumeTrue(Files.exists(full), "no /dev/full here");
        Map<String, Object> before = Files.readAttributes(full, "unix:mode,rdev,ino", LinkOption.NOFOLLOW_LINKS);

        OutputFileException e = assertThrows(OutputFileException.class,
                () -> OutputFile.at(full).writeString("x"));

        assertTrue(e.refused());
        assertEquals("/dev/full is a character device, not a file: choose a file path", e.getMessage());
        assertEquals(before, Files.readAttributes(full, "unix:mode,rdev,ino", LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void aFolderIsRefusedAndLeftAsItWas() throws IOException {
        Path folder = Files.createDirectory(dir.resolve("reports"));

        OutputFileException e = assertThrows(OutputFileException.class,
                () -> OutputFile.at(folder).writeString("x"));

        assertEquals(folder + " is a folder, not a file: choose a file path", e.getMessage());
        assertTrue(Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS));
        assertEquals(List.of(), names(folder));
        assertEquals(List.of("reports"), names(dir));
    }

    @Test
    void aNamedPipeIsRefusedWithoutWaitingForAReader() throws Exception {
        Path fifo = dir.resolve("pipe");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        Assumptions.assumeTrue(p.waitFor() == 0, "mkfifo is not available");

        OutputFileException e = assertThrows(OutputFileException.class, () -> OutputFile.at(fifo).writeString("x"));

        assertEquals(fifo + " is a named pipe (FIFO), not a file: choose a file path", e.getMessage());
        assertEquals(List.of("pipe"), names(dir));
    }

    @Test
    void aLinkToADeviceIsRefusedNamingWhereItLeads() throws IOException {
        Assumptions.assumeTrue(Files.exists(Path.of("/dev/null")), "no /dev/null here");
        Path link = Files.createSymbolicLink(dir.resolve("out.csv"), Path.of("/dev/null"));

        OutputFileException e = assertThrows(OutputFileException.class, () -> OutputFile.at(link).writeString("x"));

        assertEquals(link + " is a link to /dev/null, a character device, not a file: choose a file path",
                e.getMessage());
        assertTrue(Files.isSymbolicLink(link));
    }

    @Test
    void aLinkToAFileWritesTheFileAndKeepsTheLink() throws IOException {
        Path real = Files.writeString(dir.resolve("real.csv"), "old\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), real);

        OutputFile.at(link).writeString("new\n");

        assertTrue(Files.isSymbolicLink(link));
        assertEquals("new\n", Files.readString(real));
    }

    @Test
    void aDanglingLinkIsRefused() throws IOException {
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), dir.resolve("gone/x.csv"));

        OutputFileException e = assertThrows(OutputFileException.class, () -> OutputFile.at(link).writeString("x"));

        assertTrue(e.getMessage().startsWith(link + " is a link to "), e.getMessage());
        assertTrue(e.getMessage().endsWith("which does not exist: choose a file path"), e.getMessage());
    }

    @Test
    void anEmptyPathIsRefusedSayingSo() {
        OutputFileException e = assertThrows(OutputFileException.class,
                () -> OutputFile.at(Path.of("")).writeString("x"));

        assertEquals("no file name was given: choose a file path", e.getMessage());
    }

    @Test
    void aMissingFolderIsNamedUnlessFoldersAreCreated() throws IOException {
        Path file = dir.resolve("new/sub/report.png");

        OutputFileException e = assertThrows(OutputFileException.class, () -> OutputFile.at(file).writeString("x"));
        assertEquals("cannot write " + file + ": its folder does not exist", e.getMessage());
        assertFalse(e.refused());

        OutputFile.at(file).creatingFolders().writeString("x");
        assertEquals("x", Files.readString(file));
    }

    @Test
    void aWriteThatFailsHalfwayLeavesTheOldFileWholeAndNoTemporaryFile() throws IOException {
        Path file = Files.writeString(dir.resolve("plan.json"), "{\"old\": true}\n");

        OutputFileException e = assertThrows(OutputFileException.class, () -> OutputFile.at(file).write(out -> {
            out.write("{\"new\"".getBytes());
            throw new IOException("No space left on device");
        }));

        assertEquals("cannot write " + file + ": No space left on device", e.getMessage());
        assertEquals("{\"old\": true}\n", Files.readString(file));
        assertEquals(List.of("plan.json"), names(dir));
    }

    @Test
    void aFolderForChartsIsCreatedOrTakenAsItIs() throws IOException {
        Path charts = dir.resolve("charts");

        assertEquals(charts, OutputFile.folder(charts));
        assertTrue(Files.isDirectory(charts));
        assertEquals(charts, OutputFile.folder(charts));
    }

    @Test
    void aFileOrADeviceIsNotAFolderForCharts() throws IOException {
        Path file = Files.writeString(dir.resolve("charts"), "mine");

        OutputFileException e = assertThrows(OutputFileException.class, () -> OutputFile.folder(file));

        assertEquals(file + " is a file, not a folder: choose a folder", e.getMessage());
        assertEquals("mine", Files.readString(file));
        assertThrows(OutputFileException.class, () -> OutputFile.folder(Path.of("/dev/full")));
    }

    private static List<String> names(Path folder) throws IOException {
        try (var s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
