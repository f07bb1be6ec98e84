package io.drivelab.fio;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.IntegrationTest;
import io.drivelab.engine.EngineException;
import io.drivelab.engine.EngineListener;
import io.drivelab.engine.IntervalEvent;
import io.drivelab.engine.ResultEvent;
import io.drivelab.engine.StartEvent;
import io.drivelab.workload.BlockSizeMix;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.Point;
import io.drivelab.workload.Rw;
import io.drivelab.workload.Workload;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** fio as an engine on a real file, with the installed fio. */
@IntegrationTest
@Timeout(120)
class FioProcessTest {
    private static final long M = 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    static FioBinary fio() {
        try {
            return FioBinary.locate();
        } catch (EngineException e) {
            Assumptions.abort("no usable fio: " + e.getMessage());
            return null;
        }
    }

    private static Point point(Workload w, int runtime, int ramp) {
        return new Point("p1", 1, w, 4, 2, runtime, ramp, 16 * M, null, null, null, 1, Matrix.Keep.BEST);
    }

    private static final class Recorder implements EngineListener {
        final List<StartEvent> starts = new CopyOnWriteArrayList<>();
        final List<IntervalEvent> intervals = new CopyOnWriteArrayList<>();
        final CountDownLatch measuring = new CountDownLatch(1);

        @Override
        public void onStart(StartEvent start) {
            starts.add(start);
        }

        @Override
        public void onInterval(IntervalEvent interval) {
            intervals.add(interval);
            if (!interval.ramp()) {
                measuring.countDown();
            }
        }
    }

    @Test
    void aMixedPointGivesTheEnginesFiguresLiveSamplesAndAHistogram() throws Exception {
        Recorder events = new Recorder();
        Point point = point(new Workload("4K mixed", Rw.RANDRW, 4096L, null, 70), 3, 1);
        ResultEvent result;
        try (FioProcess fio = FioProcess.start(fio(), point, dir.resolve("data").toString(), events)) {
            result = fio.awaitResult();
        }
        assertEquals(1, events.starts.size());
        assertTrue(events.starts.get(0).created(), "fio laid out the new file");
        assertEquals("fio", JSON.readTree(events.starts.get(0).rawJson()).path("engine").asText());
        assertFalse(result.partial());
        assertTrue(result.read().ios() > 0 && result.write().ios() > 0);
        assertTrue(result.read().iops() > 2 * result.write().iops() * 0.5, "70 % reads: " + result);
        assertTrue(result.read().lat().percentile("99") >= result.read().lat().percentile("50"));
        assertTrue(result.read().lat().percentile("50") > 0);
        assertEquals("fio", result.histogram().layout());
        assertFalse(result.histogram().read().isEmpty());
        long histogramReads = result.histogram().read().stream().mapToLong(b -> b.count()).sum();
        // fio counts an I/O that completes as the runtime ends in its totals, not always in its latencies
        assertEquals(result.read().ios(), histogramReads, result.read().ios() / 1000.0 + 1,
                "the histogram counts the measured reads");
        JsonNode line = JSON.readTree(result.rawJson());
        assertEquals("fio", line.path("engine").asText());
        assertTrue(line.path("fio_run").path("job").asText().contains("scramble_buffers=1"));
        // live: a sample at least every second of the 3 s measured, each a rate over its own interval
        List<IntervalEvent> measured = events.intervals.stream().filter(i -> !i.ramp()).toList();
        assertTrue(measured.size() >= 2, "intervals: " + events.intervals);
        for (IntervalEvent i : measured) {
            assertTrue(i.read().ios() > 0, "every measured second reads: " + i);
            assertTrue(i.read().lat().percentile("99") > 0, "p99 per interval, from the histogram's difference");
        }
        long sampledReads = measured.stream().mapToLong(i -> i.read().ios()).sum();
        assertTrue(sampledReads <= result.read().ios(), "intervals count no I/O twice");
    }

    @Test
    void aDecimalMixIsRoundedToWholePercentagesAndTheRoundingIsKept() throws Exception {
        Workload w = new Workload("mix", Rw.RANDREAD, null, BlockSizeMix.parse("4k/33.4:8k/33.3:16k/33.3"), null);
        ResultEvent result;
        try (FioProcess fio = FioProcess.start(fio(), point(w, 1, 0), dir.resolve("data").toString(),
                EngineListener.NONE)) {
            result = fio.awaitResult();
        }
        JsonNode run = JSON.readTree(result.rawJson()).path("fio_run");
        assertEquals("4k/33.4:8k/33.3:16k/33.3", run.path("bssplit_planned").asText());
        assertEquals(BlockSizeMix.parse("4k/33.4:8k/33.3:16k/33.3").roundedToWholePercent().toEngineSpec(),
                run.path("bssplit_run").asText());
        assertTrue(run.path("job").asText().contains("bssplit="));
    }

    @Test
    void stopEndsThePointWithAPartialResult() throws Exception {
        Recorder events = new Recorder();
        Point point = point(new Workload("4K read", Rw.RANDREAD, 4096L, null, null), 60, 0);
        try (FioProcess fio = FioProcess.start(fio(), point, dir.resolve("data").toString(), events)) {
            assertTrue(events.measuring.await(60, TimeUnit.SECONDS), "fio measured a second");
            fio.stop();
            ResultEvent result = fio.awaitResult();
            assertTrue(result.partial());
            assertTrue(result.read().ios() > 0);
            assertTrue(result.runtimeMs() < 60_000);
        }
    }

    @Test
    void aFioOlderThan329IsRefusedNamingTheVersionFound() throws Exception {
        Path old = dir.resolve("fio");
        Files.writeString(old, "#!/bin/sh\necho fio-3.28\n");
        Files.setPosixFilePermissions(old, PosixFilePermissions.fromString("rwx------"));
        EngineException e = assertThrows(EngineException.class, () -> FioBinary.at(old));
        assertTrue(e.getMessage().contains("fio-3.28") && e.getMessage().contains("3.29 or later"), e.getMessage());
    }

    @Test
    void aCheckpointPointIsRefusedSayingTheEngineMeasuresIt() {
        Point checkpoint = Point.checkpoint("c1", 1, new Workload("ckpt", Rw.WRITE, 1048576L, null, null), 2,
                16 * M, null, new io.drivelab.workload.Checkpoint(8 * M, null, 1, 1, true));
        EngineException e = assertThrows(EngineException.class,
                () -> FioProcess.start(fio(), checkpoint, dir.resolve("d").toString(), EngineListener.NONE));
        assertTrue(e.getMessage().contains("no fio equivalent"), e.getMessage());
    }
}
