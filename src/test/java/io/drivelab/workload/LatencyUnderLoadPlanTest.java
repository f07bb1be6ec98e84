package io.drivelab.workload;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A latency-under-load step in plan files and presets: its peak first, then its offered rates as shares of it. */
class LatencyUnderLoadPlanTest {

    private static String plan(String extra, String matrix) {
        return "{\"name\": \"p\", \"steps\": [{\"kind\": \"latency-under-load\", \"workload\": {\"rw\": \"randread\","
                + " \"bs\": \"4k\"}, \"matrix\": " + matrix + extra + "}]}";
    }

    private static final String ONE_CELL = "{\"iodepths\": [32], \"numjobs\": [4], \"runtime\": 10}";

    @Test
    void theStepMeasuresThePeakFirstThenEachOfferedShareOfIt() {
        TestPlan p = PlanFiles.fromJson(plan(", \"loads\": [25, 50, 100]", ONE_CELL), "plan.json");

        List<Point> points = p.points();
        assertEquals(List.of("01-randread-4k-qd32-j4-peak", "01-randread-4k-qd32-j4-load025",
                "01-randread-4k-qd32-j4-load050", "01-randread-4k-qd32-j4-load100"),
                points.stream().map(Point::key).toList());
        assertNull(points.get(0).load(), "the peak runs as fast as the drive goes");
        assertFalse(points.get(0).toEngineArgs("/tmp/x").stream().anyMatch(a -> a.startsWith("--rate")));
        assertEquals(new Point.Load("01-randread-4k-qd32-j4-peak", 50), points.get(2).load());
        assertTrue(points.stream().allMatch(pt -> pt.kind() == WorkloadKind.LATENCY_UNDER_LOAD));
        assertTrue(points.get(2).describe().contains("(50 % of the peak)"), points.get(2).describe());
    }

    @Test
    void anOfferedShareIsSpreadOverTheJobs() {
        Point.Load load = new Point.Load("peak", 30);

        assertEquals(7500, load.rateIopsPerJob(100_000, 4), "30 % of 100,000 IOPS over 4 jobs");
        assertEquals(1, new Point.Load("peak", 1).rateIopsPerJob(10, 8), "never a rate of 0");
        Point resolved = new Point("k", 1, Workload.of(Rw.RANDREAD, 4096), 32, 4, 10, null, null, null, null, null,
                1, Matrix.Keep.BEST).offering(load).atRate(7500);
        assertTrue(resolved.toEngineArgs("/tmp/x").contains("--rate_iops=7500"));
    }

    @Test
    void fioJobFilesCarryTheRateAndSayWhereTheShareComesFrom() {
        List<Point> points = PlanFiles.fromJson(plan(", \"loads\": [50]", ONE_CELL), "plan.json").points();

        String resolved = FioJobFile.renderMeasurement(points.get(1).atRate(2500), "/tmp/x");
        assertTrue(resolved.contains("rate_iops=2500\n"), resolved);
        String planned = FioJobFile.renderMeasurement(points.get(1), "/tmp/x");
        assertTrue(planned.contains("offers 50 % of the IOPS [01-randread-4k-qd32-j4-peak] measured"), planned);
        assertFalse(planned.contains("\nrate_iops="), "no rate before the peak is known: " + planned);
    }

    @Test
    void theStepReadsBackAsItWasWritten() {
        TestPlan p = PlanFiles.fromJson(plan(", \"loads\": [10, 60, 90]", ONE_CELL), "plan.json");

        TestPlan again = PlanFiles.fromJson(PlanFiles.toJson(p), "again");
        assertEquals(p.steps(), again.steps());
        assertEquals(List.of(10, 60, 90), ((WorkloadStep) again.steps().get(0)).loads());
    }

    @Test
    void badLoadsAreRefusedSayingWhatToGive() {
        String falling = assertThrows(PlanException.class,
                () -> PlanFiles.fromJson(plan(", \"loads\": [50, 20]", ONE_CELL), "plan.json")).getMessage();
        assertTrue(falling.contains("does not rise"), falling);
        String over = assertThrows(PlanException.class,
                () -> PlanFiles.fromJson(plan(", \"loads\": [50, 120]", ONE_CELL), "plan.json")).getMessage();
        assertTrue(over.contains("loads[1]") && over.contains("120"), over);
        String none = assertThrows(PlanException.class,
                () -> PlanFiles.fromJson(plan("", ONE_CELL), "plan.json")).getMessage();
        assertTrue(none.contains("loads") && none.contains("e.g. [10, 20"), none);
        String matrixLoads = assertThrows(PlanException.class, () -> PlanFiles.fromJson("{\"name\": \"p\", "
                + "\"steps\": [{\"workload\": {\"rw\": \"randread\", \"bs\": \"4k\"}, \"matrix\": " + ONE_CELL
                + ", \"loads\": [50]}]}", "plan.json")).getMessage();
        assertTrue(matrixLoads.contains("only a latency-under-load step has loads"), matrixLoads);
    }

    @Test
    void theStepRunsAtOneIodepthAndNumjobsAndSetsTheRateItself() {
        String twoCells = assertThrows(PlanException.class, () -> PlanFiles.fromJson(plan(", \"loads\": [50]",
                "{\"iodepths\": [1, 32], \"numjobs\": [4], \"runtime\": 10}"), "plan.json")).getMessage();
        assertTrue(twoCells.contains("one IODepth and NumJobs"), twoCells);
        String rated = assertThrows(PlanException.class, () -> PlanFiles.fromJson("{\"name\": \"p\", \"steps\": "
                + "[{\"kind\": \"latency-under-load\", \"workload\": {\"rw\": \"randread\", \"bs\": \"4k\", "
                + "\"rateIops\": 100}, \"matrix\": " + ONE_CELL + ", \"loads\": [50]}]}", "plan.json")).getMessage();
        assertTrue(rated.contains("leave it out"), rated);
    }

    @Test
    void theLatencyUnderLoadPresetFillsThenSweepsTenSharesOfTheQd32By8Peak() {
        TestPlan p = Presets.get(Presets.LATENCY_UNDER_LOAD);

        List<PlanItem> items = p.expand();
        assertTrue(items.get(0).isPrecondition(), "one sequential fill first");
        List<Point> points = p.points();
        assertEquals(11, points.size());
        assertEquals(32, points.get(0).iodepth());
        assertEquals(8, points.get(0).numjobs());
        assertTrue(points.get(0).key().endsWith("-peak"));
        assertEquals(List.of(10, 20, 30, 40, 50, 60, 70, 80, 90, 100),
                points.subList(1, 11).stream().map(pt -> pt.load().percent()).toList());
    }

    @Test
    void theKvCachePresetWritesTheReviewsArrayRateScaledToOneDrive() {
        Point p = Presets.get(Presets.KV_CACHE_OFFLOAD).points().get(0);

        assertEquals(Rw.WRITE, p.workload().rw());
        assertEquals(1812, p.workload().rateIops());
        double bytesPerSecond = (double) p.workload().rateIops() * p.workload().bs() * p.numjobs();
        assertEquals(1.9e9 / 8, bytesPerSecond, 0.01 * 1.9e9 / 8, "1.9 GB/s across 8 drives");
        assertEquals(3600, p.runtime());
        String description = Presets.get(Presets.KV_CACHE_OFFLOAD).description();
        assertTrue(description.contains("1.9 GB/s / 8 = 237.5 MB/s") && description.contains("time budget"),
                description);
    }
}
