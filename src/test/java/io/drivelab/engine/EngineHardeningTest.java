package io.drivelab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine against the inputs of issue 10 ("Engine hardening"): it never hangs, never ignores a stop, ends the
 * jobs it is given, reads numbers as people write them, keeps every line valid JSON, and refuses the kernel's
 * places in every mode.
 */
@IntegrationTest
@Timeout(60)
class EngineHardeningTest {
    @TempDir
    Path dir;

    private String file(String name) {
        return "--filename=" + dir.resolve(name);
    }

    private static RawEngine start(String... args) throws Exception {
        return RawEngine.start(List.of(args));
    }

    @Test
    void iodepthBeyondOneRingIsRefusedNamingTheMaximum() throws Exception {
        try (RawEngine engine = start(file("deep.img"), "--size=16m", "--rw=randread", "--iodepth=32769",
                "--runtime=5")) {
            assertEquals(2, engine.exitWithin(2, "the start"), "bad options");
            assertTrue(engine.line("error").get("message").asText().contains("1 to 32768"),
                    engine.stdoutText());
        }
    }

    @Test
    void theLargestRingRunsAndStopsOnSigterm() throws Exception {
        try (RawEngine engine = start(file("ring.img"), "--size=64m", "--rw=randread", "--iodepth=32768",
                "--bs=512", "--direct=0", "--runtime=30", "--status-interval=100")) {
            assertTrue(engine.awaitStartLine(20), engine.stderr());
            engine.awaitSignalHandlers();
            engine.sigterm();
            assertEquals(3, engine.exitWithin(2, "SIGTERM"), engine.stderr());
        }
    }

    @Test
    void sigtermDuringTheSetUpOfManyJobsEndsTheEngineAtOnce() throws Exception {
        // 1024 jobs x 1024 I/Os of 4 KiB: 4 GiB of buffers, seconds of set-up
        try (RawEngine engine = start(file("many.img"), "--size=64m", "--rw=randread", "--numjobs=1024",
                "--iodepth=1024", "--bs=4k", "--runtime=1")) {
            engine.awaitSignalHandlers();
            engine.sigterm();
            int code = engine.exitWithin(2, "SIGTERM during set-up");
            assertEquals(3, code, engine.stderr());
            assertTrue(engine.stderr().contains("stopped"), engine.stderr());
        }
    }

    @Test
    void runtimeMsIsTheMeasuredPeriodNotTheDrainOfDeepQueues() throws Exception {
        String target = file("drain.img");
        try (RawEngine layout = start(target, "--size=64m", "--rw=read", "--io_size=4k")) {
            assertEquals(0, layout.exitWithin(30, "laying out"), layout.stderr());
        }
        try (RawEngine engine = start(target, "--rw=randread", "--numjobs=16", "--iodepth=1024", "--bs=4k",
                "--runtime=1")) {
            assertTrue(engine.awaitStartLine(20), engine.stderr());
            long started = System.nanoTime();
            assertEquals(0, engine.exitWithin(20, "the start"), engine.stderr());
            double seconds = (System.nanoTime() - started) / 1e9;
            assertEquals(1000, engine.line("result").get("runtime_ms").asLong(), 1, engine.stdoutText());
            assertTrue(seconds < 1 + 2, "ended " + seconds + " s after its start line, runtime 1 s");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"--bs=4k --io_size=6k|6144|2", "--bs=1m --io_size=64k|65536|1",
        "--bssplit=8k/50:16k/50 --io_size=12k|12288|0"})
    void ioSizeThatIsNotAMultipleOfTheBlockEndsWithAShortLastIo(String spec) throws Exception {
        String[] parts = spec.split("\\|");
        String[] sizes = parts[0].split(" ");
        try (RawEngine engine = start(file("short.img"), "--size=4m", "--rw=read", sizes[0], sizes[1])) {
            assertEquals(0, engine.exitWithin(10, "the start"), engine.stderr());
            JsonNode read = engine.line("result").get("read");
            assertEquals(Long.parseLong(parts[1]), read.get("io_bytes").asLong(), engine.stdoutText());
            if (!parts[2].equals("0")) {
                assertEquals(Long.parseLong(parts[2]), read.get("ios").asLong());
            }
        }
    }

