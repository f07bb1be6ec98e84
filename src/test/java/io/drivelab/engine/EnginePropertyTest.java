package io.drivelab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random valid option sets (seeded: a failure names its case and reruns alike) against a loop device of the test's
 * own. Each run must end within its runtime + 2 s, print only valid JSON lines, and report the bytes the kernel
 * moved: the device's block-layer counters (/sys/block/loopN/stat, sectors read and written) are the reference.
 * Direct I/O only, so no page cache stands between the engine and the counters. A size-based run must match them
 * exactly; a time-based one may be short by the I/O still in flight when its runtime ended (completed outside the
 * measured period, not counted), never long.
 */
@IntegrationTest
@Timeout(120)
class EnginePropertyTest {
    private static final long SEED = 0x5eed_2026L;
    private static final int CASES = 20;
    private static final long DEVICE_BYTES = 64L << 20;

    @TempDir
    static Path dir;
    private static TestLoop loop;

    @BeforeAll
    static void attach() throws Exception {
        loop = TestLoop.attach(dir.resolve("property.img"), DEVICE_BYTES);
    }

    @AfterAll
    static void detach() throws Exception {
        if (loop != null) {
            loop.close();
        }
    }

    /** One random option set; {@code inFlight} bounds the bytes that may complete after a runtime ends. */
    record Case(int index, List<String> options, boolean timeBased, long inFlight) {
        @Override
        public String toString() {
            return "case " + index + ": " + String.join(" ", options);
        }
    }

    static List<Case> cases() {
        Random random = new Random(SEED);
        String[] rws = {"read", "write", "randread", "randwrite", "randrw", "rw"};
        String[] engines = {"io_uring", "libaio", "psync"};
        int[] sizes = {4096, 16384, 65536};
        int[] depths = {1, 2, 8, 32};
        List<Case> cases = new ArrayList<>();
        for (int i = 0; i < CASES; i++) {
            List<String> options = new ArrayList<>();
            options.add("--rw=" + rws[random.nextInt(rws.length)]);
            String engine = engines[random.nextInt(engines.length)];
            options.add("--ioengine=" + engine);
            int maxBs;
            if (random.nextInt(4) == 0) {
                options.add("--bssplit=4k/50:16k/30:64k/20");
                maxBs = 65536;
            } else {
                maxBs = sizes[random.nextInt(sizes.length)];
                options.add("--bs=" + maxBs);
            }
            int depth = depths[random.nextInt(depths.length)];
            int jobs = 1 + random.nextInt(3);
            options.add("--iodepth=" + depth);
            options.add("--numjobs=" + jobs);
            options.add("--rwmixread=" + (10 * random.nextInt(11)));
            options.add("--randseed=" + random.nextInt(1_000_000));
            boolean timeBased = random.nextBoolean();
            if (timeBased) {
                options.add("--runtime=1");
                options.add("--status-interval=" + (100 + 100 * random.nextInt(5)));
            } else {
                // whole sectors, often not a multiple of the block size: the last I/O is short
                options.add("--io_size=" + (512L * (1 + random.nextInt(8192))));
            }
            long inFlight = (long) jobs * (engine.equals("psync") ? 1 : depth) * maxBs;
            cases.add(new Case(i, List.copyOf(options), timeBased, inFlight));
        }
        return cases;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void endsInTimePrintsValidJsonAndReportsTheBytesTheKernelMoved(Case c) throws Exception {
        List<String> args = new ArrayList<>(List.of("--filename=" + loop.device, "--allow-destroy=" + loop.device));
        args.addAll(c.options());
        loop.withUdevHeld(() -> {
            long[] before = loop.sectors();
            try (RawEngine engine = RawEngine.start(args)) {
                assertTrue(engine.awaitStartLine(20), c + ": no start line; " + engine.stderr());
                double limit = (c.timeBased() ? 1 : 0) + 2;
                assertEquals(0, engine.exitWithin(limit, "its start line (" + c + ")"), c + ": " + engine.stderr());
                long[] after = loop.sectors();
                JsonNode result = engine.line("result");
                check(c, "read", result.get("read").get("io_bytes").asLong(), (after[0] - before[0]) * 512);
                check(c, "write", result.get("write").get("io_bytes").asLong(), (after[1] - before[1]) * 512);
            }
            return null;
        });
    }

    private static void check(Case c, String direction, long reported, long kernel) {
        if (c.timeBased()) {
            assertTrue(reported <= kernel && kernel - reported <= c.inFlight(),
                    c + ": " + direction + " " + reported + " bytes reported, " + kernel + " moved (at most "
                            + c.inFlight() + " may complete after the runtime)");
        } else {
            assertEquals(kernel, reported, c + ": " + direction + " bytes reported against the kernel's");
        }
    }
}
