package io.drivelab.workload;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TestPlanTest {
    private static final long K = 1024;

    private static WorkloadStep sweep(Rw rw, long bs, List<Integer> qds, List<Integer> jobs, int idle) {
        return new WorkloadStep(Workload.of(rw, bs), Matrix.of(qds, jobs, 60, 5, idle));
    }

    private static List<String> kinds(TestPlan plan) {
        return plan.expand().stream().map(i -> i.isIdle() ? "idle" : i.point().key()).toList();
    }

    @Test
    void iodepthIsTheOuterLoopByDefault() {
        TestPlan p = new TestPlan("t", "", Region.WHOLE, List.of(sweep(Rw.RANDREAD, 4 * K, List.of(1, 2),
                List.of(1, 4), 0)));
        assertEquals(List.of("01-randread-4k-qd1-j1", "01-randread-4k-qd1-j4", "01-randread-4k-qd2-j1",
                "01-randread-4k-qd2-j4"), kinds(p));
    }

    @Test
    void numjobsCanBeTheOuterLoopAsInTheCdnCharts() {
        WorkloadStep s = new WorkloadStep(Workload.of(Rw.RANDREAD, 4 * K),
                Matrix.of(List.of(1, 2), List.of(1, 4), 60, 0, 0).withOuter(Matrix.Outer.NUMJOBS));
        TestPlan p = new TestPlan("t", "", Region.WHOLE, List.of(s));
        assertEquals(List.of("01-randread-4k-qd1-j1", "01-randread-4k-qd2-j1", "01-randread-4k-qd1-j4",
                "01-randread-4k-qd2-j4"), kinds(p));
    }

    @Test
    void idleFollowsEveryPointButTheLastOfThePlan() {
        TestPlan p = new TestPlan("t", "", Region.WHOLE, List.of(
                sweep(Rw.RANDWRITE, 4 * K, List.of(1, 2), List.of(1), 180),
                sweep(Rw.RANDREAD, 4 * K, List.of(1), List.of(1), 180)));
        assertEquals(List.of("01-randwrite-4k-qd1-j1", "idle", "01-randwrite-4k-qd2-j1", "idle",
                "02-randread-4k-qd1-j1"), kinds(p));
        assertEquals(180, p.expand().get(1).idleSeconds());
    }

    @Test
    void withoutTheFlagNoPreconditionIsAdded() {
        TestPlan p = new TestPlan("t", "", Region.WHOLE, List.of(
                sweep(Rw.WRITE, 128 * K, List.of(16), List.of(1), 0),
                sweep(Rw.RANDREAD, 4 * K, List.of(1), List.of(1), 0)));
        assertTrue(p.expand().stream().noneMatch(PlanItem::isPrecondition));
        assertEquals(false, p.freshPreconditionOnBsChange());
    }

    @Test
    void withTheFlagAFreshPreconditionPrecedesEachNewTransferSize() {
        TestPlan p = new TestPlan("t", "", Region.WHOLE, List.of(
                sweep(Rw.WRITE, 128 * K, List.of(16), List.of(1), 0),
                sweep(Rw.READ, 128 * K, List.of(64), List.of(1), 0),
                sweep(Rw.RANDREAD, 64 * K, List.of(1), List.of(1), 0),
                sweep(Rw.RANDWRITE, 64 * K, List.of(1), List.of(1), 0),
                sweep(Rw.RANDREAD, 4 * K, List.of(1), List.of(1), 0)), FreshPrecondition.DEFAULT);
        assertEquals(List.of(
                "01-fill-128k-qd256-j1", "01-write-128k-qd16-j1", "02-read-128k-qd64-j1",
                "03-steady-state-64k-qd32-j4", "03-randread-64k-qd1-j1", "04-randwrite-64k-qd1-j1",
                "05-steady-state-4k-qd32-j4", "05-randread-4k-qd1-j1"), kinds(p));
    }

    @Test
    void switchingBetweenSequentialAndRandomAtTheSameSizeAlsoPreconditions() {
        TestPlan p = new TestPlan("t", "", Region.WHOLE, List.of(
                sweep(Rw.RANDWRITE, 16 * K, List.of(1), List.of(1), 0),
                sweep(Rw.WRITE, 16 * K, List.of(1), List.of(1), 0)), FreshPrecondition.DEFAULT);
        assertEquals(List.of("01-steady-state-16k-qd32-j4", "01-randwrite-16k-qd1-j1", "02-fill-16k-qd256-j1",
                "02-write-16k-qd1-j1"), kinds(p));
    }

    @Test
    void aSteadyStatePreconditionRunsRoundsUpToItsLimit() {
        TestPlan p = new TestPlan("t", "", Region.WHOLE, List.of(
                new Precondition.UntilSteady("ss", 4 * K, null, 32, 4, 25, 60),
                sweep(Rw.RANDREAD, 4 * K, List.of(1), List.of(1), 0)));
        PlanItem ss = p.expand().get(0);
        assertTrue(ss.untilSteady());
        assertEquals(25, ss.maxRounds());
        assertEquals(60, ss.point().runtime());
        assertEquals(25 * 60, ss.estimatedSeconds(), "the worst case: every round");
        assertTrue(ss.point().toEngineArgs("/x").contains("--rw=randwrite"));
    }

    @Test
    void theEstimateIsTheSumOfItsParts() {
        TestPlan p = new TestPlan("t", "", Region.ofSize(1L << 30), List.of(
                Precondition.Fill.of("fill", 128 * K, 32, 1, 2),
                new Precondition.Saturate("sat", 4 * K, null, 32, 4, 600),
                sweep(Rw.RANDREAD, 4 * K, List.of(1, 2), List.of(1), 30),
                new WorkloadStep(Workload.of(Rw.READ, 128 * K),
                        Matrix.single(8, 1, 5, 0, 5).withPasses(5, Matrix.Keep.BEST))));
        Estimate e = p.estimatedDuration();
        // saturate 600 + 2 points × (60 + 5) + idle 30 between them and after the 2nd + 5 passes × 5 s
        assertEquals(600 + 2 * 65 + 2 * 30 + 25, e.timed().getSeconds());
        assertEquals(2, e.regionPasses());
        assertEquals(e.timed().plusSeconds(2 * 100), e.total(1L << 30, (1L << 30) / 100.0));
        assertEquals("13 min 35 s + 2 passes over the region", e.describe());
    }

    @Test
    void withTimesChangesEveryMatrixAndKeepsWhatIsNull() {
        TestPlan p = new TestPlan("t", "", Region.WHOLE, List.of(
                new Precondition.Saturate("sat", 4 * K, null, 32, 4, 600),
                sweep(Rw.RANDREAD, 4 * K, List.of(1), List.of(1), 30),
                sweep(Rw.RANDWRITE, 4 * K, List.of(1), List.of(1), 30)));
        TestPlan shorter = p.withTimes(10, null, 0);
        for (Point pt : shorter.points()) {
            assertEquals(10, pt.runtime());
            assertEquals(5, pt.ramp());
        }
        assertTrue(shorter.expand().stream().noneMatch(PlanItem::isIdle));
        assertEquals(600, shorter.expand().get(0).point().runtime(), "preconditions keep their time");
        assertEquals(p, p.withTimes(null, null, null));
    }

    @Test
    void anotherRegionIsSaidInTheDescriptionWhichSpeaksOfThePlansOwn() {
        TestPlan quick = Presets.get(Presets.QUICK);
        assertTrue(quick.description().startsWith("A quick sanity sweep on the first 1 GiB"), quick.description());

        TestPlan small = quick.withTarget(Region.ofSize(256L << 20));
        assertTrue(small.description().endsWith(" Region changed: the first 256 MiB, not the first 1 GiB."),
                small.description());
        assertTrue(quick.withTarget(new Region(1L << 30, 4L << 30)).description()
                .endsWith(" Region changed: 1 GiB from 4 GiB, not the first 1 GiB."));
        assertTrue(quick.withTarget(Region.WHOLE).description()
                .endsWith(" Region changed: the whole target, not the first 1 GiB."));
        assertEquals(quick.description(), quick.withTarget(new Region(1L << 30, 0L)).description(),
                "offset 0 is the plan's own region");
        assertEquals("Region changed: from 1 GiB to the end, not the whole target.",
                new TestPlan("t", "", Region.WHOLE, List.of(sweep(Rw.READ, 4 * K, List.of(1), List.of(1), 0)))
                        .withTarget(new Region(null, 1L << 30)).description());
    }

    @Test
    void aPlanNeedsANameAndSteps() {
        assertEquals("name: missing: a plan needs a name", assertThrows(PlanException.class,
                () -> new TestPlan(" ", "", Region.WHOLE, List.of(sweep(Rw.READ, 4 * K, List.of(1), List.of(1), 0))))
                .getMessage());
        assertEquals("steps: is empty; a plan needs at least one step", assertThrows(PlanException.class,
                () -> new TestPlan("t", "", Region.WHOLE, List.of())).getMessage());
    }

    @Test
    void buffersBeyondTheEnginesLimitAreRefused() {
        PlanException e = assertThrows(PlanException.class, () -> new WorkloadStep(Workload.of(Rw.READ, 1L << 30),
                Matrix.single(2, 1, 10, 0, 0)));
        assertEquals("matrix.iodepths[0]: 2 needs 2048 MiB of buffers per job with 1g blocks; the engine's limit "
                + "is 1024 MiB", e.getMessage());
    }

    @Test
    void withTimesSaysInTheDescriptionWhichTimesItReplaced() {
        TestPlan trial = Presets.get(Presets.QUICK).withTimes(2, 0, null);

        assertTrue(trial.description().endsWith("Times changed for every point: runtime 2 s, ramp 0 s."),
                trial.description());
        assertEquals(Presets.get(Presets.QUICK).description(), Presets.get(Presets.QUICK).withTimes(null, null, null)
                .description());
    }
}
