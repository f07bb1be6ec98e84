package io.drivelab.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.drivelab.store.Store;

/** What import-fio refuses before it reads a file whole, and the messages that name the file and the job. */
@Timeout(30)
class FioImportInputTest {
    @TempDir
    Path dir;

    /** The import's refusal; nothing was stored. */
    private FioImportException refused(Path file) {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            FioImportException e = assertThrows(FioImportException.class,
                    () -> FioImport.importFiles(store, List.of(file), "Lab SSD"));
            assertEquals(List.of(), store.listRuns(), "a refused import stored a run");
            return e;
        }
    }

    @Test
    void anEndlessDeviceIsRefusedWithoutReadingIt() {
        Assumptions.assumeTrue(Files.exists(Path.of("/dev/zero")), "no /dev/zero here");

        assertEquals("/dev/zero is a character device, not a fio JSON output file",
                refused(Path.of("/dev/zero")).getMessage());
    }

    @Test
    void aFileOverTheLimitIsRefusedNamingTheLimitAndTheFile() throws Exception {
        Path big = dir.resolve("big.json");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(FioImport.MAX_FILE_BYTES + 1);
        }

        assertEquals(big + " is larger than the limit of 67,108,864 bytes (64 MiB) for a fio JSON output file "
                + "(it holds 67,108,865 bytes); is it the right file?", refused(big).getMessage());
    }

    @Test
    void randomBytesAreNamedAsNotTextWithTheFirstBadByte() throws Exception {
        Path noise = dir.resolve("noise.json");
        byte[] bytes = new byte[4096];
        new Random(3).nextBytes(bytes);
        bytes[0] = '{';
        bytes[1] = (byte) 0xff;
        Files.write(noise, bytes);

        String message = refused(noise).getMessage();

        assertEquals(noise + " is not text (UTF-8): byte 1 (0xff) is not valid; is it a fio JSON output file?",
                message);
    }

    @Test
    void aJobRepeatedThousandsOfTimesIsNamedWithItsFileAndCount() throws Exception {
        StringBuilder jobs = new StringBuilder();
        for (int i = 0; i < 2000; i++) {
            jobs.append(i == 0 ? "" : ",").append("{\"jobname\":\"rr\",\"groupid\":0,\"job options\":"
                    + "{\"rw\":\"randread\",\"bs\":\"4k\"},\"read\":{\"runtime\":1000},\"write\":{}}");
        }
        Path file = Files.writeString(dir.resolve("dup.json"),
                "{\"fio version\":\"fio-3.36\",\"jobs\":[" + jobs + "]}");

        String message = refused(file).getMessage();

        assertTrue(message.startsWith(file + ": job \"rr\" has 2000 entries (threads of the same name, or the job "
                + "repeated) with iodepth 1 and numjobs 2000: 2000 "), message);
    }
}
