package io.drivelab.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.workload.BlockSizeMix;
import io.drivelab.workload.Rw;

/** Finding the published figures a user's point stands next to. */
class ReferenceMatchTest {
    static final ReferenceLibrary LIBRARY = ReferenceLibrary.shipped();
    static final long K = 1024;

    @Test
    void aPointFindsTheFiguresOfTheSameWorkloadAndConfiguration() {
        ReferenceMatch match = LIBRARY.match(Rw.RANDREAD, 4 * K, null, 16, 16);

        assertTrue(match.same().stream().anyMatch(f -> f.drive().label().equals("Kingston DC3000ME 7.68TB")
                && f.metric() == Metric.IOPS && f.value() == 1_957_920), match.same().toString());
        assertTrue(match.same().stream().allMatch(f -> f.rw() == Rw.RANDREAD && f.bs() == 4 * K
                && f.iodepth() == 16 && f.numjobs() == 16), match.same().toString());
    }

    @Test
    void drivesWithoutThatConfigurationOfferTheirNearestOne() {
        ReferenceMatch match = LIBRARY.match(Rw.RANDREAD, 4 * K, null, 16, 16);

        // The SN861's 4K read peak is published without its configuration: nothing nearer exists for it.
        assertTrue(match.nearest().stream().anyMatch(f -> f.drive().label().equals("SanDisk DC SN861 7.68TB")
                && f.metric() == Metric.IOPS && f.value() == 2_555_600), match.nearest().toString());
        // The DC3000ME has an IOPS figure at 16/16, so none of its other IOPS figures is offered as nearest.
        assertFalse(match.nearest().stream().anyMatch(f -> f.drive().label().equals("Kingston DC3000ME 7.68TB")
                && f.metric() == Metric.IOPS), match.nearest().toString());
    }

    @Test
    void theNearestConfigurationIsTheFewestDoublingsAway() {
        // The DC3000ME's 4K read latency is published at 16/4, 16/8, 1/1, 2/4...: from 16/2 the closest is 16/4.
        ReferenceMatch match = LIBRARY.match(Rw.RANDREAD, 4 * K, null, 16, 2);

        List<ReferenceFigure> latency = match.nearest().stream()
                .filter(f -> f.drive().label().equals("Kingston DC3000ME 7.68TB") && f.metric() == Metric.MEAN_LATENCY)
                .toList();
        assertEquals(1, latency.size(), latency.toString());
        assertEquals("QD16/4", latency.get(0).configurationLabel());
        assertEquals(94, latency.get(0).value());
    }

    @Test
    void aCdnMixMatchesTheReviewsCdnFiguresByItsDominantShare() {
        BlockSizeMix readMix = BlockSizeMix.parse("128k/83.21:64k/8.39:4k/8.4");

        ReferenceMatch match = LIBRARY.match(Rw.RANDREAD, null, readMix, 4, 2);

        Set<String> drives = match.same().stream().map(f -> f.drive().name()).collect(Collectors.toSet());
        assertEquals(Set.of("Kingston DC3000ME", "Micron 9550 PRO", "Pascari X200P", "Solidigm D7-PS1010",
                "SanDisk DC SN861"), drives);
        assertTrue(match.same().stream().allMatch(f -> f.mix().name().equals("CDN read mix")));
    }

    @Test
    void anotherMixDoesNotMatchTheCdnFigures() {
        ReferenceMatch match = LIBRARY.match(Rw.RANDREAD, null, BlockSizeMix.parse("128k/50:4k/50"), 4, 2);

        assertTrue(match.isEmpty(), match.toString());
    }

    @Test
    void specificationsAndGpuDirectStorageAreNotOffered() {
        ReferenceMatch read = LIBRARY.match(Rw.RANDREAD, 4 * K, null, 1, 1);
        ReferenceMatch gds = LIBRARY.match(Rw.READ, 1024 * K, null, 1, 16);

        assertTrue(read.same().stream().noneMatch(f -> f.kind() == ReferenceFigure.Kind.SPEC));
        assertTrue(read.nearest().stream().noneMatch(f -> f.kind() == ReferenceFigure.Kind.SPEC));
        assertTrue(gds.same().stream().noneMatch(f -> f.suite().equals("GDSIO")), gds.same().toString());
        assertTrue(gds.nearest().stream().noneMatch(f -> f.suite().equals("GDSIO")), gds.nearest().toString());
    }

    @Test
    void aGdsioSweepPointIsComparedWithTheReviewsGdsioFigures() {
        PointMeta point = new PointMeta("06-read-1m-qd1-j16", 6, PointKind.MEASURE, "1M sequential read (GDSIO)",
                "read", 1024 * K, null, null, 1, 16);

        ReferenceMatch match = LIBRARY.match(point);

        assertTrue(match.same().stream().anyMatch(f -> f.drive().label().equals("Kingston DC3000ME 7.68TB")
                && f.value() == 6.54 && f.unit() == Unit.GIB_S), match.same().toString());
        assertTrue(match.same().stream().allMatch(ReferenceFigure::isGdsio), match.same().toString());
        assertTrue(match.nearest().stream().allMatch(ReferenceFigure::isGdsio), match.nearest().toString());
    }

    @Test
    void aGdsioFigureAtNThreadsIsIodepthOneNumjobsN() {
        ReferenceMatch match = LIBRARY.matchGdsio(Rw.WRITE, 128 * K, 128);

        assertTrue(match.same().stream().anyMatch(f -> f.drive().label().equals("Solidigm D7-PS1030 12.8TB")
                && f.value() == 1.55), match.same().toString());
    }

    @Test
    void aStoredPointMatchesLikeItsWorkload() {
        PointMeta point = new PointMeta("03-read-128k-qd64-j1", 3, PointKind.MEASURE, "128k read", "read",
                128 * K, null, null, 64, 1);

        ReferenceMatch match = LIBRARY.match(point);

        assertTrue(match.same().stream().anyMatch(f -> f.drive().label().equals("Solidigm D7-PS1030 12.8TB")
                && f.value() == 14156.4), match.same().toString());
    }

    @Test
    void aPublishedFigureCanBeSetAgainstAPointsOwnFigure() {
        ReferenceFigure bandwidth = LIBRARY.match(Rw.READ, 128 * K, null, 64, 1).same().stream()
                .filter(f -> f.metric() == Metric.BANDWIDTH).findFirst().orElseThrow();
        ReferenceFigure latency = LIBRARY.match(Rw.READ, 128 * K, null, 64, 1).same().stream()
                .filter(f -> f.metric() == Metric.MEAN_LATENCY).findFirst().orElseThrow();
        io.drivelab.store.PointResult point = new io.drivelab.store.PointResult(
                new PointMeta("k", 1, PointKind.MEASURE, "w", "read", 128 * K, null, null, 64, 1),
                io.drivelab.store.PointStatus.COMPLETE, 60_000L,
                new io.drivelab.store.DirectionResult(100_000, 13_107_200_000L, 640_000.0, null, null, null),
                null, null, List.of(), null, java.time.Instant.EPOCH, java.time.Instant.EPOCH);

        assertEquals(13107.2, bandwidth.comparableValue(point).orElseThrow(), 1e-9);
        assertEquals(640.0, latency.comparableValue(point).orElseThrow(), 1e-9);
    }
}
