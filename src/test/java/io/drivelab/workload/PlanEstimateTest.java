package io.drivelab.workload;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PlanEstimateTest {
    private static final long K = 1024;

    private static CheckpointStep checkpoints(int perPass, int passes) {
        return new CheckpointStep("ckpt", new Checkpoint(null, 25.0, perPass, passes, false), 4, K * K);
    }

    @Test
    void aPlanOfCheckpointsAndFillsSaysWhatBothWrite() {
        // a fill of 2 passes, then 3 x 2 checkpoints of a quarter of the target (1.5 times it)
        TestPlan plan = new TestPlan("t", "", Region.ofSize(1L << 30), List.of(
                Precondition.Fill.of("fill", 128 * K, 32, 1, 2), checkpoints(3, 2)));

        assertEquals("2 passes over the region + 6 checkpoints writing 1.5 times the target",
                PlanEstimate.duration(plan));
        // 3.5 TB at 2 GB/s: 29 min 10 s
        assertEquals("1 point, 2 passes over the region + 6 checkpoints writing 1.5 times the target: as long as the "
                + "drive takes, e.g. about 29 min 10 s on a 1 TB target written at 2 GB/s", PlanEstimate.sentence(plan));
        assertEquals(3.5, plan.estimatedDuration().regionPasses(), 1e-9);
    }

    @Test
    void checkpointsAloneSayNothingOfTimeBeforeThem() {
        TestPlan plan = new TestPlan("t", "", Region.ofSize(1L << 30), List.of(checkpoints(3, 2)));

        assertEquals("6 checkpoints writing 1.5 times the target", PlanEstimate.duration(plan));
    }

    @Test
    void passesThatAreNotWholeKeepTheirFraction() {
        assertEquals("0 s", new Estimate(java.time.Duration.ZERO, 0, 0).describe());
        assertEquals("1 pass over the region", new Estimate(java.time.Duration.ZERO, 1, 0).describe());
        assertEquals("1 min + 7.7 passes over the region",
                new Estimate(java.time.Duration.ofMinutes(1), 7.68, 0).describe());
    }
}
