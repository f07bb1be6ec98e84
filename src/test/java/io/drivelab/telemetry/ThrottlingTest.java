package io.drivelab.telemetry;

import io.drivelab.store.PointTemperatures.Reading;
import io.drivelab.telemetry.Throttling.Interval;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The throttling rule of docs/telemetry.md. */
class ThrottlingTest {
    private static final double WARNING = 81.85;

    /** One interval a second (the first a ramp), throughput and temperature given per second. */
    private static Optional<Throttling.Mark> judge(double[] mbPerSecond, double[] celsius) {
        List<Interval> intervals = new ArrayList<>();
        List<Reading> readings = new ArrayList<>();
        for (int s = 0; s < mbPerSecond.length; s++) {
            intervals.add(new Interval((s + 1) * 1000L, s == 0, mbPerSecond[s] * 1e6));
            readings.add(new Reading(s * 1000L + 500, celsius[s]));
        }
        return Throttling.of(intervals, readings, WARNING);
    }

    @Test
    void throughputFallingWhileAtTheWarningThresholdIsThrottling() {
        Optional<Throttling.Mark> mark = judge(new double[] {500, 1000, 1000, 1000, 1000, 600, 550, 1000},
                new double[] {60, 70, 75, 80, 81, 82, 83, 79});

        assertTrue(mark.isPresent());
        assertEquals(5000, mark.get().fromMs());
        assertEquals(7000, mark.get().toMs());
        assertEquals(1000e6, mark.get().startBytesPerSecond(), 1);
        assertEquals(45, mark.get().dropPercent(), 1e-9);
        assertEquals(83, mark.get().hottestCelsius(), 1e-9);
    }

    @Test
    void aHotDriveKeepingItsThroughputIsNotThrottling() {
        assertTrue(judge(new double[] {500, 1000, 1000, 1000, 950, 900, 1000},
                new double[] {80, 82, 83, 84, 85, 85, 85}).isEmpty());
    }

    @Test
    void throughputFallingBelowTheThresholdIsNotThrottling() {
        assertTrue(judge(new double[] {500, 1000, 1000, 1000, 400, 300},
                new double[] {40, 41, 42, 43, 44, 81.8}).isEmpty());
    }

    @Test
    void aDropOfExactlyTwentyPercentIsNotMoreThanTwenty() {
        assertTrue(judge(new double[] {500, 1000, 1000, 1000, 800},
                new double[] {82, 82, 82, 82, 82}).isEmpty());
    }

    @Test
    void aPointTooShortToHaveAStartIsNeverMarked() {
        assertTrue(judge(new double[] {500, 1000, 1000, 1000}, new double[] {90, 90, 90, 90}).isEmpty());
    }
}
