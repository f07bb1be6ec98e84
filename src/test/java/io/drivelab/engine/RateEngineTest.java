package io.drivelab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.IntegrationTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The engine's {@code --rate} and {@code --rate_iops} on a test file (docs/engine.md, "Sustained rates"). */
@IntegrationTest
@Timeout(60)
class RateEngineTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final AtomicReference<StartEvent> start = new AtomicReference<>();
    private final List<IntervalEvent> intervals = java.util.Collections.synchronizedList(new ArrayList<>());

    /** Runs a 4k random read of the test file with {@code options}; the result and its "rate" object. */
    private ResultEvent run(String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("--filename=" + dir.resolve("rate.img"), "--size=64m",
                "--rw=randread", "--bs=4k", "--status-interval=1000"));
        args.addAll(List.of(options));
        try (EngineProcess process = EngineProcess.start(RawEngine.binary(), args, new EngineListener() {
            @Override
            public void onStart(StartEvent event) {
                start.set(event);
            }

            @Override
            public void onInterval(IntervalEvent event) {
                intervals.add(event);
            }
        })) {
            return process.awaitResult();
        }
    }

    private static JsonNode rate(ResultEvent result) throws Exception {
        return JSON.readTree(result.rawJson()).path("rate");
    }

    @Test
    void rateIopsHoldsFiveThousandIopsWithinTwoPercent() throws Exception {
        // through the page cache with a deep queue, so that the engine's pacing is measured, not a shared disk's
        // stalls (a stall in the last moments leaves a deficit no schedule can make up)
        ResultEvent result = run("--rate_iops=5000", "--runtime=5", "--iodepth=32", "--direct=0");

        assertEquals(5000, result.read().iops(), 5000 * 0.02, result.rawJson());
        JsonNode rate = rate(result);
        assertEquals(5000, rate.path("target_iops").asDouble());
        assertEquals(5000, start.get().options().rateIops(), "the start line echoes the rate");
        assertEquals(result.read().iops() / 50, rate.path("achieved_pct").asDouble(), 0.01);
        assertTrue(rate.path("behind_ms").asDouble() >= 0);
        // measured from when each I/O was due, latency is never below the one from its submission
        JsonNode sched = rate.path("read_sched_lat_ns");
        assertEquals(result.read().ios(), sched.path("ios").asLong());
        assertTrue(sched.path("mean").asDouble() >= result.read().lat().mean(), rate.toString());
        assertTrue(sched.path("percentiles").path("99").asLong() > 0, rate.toString());
    }

    @Test
    void rateInBytesPerSecondHoldsItsTargetWithinTwoPercent() throws Exception {
        ResultEvent result = run("--rate=20m", "--runtime=5", "--iodepth=32", "--direct=0");

        assertEquals(20 << 20, result.read().bwBytes(), (20 << 20) * 0.02, result.rawJson());
        JsonNode rate = rate(result);
        assertEquals(20 << 20, rate.path("target_bytes").asDouble());
        assertEquals(20 << 20, start.get().options().rateBytes());
        assertEquals(100, rate.path("achieved_pct").asDouble(), 2, rate.toString());
    }

    @Test
    void aRateTheDriveCannotKeepIsReportedAsBehindAndIssuedAsFastAsItCan() throws Exception {
        ResultEvent result = run("--rate_iops=100000000", "--runtime=2", "--iodepth=4");

        JsonNode rate = rate(result);
        assertTrue(result.read().iops() > 0);
        assertTrue(rate.path("achieved_pct").asDouble() < 10, rate.toString());
        // behind from the first millisecond to the end of the measured time
        assertTrue(rate.path("behind_ms").asDouble() > 1900, rate.toString());
        assertTrue(rate.path("behind_ms").asDouble() <= result.runtimeMs() + 1, rate.toString());
    }

    @Test
    void aRunWithoutARateHasNoRateFigures() throws Exception {
        ResultEvent result = run("--runtime=1");

        assertTrue(rate(result).isMissingNode(), result.rawJson());
        assertFalse(intervals.isEmpty());
        assertTrue(intervals.stream().allMatch(i -> i.rate() == null), "no rate on the interval lines either");
    }

    @Test
    void intervalLinesCarryTheTargetAndTheShareAchievedSoFar() throws Exception {
        run("--rate_iops=2000", "--numjobs=2", "--runtime=2", "--ramp_time=1", "--iodepth=8", "--direct=0");

        assertTrue(intervals.size() >= 3, "a ramp interval and two measured ones: " + intervals);
        for (IntervalEvent i : intervals) {
            assertNotNull(i.rate(), "interval at " + i.tMs() + " ms has no rate");
            assertEquals(4000, i.rate().target(), "every job's rate together");
            assertTrue(i.rate().iops());
            assertTrue(i.rate().achievedPct() > 0, i.toString());
        }
    }

    @Test
    void aZeroRateIsRefusedByName() throws Exception {
        Process p = new ProcessBuilder(RawEngine.binary().toString(), "--filename=" + dir.resolve("x.img"),
                "--rate_iops=0").start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                + new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

        assertEquals(2, p.waitFor(), out);
        assertTrue(out.contains("--rate_iops=0 is not a number of I/Os per second"), out);
        assertFalse(dir.resolve("x.img").toFile().exists(), "refused before anything is created");
    }
}
