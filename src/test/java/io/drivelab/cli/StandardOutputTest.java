package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.drivelab.IntegrationTest;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Output that could not be written is a failure: a real drivelab process whose stdout is /dev/full. */
@IntegrationTest
@Timeout(120)
class StandardOutputTest {
    @TempDir
    Path dir;

    @Test
    void anExportToAFullStdoutExits1SayingWhy() throws Exception {
        Assumptions.assumeTrue(Files.exists(Path.of("/dev/full")), "no /dev/full here");
        Path db = dir.resolve("d.db");
        long run = StoredRuns.completeRun(db);

        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.drivelab.Main", "export", String.valueOf(run),
                "--db", db.toString()))
                .redirectOutput(new File("/dev/full")).start();
        p.getOutputStream().close();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        Assumptions.assumeTrue(p.waitFor(60, TimeUnit.SECONDS));

        assertEquals(1, p.exitValue(), err);
        assertEquals("drivelab: cannot write the output: No space left on device\n", err);
    }

    @Test
    void aReaderThatStopsReadingEndsTheCommandQuietlyAsSigpipeWould() throws Exception {
        // `drivelab reference | head -1`: the table is 78 KB, more than a pipe holds
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.drivelab.Main", "reference", "--db",
                dir.resolve("r.db").toString())).start();
        p.getOutputStream().close();
        byte[] first = p.getInputStream().readNBytes(100);
        p.getInputStream().close();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        Assumptions.assumeTrue(p.waitFor(60, TimeUnit.SECONDS));

        assertEquals(100, first.length);
        assertEquals("", err, "no message: the reader chose to stop");
        assertEquals(141, p.exitValue(), "a shell's status for a command ended by SIGPIPE");
    }

    @Test
    void outputThatWasWrittenIsNoFailure() {
        Cli.Result r = Cli.run("presets");

        assertEquals(0, r.exitCode(), r.toString());
    }
}
