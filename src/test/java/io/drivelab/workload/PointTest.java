package io.drivelab.workload;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PointTest {
    private static final long K = 1024;

    private static TestPlan plan(Region region, Step... steps) {
        return new TestPlan("t", "", region, List.of(steps));
    }

    private static WorkloadStep step(Workload w, int qd, int jobs) {
        return new WorkloadStep(w, Matrix.single(qd, jobs, 60, 5, 0));
    }

    @Test
    void theKeyNamesStepPatternSizeDepthAndJobs() {
        TestPlan p = plan(Region.WHOLE, step(Workload.of(Rw.WRITE, 128 * K), 16, 1),
                step(Workload.of(Rw.READ, 128 * K), 64, 1),
                step(Workload.of(Rw.RANDREAD, 4 * K), 32, 8));
        assertEquals(List.of("01-write-128k-qd16-j1", "02-read-128k-qd64-j1", "03-randread-4k-qd32-j8"),
                p.points().stream().map(Point::key).toList());
    }

    @Test
    void keysOfOtherStepsStayTheSameWhenOneStepsMatrixChanges() {
        Workload read = Workload.of(Rw.RANDREAD, 4 * K);
        Workload write = Workload.of(Rw.RANDWRITE, 4 * K);
        TestPlan before = plan(Region.WHOLE, new WorkloadStep(read, Matrix.of(List.of(1, 2), List.of(1), 60, 0, 0)),
                step(write, 32, 1));
        TestPlan after = plan(Region.WHOLE, new WorkloadStep(read, Matrix.of(List.of(1, 2, 4), List.of(1), 60, 0, 0)),
                step(write, 32, 1));
        Point last = before.points().get(before.points().size() - 1);
        assertEquals(last.key(), after.points().get(after.points().size() - 1).key());
    }

    @Test
    void aTimedPointGivesTheEngineItsOptionsInFiosNames() {
        Point p = plan(Region.ofSize(8L << 30), step(Workload.of(Rw.RANDREAD, 4 * K), 32, 8)).points().get(0);
        assertEquals(List.of("--filename=/dev/nvme0n1", "--name=01-randread-4k-qd32-j8", "--rw=randread", "--bs=4k",
                        "--iodepth=32", "--numjobs=8", "--size=8g", "--runtime=60", "--ramp_time=5"),
                p.toEngineArgs("/dev/nvme0n1"));
    }

    @Test
    void aMixGoesAsBssplitWithItsDecimalWeights() {
        Workload cdnRead = Workload.of("CDN read", Rw.RANDREAD, BlockSizeMix.parse("128k/83.21:64k/16.79"));
        Point p = plan(Region.WHOLE, step(cdnRead, 1, 1)).points().get(0);
        List<String> args = p.toEngineArgs("/tmp/x.img");
        assertTrue(args.contains("--bssplit=128k/83.21:64k/16.79"), args.toString());
        assertFalse(args.stream().anyMatch(a -> a.startsWith("--bs=")), args.toString());
        assertEquals("01-randread-128k-mix-qd1-j1", p.key());
    }

    @Test
    void rwmixreadGoesOnlyWithAMixedWorkload() {
        Workload mixed = new Workload("70/30", Rw.RANDRW, 4 * K, null, 70);
        Point p = plan(Region.WHOLE, step(mixed, 1, 1)).points().get(0);
        assertTrue(p.toEngineArgs("/x").contains("--rwmixread=70"));
        PlanException e = assertThrows(PlanException.class,
                () -> new Workload("r", Rw.RANDREAD, 4 * K, null, 70));
        assertEquals("rwmixread: only applies to randrw and rw, not randread", e.getMessage());
    }

    @Test
    void aFillRunsForLoopsOverTheRegionNotForATime() {
        TestPlan p = plan(new Region(1L << 30, 1L << 20), Precondition.Fill.of("fill", 128 * K, 256, 1, 2),
                step(Workload.of(Rw.READ, 128 * K), 1, 1));
        PlanItem fill = p.expand().get(0);
        assertTrue(fill.isPrecondition());
        assertEquals(List.of("--filename=/dev/sdz", "--name=01-fill-128k-qd256-j1", "--rw=write", "--bs=128k",
                "--iodepth=256", "--numjobs=1", "--size=1g", "--offset=1m", "--loops=2"),
                fill.point().toEngineArgs("/dev/sdz"));
        assertFalse(fill.point().isTimeBased());
    }

    @Test
    void aFillWithABytesBudgetUsesIoSize() {
        Precondition.Fill f = new Precondition.Fill("warm-up", 1024 * K, null, 4, 4, 1, 16L << 30);
        TestPlan p = plan(Region.WHOLE, f, step(Workload.of(Rw.READ, 128 * K), 1, 1));
        List<String> args = p.expand().get(0).point().toEngineArgs("/dev/sdz");
        assertTrue(args.contains("--io_size=16g"), args.toString());
        assertFalse(args.stream().anyMatch(a -> a.startsWith("--loops")), args.toString());
    }

    @Test
    void extraOptionsComeLast() {
        Point p = plan(Region.WHOLE, step(Workload.of(Rw.RANDWRITE, 4 * K), 1, 1)).points().get(0);
        List<String> args = p.toEngineArgs("/dev/sdz", List.of("--allow-write-block", "--status-interval=500"));
        assertEquals(List.of("--allow-write-block", "--status-interval=500"), args.subList(args.size() - 2,
                args.size()));
    }

    @Test
    void aPointSurvivesAPlainObjectMapper() throws Exception {
        Workload cdnRead = Workload.of("CDN read", Rw.RANDREAD, BlockSizeMix.parse("128k/83.21:64k/16.79"));
        Point p = plan(Region.ofSize(8L << 30), new WorkloadStep(cdnRead,
                Matrix.single(4, 2, 300, 0, 180).withPasses(5, Matrix.Keep.BEST))).points().get(0);
        ObjectMapper mapper = new ObjectMapper();
        String json = mapper.writeValueAsString(p);
        assertTrue(json.contains("\"mix\":\"128k/83.21:64k/16.79\""), json);
        assertTrue(json.contains("\"rw\":\"randread\""), json);
        assertEquals(p, mapper.readValue(json, Point.class));
    }
}
