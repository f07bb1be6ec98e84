package io.drivelab.workload;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The reviews' other suites as plans: DLIO checkpointing and the GDSIO thread sweep. */
class SuitePresetsTest {

    private static final String CHECKPOINT_STEP = "{\"name\": \"c\", \"steps\": [{\"checkpoint\": %s}]}";

    private static TestPlan checkpointPlan(String step) {
        return PlanFiles.fromJson(String.format(CHECKPOINT_STEP, step), "plan.json");
    }

    // ---------------------------------------------------------------- checkpoint steps

    @Test
    void aCheckpointStepIsOneMeasuredPointOfItsRanks() {
        TestPlan p = checkpointPlan("{\"size\": \"8g\", \"ranks\": 4, \"checkpoints\": 5, \"passes\": 2}");

        List<PlanItem> items = p.expand();
        assertEquals(1, items.size());
        Point point = items.get(0).point();
        assertTrue(items.get(0).isMeasure());
        assertEquals("01-checkpoint-1m-r4", point.key());
        assertEquals(List.of("--filename=/dev/x", "--name=01-checkpoint-1m-r4", "--rw=checkpoint", "--bs=1m",
                "--numjobs=4", "--checkpoint_size=8g", "--checkpoints=5", "--passes=2", "--direct=0"),
                point.toEngineArgs("/dev/x"));
    }

    @Test
    void withoutASizeACheckpointIsTheReviews1636GbScaledToTheTarget() {
        Checkpoint c = ((CheckpointStep) checkpointPlan("{}").steps().get(0)).checkpoint();

        assertNull(c.size());
        assertEquals(100.0 * 1636 / 7680, c.sharePercent(), 1e-12);
        assertEquals(12, c.perPass());
        assertEquals(3, c.passes());
        // a 4 GiB target gets 21.3 % of it: 915 MB, as 1,636 GB is of 7.68 TB
        assertEquals(914_917_512L, c.bytesOn(4L << 30), 1);
        assertTrue(c.describeSize().contains("1,636 GB"), c.describeSize());
    }

    @Test
    void aCheckpointStepSurvivesTheJsonRoundTrip() {
        for (String step : List.of("{}", "{\"size\": \"2g\", \"direct\": true, \"bs\": \"4m\"}",
                "{\"name\": \"half\", \"share\": 50, \"ranks\": 2, \"checkpoints\": 1, \"passes\": 1}")) {
            TestPlan p = checkpointPlan(step);
            assertEquals(p, PlanFiles.fromJson(PlanFiles.toJson(p), null), step);
        }
    }

    @Test
    void badCheckpointFieldsAreEachReported() {
        PlanException e = assertThrows(PlanException.class, () -> checkpointPlan(
                "{\"share\": 0, \"ranks\": 0, \"checkpoints\": 0, \"passes\": 2000, \"bs\": \"3\", \"retain\": 2}"));

        List<String> paths = e.problems().stream().map(PlanException.Problem::path).toList();
        assertEquals(List.of("steps[0].checkpoint.retain", "steps[0].checkpoint.share", "steps[0].checkpoint.ranks",
                "steps[0].checkpoint.checkpoints", "steps[0].checkpoint.passes", "steps[0].checkpoint.bs"), paths);
    }

    @Test
    void aCheckpointHasASizeOrAShareNotBoth() {
        PlanException e = assertThrows(PlanException.class, () -> checkpointPlan("{\"size\": \"1g\", \"share\": 5}"));

        assertEquals("plan.json: steps[0].checkpoint.size: give size or share, not both", e.getMessage());
    }

    @Test
    void aCheckpointStepStandsAlone() {
        PlanException e = assertThrows(PlanException.class, () -> PlanFiles.fromJson("{\"name\": \"c\", \"steps\": "
                + "[{\"checkpoint\": {}, \"matrix\": {}}]}", null));

        assertTrue(e.getMessage().contains("steps[0]: a checkpoint step is {\"checkpoint\": ...} alone"),
                e.getMessage());
    }

    // ---------------------------------------------------------------- dlio-checkpoint

    @Test
    void dlioCheckpointIsTheReviewsSetupScaledToTheTarget() {
        TestPlan p = Presets.get(Presets.DLIO_CHECKPOINT);

        Point point = p.points().get(0);
        assertEquals(1, p.points().size());
        assertEquals(8, point.numjobs(), "TP 4 x PP 2");
        assertEquals(1L << 20, point.workload().bs());
        assertEquals(Checkpoint.reviews(), point.checkpoint());
        assertTrue(point.toEngineArgs("/x").contains("--checkpoint_size=21.302083%"), point.toEngineArgs("/x")
                .toString());
        assertTrue(p.description().contains("1,636 GB") && p.description().contains("21.3 %")
                && p.description().contains("GB/s"), p.description());
    }

    @Test
    void dlioCheckpointOnASizedRegionWritesIntoIt() {
        TestPlan p = Presets.get(Presets.DLIO_CHECKPOINT).withTarget(Region.ofSize(4L << 30));

        assertTrue(p.points().get(0).toEngineArgs("/tmp/x.img").contains("--size=4g"));
        // 36 checkpoints of 21.3 % write the region 7.7 times over (not rounded to 8: a run's ETA is made of it)
        assertEquals(36 * 0.213, p.estimatedDuration().regionPasses(), 0.01);
    }

    // ---------------------------------------------------------------- gdsio-sweep

    @Test
    void gdsioSweepIsThreeBlockSizesTimesEightThreadCountsTimesReadAndWrite() {
        List<Point> points = Presets.get(Presets.GDSIO_SWEEP).points();

        Set<List<Object>> grid = new HashSet<>();
        for (Point p : points) {
            grid.add(List.of(p.workload().rw(), p.workload().bs(), p.numjobs()));
            assertEquals(1, p.iodepth(), "one synchronous I/O in flight per thread");
        }
        assertEquals(3 * 8 * 2, points.size());
        assertEquals(3 * 8 * 2, grid.size(), "every cell once");
        for (long bs : List.of(16L << 10, 128L << 10, 1L << 20)) {
            for (int threads : List.of(1, 2, 4, 8, 16, 32, 64, 128)) {
                for (Rw rw : List.of(Rw.READ, Rw.WRITE)) {
                    assertTrue(grid.contains(List.of(rw, bs, threads)), rw + " " + bs + " x" + threads);
                }
            }
        }
    }

    @Test
    void gdsioSweepThreadsEachReadTheirOwnSlice() {
        for (Point p : Presets.get(Presets.GDSIO_SWEEP).points()) {
            assertTrue(p.workload().rw().isSequential(), p.key());
        }
    }

    @Test
    void gdsioSweepSaysGpuDirectIsNotImplemented() {
        String d = Presets.get(Presets.GDSIO_SWEEP).description();

        assertTrue(d.contains("GPU-direct mode (cuFile") && d.contains("not implemented yet"), d);
        assertTrue(d.contains("GiB/s"), d);
    }
}
