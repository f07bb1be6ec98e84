package io.drivelab.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Text files DriveLab reads: regular files only, bounded, UTF-8. */
@Timeout(10)
class InputFileTest {
    @TempDir
    Path dir;

    @Test
    void aNamedPipeIsRefusedWithoutOpeningIt() throws Exception {
        Path fifo = dir.resolve("plan.json");
        Assumptions.assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "no mkfifo");

        InputFileException e = assertThrows(InputFileException.class,
                () -> InputFile.readText(fifo, 1 << 20, "a plan file"));

        assertEquals(fifo + " is a named pipe (FIFO), not a plan file", e.getMessage());
    }

    @Test
    void aLinkToADeviceIsRefusedAsTheDevice() throws Exception {
        Path link = Files.createSymbolicLink(dir.resolve("out.json"), Path.of("/dev/zero"));

        InputFileException e = assertThrows(InputFileException.class,
                () -> InputFile.readText(link, 1 << 20, "a fio JSON output file"));

        assertEquals("is a character device, not a fio JSON output file", e.reason());
    }

    @Test
    void aFileThatSaysItIsEmptyButIsNotIsStillBounded() {
        // /proc files report size 0: the limit holds while reading too
        Path status = Path.of("/proc/self/status");
        Assumptions.assumeTrue(Files.isReadable(status), "no /proc here");

        InputFileException e = assertThrows(InputFileException.class,
                () -> InputFile.readText(status, 16, "a plan file"));

        assertTrue(e.reason().startsWith("is larger than the limit of 16 bytes for a plan file;"),
                e.reason());
    }

    @Test
    void textIsReadWhole() throws Exception {
        Path plan = Files.writeString(dir.resolve("plan.json"), "{\"name\": \"µs\"}\n");

        assertEquals("{\"name\": \"µs\"}\n", InputFile.readText(plan, 1 << 20, "a plan file"));
    }
}
