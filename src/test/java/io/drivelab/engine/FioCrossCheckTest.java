package io.drivelab.engine;

import io.drivelab.IntegrationTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The engine and fio on the same file with the same workload: the same bytes in the same number of I/Os, and the
 * same block-size mix. Speed is compared in bench/engine-vs-fio.py, not here: the suite must not flake.
 */
@IntegrationTest
@Timeout(120)
class FioCrossCheckTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static Path engine;

    @TempDir
    Path dir;

    @BeforeAll
    static void needFioAndEngine() {
        String path = System.getProperty(EngineBinary.PROPERTY);
        Assumptions.assumeTrue(path != null && Files.isExecutable(Path.of(path)), "the engine is not built");
        engine = Path.of(path);
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/fio")),
                "fio is not installed (apt-get install -y fio); CI installs it");
    }

    @ParameterizedTest
    @ValueSource(strings = {"read", "write", "randread", "randwrite"})
    void aFixedAmountMovesTheSameBytesInTheSameNumberOfIos(String rw) throws Exception {
        Path file = dir.resolve("cross.img");
        long ioSize = 8L << 20;
        ResultEvent ours = engine(List.of("--filename=" + file, "--size=16m", "--rw=" + rw, "--bs=4k",
                "--iodepth=8", "--io_size=" + ioSize));
        JsonNode theirs = fio(List.of("--filename=" + file, "--size=16m", "--rw=" + rw, "--bs=4k",
                "--iodepth=8", "--io_size=" + ioSize));

        String dir = rw.contains("read") ? "read" : "write";
        DirectionStats mine = rw.contains("read") ? ours.read() : ours.write();
        assertEquals(theirs.path(dir).path("io_bytes").asLong(), mine.ioBytes(), "bytes");
        assertEquals(theirs.path(dir).path("total_ios").asLong(), mine.ios(), "I/Os");
        assertEquals(ioSize, mine.ioBytes());
    }

    @Test
    void theSameBlockSizeMixGivesTheSameSizeDistribution() throws Exception {
        Path file = dir.resolve("mix.img");
        String mix = "4k/50:16k/30:64k/20";
        // expected mean block size 0.5*4k + 0.3*16k + 0.2*64k = 19.66 KiB
        double expected = 0.5 * 4096 + 0.3 * 16384 + 0.2 * 65536;
        ResultEvent ours = engine(List.of("--filename=" + file, "--size=64m", "--rw=randread", "--bssplit=" + mix,
                "--iodepth=16", "--runtime=2"));
        // fio's coverage map shrinks blocks that no longer fit between visited ones (the mean drops to ~11.7 KiB);
        // the engine, like fio with norandommap, draws offsets uniformly, so sizes follow the weights
        JsonNode theirs = fio(List.of("--filename=" + file, "--size=64m", "--rw=randread", "--bssplit=" + mix,
                "--iodepth=16", "--runtime=2", "--time_based", "--norandommap"));

        double ourMean = ours.read().meanBlockSize();
        double fioMean = theirs.path("read").path("io_bytes").asDouble() / theirs.path("read").path("total_ios").asDouble();
        // thousands of I/Os each: the means agree with the weights (and so each other) within a few percent
        assertTrue(ours.read().ios() > 2000, "too few I/Os to judge: " + ours.read().ios());
        assertEquals(expected, ourMean, expected * 0.05, "engine mean block size");
        assertEquals(expected, fioMean, expected * 0.05, "fio mean block size");
        assertEquals(fioMean, ourMean, expected * 0.07, "engine vs fio");
    }

    private ResultEvent engine(List<String> options) throws Exception {
        try (EngineProcess p = EngineProcess.start(engine, options, EngineListener.NONE)) {
            return p.awaitResult();
        }
    }

    private JsonNode fio(List<String> options) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("fio", "--name=crosscheck", "--ioengine=io_uring",
                "--direct=1", "--output-format=json"));
        command.addAll(options);
        Process fio = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(fio.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(fio.waitFor(60, TimeUnit.SECONDS), "fio did not finish");
        assertEquals(0, fio.exitValue(), out);
        return JSON.readTree(out.substring(out.indexOf('{'))).path("jobs").get(0);
    }
}
