package io.drivelab.store;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PointResultTest {

    private static final PointMeta RANDREAD_4K = new PointMeta("randread/4k/qd32/j1", 3, PointKind.MEASURE,
            "random read", "randread", 4096L, null, null, 32, 1);
    private static final Instant START = Instant.parse("2026-01-02T10:00:00Z");
    private static final Instant END = Instant.parse("2026-01-02T10:00:10Z");

    @Test
    void takesHeadlineFiguresAndPercentiles50_99_99point9FromTheResultLine() {
        PointResult point = PointResult.fromEngineResult(RANDREAD_4K,
                EngineLines.parse(EngineLines.RANDREAD_RESULT), START, END);

        assertEquals(PointStatus.COMPLETE, point.status());
        assertEquals(10000L, point.runtimeMs());
        assertEquals(new DirectionResult(100000.5, 409602048L, 318000.25, 310000L, 520000L, 780000L), point.read());
    }

    @Test
    void aDirectionWithoutIoHasZeroThroughputAndNoLatency() {
        PointResult point = PointResult.fromEngineResult(RANDREAD_4K,
                EngineLines.parse(EngineLines.RANDREAD_RESULT), START, END);

        assertEquals(new DirectionResult(0, 0, null, null, null, null), point.write());
    }

    @Test
    void keepsTheWholeResultLine() {
        PointResult point = PointResult.fromEngineResult(RANDREAD_4K,
                EngineLines.parse(EngineLines.RANDREAD_RESULT), START, END);

        assertEquals(EngineLines.parse(EngineLines.RANDREAD_RESULT), EngineLines.parse(point.resultJson()));
    }

    @Test
    void takesTheNonEmptyHistograms() {
        PointResult point = PointResult.fromEngineResult(RANDREAD_4K,
                EngineLines.parse(EngineLines.RANDREAD_RESULT), START, END);

        assertEquals(List.of(new Histogram(Direction.READ, "fio", 6, 29, List.of(new Histogram.Bucket(1100, 5),
                new Histogram.Bucket(1234, 999990), new Histogram.Bucket(1500, 5)))), point.histograms());
        assertEquals(1000000, point.histograms().get(0).totalCount());
    }

    @Test
    void aResultStoppedEarlyIsPartial() {
        PointResult point = PointResult.fromEngineResult(RANDREAD_4K,
                EngineLines.parse(EngineLines.PARTIAL_MIX_RESULT), START, END);

        assertEquals(PointStatus.PARTIAL, point.status());
    }

    @Test
    void anErrorAfterTheResultFailsThePointButKeepsItsFigures() {
        PointResult point = PointResult.fromEngineResult(RANDREAD_4K,
                EngineLines.parse(EngineLines.PARTIAL_MIX_RESULT), START, END).withError("EIO on write");

        assertEquals(PointStatus.FAILED, point.status());
        assertEquals("EIO on write", point.error());
        assertEquals(16.7, point.read().iops());
    }

    @Test
    void aPointTheEngineCouldNotMeasureHasNoFigures() {
        PointResult point = PointResult.failed(RANDREAD_4K, "cannot open /nope", START, END);

        assertEquals(PointStatus.FAILED, point.status());
        assertNull(point.read());
        assertNull(point.resultJson());
        assertTrue(point.histograms().isEmpty());
    }

    @Test
    void refusesALineThatIsNotAResult() {
        assertThrows(IllegalArgumentException.class, () -> PointResult.fromEngineResult(RANDREAD_4K,
                EngineLines.parse(EngineLines.INTERVAL), START, END));
    }

    @Test
    void aPointNeedsABlockSizeOrAMix() {
        assertThrows(IllegalArgumentException.class, () -> new PointMeta("k", 0, PointKind.MEASURE, "w",
                "randread", null, null, null, 1, 1));
    }
}
