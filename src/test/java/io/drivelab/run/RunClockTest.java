package io.drivelab.run;

import io.drivelab.workload.Presets;
import io.drivelab.workload.Region;
import io.drivelab.workload.TestPlan;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RunClockTest {
    private static final long GIB = 1L << 30;

    @Test
    void checkpointsAreTimedByWhatTheyWriteNotByWholePasses() {
        TestPlan dlio = Presets.get(Presets.DLIO_CHECKPOINT).withTarget(Region.ofSize(GIB));
        double shareOfTheTarget = dlio.estimatedDuration().regionPasses();

        RunProgress start = new RunClock(dlio.expand(), GIB).now();

        // 36 checkpoints of 21.3 % write 7.68 GiB, at the assumed 1 GB/s before a fill has shown the drive's speed
        // (8 whole passes: 8.6 s, 4 % long)
        assertEquals(36 * 0.213, shareOfTheTarget, 0.01);
        assertEquals(shareOfTheTarget * GIB / 1e9, start.eta().toMillis() / 1000.0, 0.05);
    }
}
