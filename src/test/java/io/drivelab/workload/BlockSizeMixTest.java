package io.drivelab.workload;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BlockSizeMixTest {

    private static BigDecimal total(BlockSizeMix mix) {
        return mix.shares().stream().map(BlockSizeMix.Share::weight).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    @Test
    void theEngineSpellingRoundTripsWithDecimalWeights() {
        BlockSizeMix mix = BlockSizeMix.parse("128k/83.21:64k/5:4k/11.79");
        assertEquals(3, mix.shares().size());
        assertEquals(new BigDecimal("83.21"), mix.shares().get(0).weight());
        assertEquals("128k/83.21:64k/5:4k/11.79", mix.toEngineSpec());
        assertEquals(mix, BlockSizeMix.parse(mix.toEngineSpec()));
    }

    @Test
    void fiveAndFivePointZeroZeroAreTheSameWeight() {
        assertEquals(BlockSizeMix.parse("4k/50:8k/50"), BlockSizeMix.parse("4k/50.00:8k/50.0"));
    }

    @Test
    void weightsMustAddUpTo100() {
        PlanException e = assertThrows(PlanException.class, () -> BlockSizeMix.parse("128k/83.21:64k/10"));
        assertEquals("bssplit: weights add up to 93.21, not 100", e.getMessage());
    }

    @Test
    void aSizeListedTwiceIsRefused() {
        PlanException e = assertThrows(PlanException.class, () -> BlockSizeMix.parse("4k/50:4096/50"));
        assertEquals("bssplit: 4k is listed twice", e.getMessage());
    }

    @Test
    void blockSizesMustBeMultiplesOf512() {
        PlanException e = assertThrows(PlanException.class, () -> BlockSizeMix.parse("4000/50:4k/50"));
        assertTrue(e.getMessage().contains("4000 is not a multiple of 512"), e.getMessage());
    }

    @Test
    void roundingForFioGivesWholePercentagesAddingUpTo100() {
        BlockSizeMix cdnWrite = Presets.cdnWriteMix();
        BlockSizeMix rounded = cdnWrite.roundedToWholePercent();
        assertEquals("128k/99:64k/1", rounded.toEngineSpec());
        assertTrue(rounded.isWholePercent());
        assertFalse(cdnWrite.isWholePercent());
    }

    @Test
    void roundingTheReadMixKeeps83PercentOf128kAndDropsSizesThatRoundToZero() {
        BlockSizeMix rounded = Presets.cdnReadMix().roundedToWholePercent();
        assertEquals(new BigDecimal("83"), rounded.shares().get(0).weight());
        assertEquals(0, total(rounded).compareTo(new BigDecimal(100)));
        assertEquals(1 + 17, rounded.shares().size(), "83 % plus 17 sizes at 1 %");
        assertTrue(rounded.shares().stream().allMatch(s -> s.weight().signum() > 0));
    }

    @Test
    void aWholePercentMixIsLeftAsItIs() {
        BlockSizeMix mix = BlockSizeMix.parse("16k/60:4k/40");
        assertEquals(mix, mix.roundedToWholePercent());
    }

    @Test
    void theCdnMixesFollowTheReviews() {
        BlockSizeMix write = Presets.cdnWriteMix();
        assertEquals(128 * 1024, write.dominantBs());
        assertEquals(new BigDecimal("98.51"), write.shares().get(0).weight());
        assertEquals(8 * 1024, write.minBs());
        assertEquals(0, total(write).compareTo(new BigDecimal(100)), "exactly 100");

        BlockSizeMix read = Presets.cdnReadMix();
        assertEquals(new BigDecimal("83.21"), read.shares().get(0).weight());
        List<BlockSizeMix.Share> tail = read.shares().subList(1, read.shares().size());
        assertTrue(tail.size() >= 30, "30+ sizes in the tail");
        assertEquals(4 * 1024, read.minBs());
        assertEquals(124 * 1024, tail.stream().mapToLong(BlockSizeMix.Share::bs).max().orElseThrow());
        assertEquals(0, total(read).compareTo(new BigDecimal(100)), "exactly 100");
    }
}