    @Test
    void ioSizeThatODirectCannotEndWithIsRefused() throws Exception {
        try (RawEngine engine = start(file("odd.img"), "--size=4m", "--rw=read", "--bs=4k", "--io_size=4100")) {
            assertEquals(2, engine.exitWithin(10, "the start"));
            assertTrue(engine.line("error").get("message").asText().contains("--io_size=4100"), engine.stdoutText());
        }
    }

    @Test
    void numbersAreDecimalOnly() throws Exception {
        try (RawEngine engine = start(file("dec.img"), "--size=1m", "--rw=read", "--iodepth=010", "--io_size=4k")) {
            assertEquals(0, engine.exitWithin(10, "the start"), engine.stderr());
            assertEquals(10, engine.line("start").get("options").get("iodepth").asInt());
        }
        try (RawEngine engine = start(file("hex.img"), "--size=1m", "--runtime=0x10")) {
            assertEquals(2, engine.exitWithin(10, "the start"));
            assertTrue(engine.line("error").get("message").asText().contains("--runtime=0x10"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"/dev", "/sys", "/proc", "/sys/kernel"})
    void checkpointsAreRefusedInTheKernelsPlaces(String place) throws Exception {
        Path planted = Path.of(place, "ckpt-001-001-rank0.pt");
        Assumptions.assumeFalse(Files.exists(planted), planted + " exists already");
        try (RawEngine engine = start("--rw=checkpoint", "--filename=" + place, "--checkpoint_size=1m",
                "--checkpoints=1", "--passes=1", "--numjobs=1")) {
            assertEquals(1, engine.exitWithin(10, "the start"), engine.stdoutText());
            JsonNode error = engine.line("error");
            assertEquals("place", error.get("op").asText(), error.toString());
        } finally {
            assertFalse(Files.exists(planted), "the engine created " + planted);
        }
    }

    @Test
    void pathsThatAreNotUtf8StayValidJsonAndRecoverable() throws Exception {
        // sh spells the byte 0xff, which no Java String can
        String script = "exec \"$ENGINE\" --filename=\"$(printf '%s/bad\\377.img' \"$1\")\" --size=1m --rw=read "
                + "--io_size=4k --name=\"$(printf 'n\\300\\257')\"";
        try (RawEngine engine = RawEngine.shell(script.replace("\"$1\"", "'" + dir + "'"))) {
            assertEquals(0, engine.exitWithin(10, "the start"), engine.stderr());
            JsonNode start = engine.line("start");
            assertEquals(dir + "/bad\udcff.img", start.get("filename").asText());
            assertEquals("n\udcc0\udcaf", start.get("options").get("name").asText());
            engine.line("result");
        }
        assertTrue(Files.list(dir).anyMatch(p -> p.getFileName().toString().startsWith("bad")), "file created");
    }

    @Test
    void aPathJavaCannotPassExactlyIsRefusedBeforeTheEngineStarts() {
        String misread = "--filename=" + dir.resolve("bad\uFFFD.img");
        EngineException e = assertThrows(EngineException.class,
                () -> EngineProcess.start(RawEngine.binary(), List.of(misread, "--size=1m"), EngineListener.NONE));
        assertTrue(e.getMessage().contains("not valid"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("bad\uFFFD.img")));
    }

    @Test
    void aDetachedLoopDeviceIsADeviceThatWentAway() throws Exception {
        try (TestLoop loop = TestLoop.attach(dir.resolve("gone.img"), 16L << 20)) {
            loop.resize(0);
            try (RawEngine engine = start("--filename=" + loop.device, "--rw=read", "--runtime=1")) {
                assertEquals(1, engine.exitWithin(10, "the start"));
                String message = engine.line("error").get("message").asText();
                assertTrue(message.contains("went away"), message);
            }
        }
    }

    @Test
    void aLoopDeviceThatLosesItsMediumMidRunSaysItWentAway() throws Exception {
        try (TestLoop loop = TestLoop.attach(dir.resolve("pulled.img"), 64L << 20)) {
            try (RawEngine engine = start("--filename=" + loop.device, "--rw=randread", "--runtime=20",
                    "--status-interval=100")) {
                assertTrue(engine.awaitStartLine(10), engine.stderr());
                loop.resize(0);
                assertEquals(1, engine.exitWithin(10, "the device lost its medium"), engine.stdoutText());
                String message = engine.line("error").get("message").asText();
                assertTrue(message.contains("went away"), message);
            }
        }
    }
}
