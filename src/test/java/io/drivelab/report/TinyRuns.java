package io.drivelab.report;

import java.nio.file.Path;
import java.util.List;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.run.PlanRunner;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.Step;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;

/** Short real runs (the engine on a 16 MiB test file, 1 s per point) stored in a real database, for reports. */
public final class TinyRuns {
    private TinyRuns() {
    }

    /** 4K random read and 128K sequential write, each at IODepth 1 and 4 with 1 job: 4 points, about 5 s. */
    public static long fourPoints(Store store, Path dir) {
        return run(store, dir, "tiny", List.of(
                new WorkloadStep(Workload.of("4K random read", Rw.RANDREAD, 4096),
                        Matrix.of(List.of(1, 4), List.of(1), 1, 0, 0)),
                new WorkloadStep(Workload.of("128K sequential write", Rw.WRITE, 128 * 1024),
                        Matrix.of(List.of(1, 4), List.of(1), 1, 0, 0))));
    }

    /** 4K random read at IODepth 1 with 1 and 2 jobs: 2 points. */
    public static long twoPoints(Store store, Path dir) {
        return run(store, dir, "tinier", List.of(
                new WorkloadStep(Workload.of("4K random read", Rw.RANDREAD, 4096),
                        Matrix.of(List.of(1), List.of(1, 2), 1, 0, 0))));
    }

    /**
     * Two workloads of the same kind (4K random read) under their own names, as CrystalDiskMark's RND4K Q32T16 and
     * RND4K Q1T1 are: QD4 x 2 jobs, then QD1 x 1 job; 2 points.
     */
    public static long crystalLike(Store store, Path dir) {
        return run(store, dir, "crystal-like", List.of(
                new WorkloadStep(Workload.of("RND4K Q4T2 read", Rw.RANDREAD, 4096),
                        Matrix.of(List.of(4), List.of(2), 1, 0, 0)),
                new WorkloadStep(Workload.of("RND4K Q1T1 read", Rw.RANDREAD, 4096),
                        Matrix.of(List.of(1), List.of(1), 1, 0, 0))));
    }

    /**
     * 4K random read at QD16 x 8 jobs, where the Kingston DC3000ME review has IOPS and mean latency, at QD4 x 1
     * job, where no review measured, and at QD1 x 1 job, where it has only a mean latency: 3 points.
     */
    public static long likeTheReviews(Store store, Path dir) {
        return run(store, dir, "like-the-reviews", List.of(
                new WorkloadStep(Workload.of("4K random read", Rw.RANDREAD, 4096),
                        Matrix.of(List.of(16), List.of(8), 1, 0, 0)),
                new WorkloadStep(Workload.of("4K random read QD4", Rw.RANDREAD, 4096),
                        Matrix.of(List.of(4), List.of(1), 1, 0, 0)),
                new WorkloadStep(Workload.of("4K random read QD1", Rw.RANDREAD, 4096),
                        Matrix.of(List.of(1), List.of(1), 1, 0, 0))));
    }

    private static long run(Store store, Path dir, String name, List<Step> steps) {
        TestPlan plan = new TestPlan(name, "a short run for tests", Region.ofSize(16L << 20), steps);
        PlanRunner runner = new PlanRunner(store, Path.of(System.getProperty("drivelab.engine")),
                new DeviceDiscovery(), null).statusInterval(500);
        long id = runner.createRun(plan, dir.resolve(name + ".img"), null, null);
        RunStatus status = runner.execute(id, null);
        if (status != RunStatus.COMPLETE) {
            throw new IllegalStateException("the tiny run ended " + status + ": "
                    + store.getRun(id).orElseThrow().error());
        }
        return id;
    }
}
