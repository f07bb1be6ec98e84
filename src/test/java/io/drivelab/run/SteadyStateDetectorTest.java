package io.drivelab.run;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SteadyStateDetectorTest {

    @Test
    void aFlatSeriesWithLittleNoiseIsSteady() {
        SteadyStateDetector.Verdict v = SteadyStateDetector.evaluate(List.of(100_000, 101_000, 99_000, 100_500, 99_500));
        assertTrue(v.steady(), v.describe());
        assertEquals(100_000, v.average(), 1e-9);
        assertEquals(2.0, v.rangeExcursionPct(), 1e-9);
        assertTrue(v.slopeExcursionPct() < 10);
    }

    @Test
    void aSeriesStillDriftingDownFailsTheSlopeRuleButNotTheRange() {
        // -3 % of the average per round: within a 12 % range, but the fitted line falls 12 % over the window
        SteadyStateDetector.Verdict v = SteadyStateDetector.evaluate(List.of(106, 103, 100, 97, 94));
        assertFalse(v.steady(), v.describe());
        assertTrue(v.rangeWithinLimit(), v.describe());
        assertFalse(v.slopeWithinLimit(), v.describe());
        assertEquals(-3.0, v.slope(), 1e-9);
        assertEquals(12.0, v.slopeExcursionPct(), 1e-9);
        assertTrue(v.describe().endsWith("not steady (still drifting)"), v.describe());
    }

    @Test
    void aNoisySeriesWithoutTrendFailsTheRangeRule() {
        SteadyStateDetector.Verdict v = SteadyStateDetector.evaluate(List.of(100, 130, 85, 125, 90));
        assertFalse(v.steady(), v.describe());
        assertFalse(v.rangeWithinLimit(), v.describe());
        assertTrue(v.slopeWithinLimit(), v.describe());
        assertEquals(45.0 / 106.0 * 100, v.rangeExcursionPct(), 1e-9);
        assertTrue(v.describe().endsWith("not steady (range too wide)"), v.describe());
    }

    @Test
    void fewerThanFiveRoundsAreNotSteadyYet() {
        SteadyStateDetector d = new SteadyStateDetector();
        for (int i = 0; i < 4; i++) {
            SteadyStateDetector.Verdict v = d.add(100);
            assertFalse(v.steady(), v.describe());
            assertFalse(v.enoughRounds());
        }
        assertEquals("4 of 5 rounds: not steady yet (the rule needs 5 rounds)", d.verdict().describe());
        assertTrue(d.add(100).steady(), "the fifth equal round makes it steady");
    }

    @Test
    void onlyTheLastFiveRoundsCount() {
        SteadyStateDetector d = new SteadyStateDetector();
        for (double v : new double[]{500, 300, 200, 100, 101, 99, 100, 100}) {
            d.add(v);
        }
        SteadyStateDetector.Verdict v = d.verdict();
        assertEquals(List.of(100.0, 101.0, 99.0, 100.0, 100.0), v.window());
        assertEquals(4, v.firstRound());
        assertEquals(8, v.rounds());
        assertTrue(v.steady(), v.describe());
        assertTrue(v.describe().startsWith("rounds 4-8 of 8: average 100, range 2.0 % of it (limit 20 %), slope "),
                v.describe());
        assertTrue(v.describe().endsWith(": steady"), v.describe());
    }

    @Test
    void theLimitsAreInclusive() {
        // range exactly 20 % of the average (90..110 around 100), no trend
        SteadyStateDetector.Verdict v = SteadyStateDetector.evaluate(List.of(100, 110, 90, 110, 90));
        assertEquals(20.0, v.rangeExcursionPct(), 1e-9);
        assertTrue(v.rangeWithinLimit(), v.describe());
    }

    @Test
    void aSeriesOfZerosIsNotSteady() {
        SteadyStateDetector.Verdict v = SteadyStateDetector.evaluate(List.of(0, 0, 0, 0, 0));
        assertFalse(v.steady());
        assertTrue(v.describe().endsWith("not steady (the average is 0)"), v.describe());
    }

    @Test
    void aRoundMustBeAFiniteNonNegativeNumber() {
        SteadyStateDetector d = new SteadyStateDetector();
        assertThrows(IllegalArgumentException.class, () -> d.add(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> d.add(-1));
        assertEquals(List.of(), d.rounds());
    }
}
