package io.drivelab.run;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.CheckpointEvent;
import io.drivelab.engine.CheckpointSummary;
import io.drivelab.store.PointResult;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.TempStore;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.Checkpoint;
import io.drivelab.workload.CheckpointStep;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Region;
import io.drivelab.workload.TestPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** A checkpoint plan through the runner: the real engine on a temp file, stored in a real SQLite file. */
@ExtendWith(TempStore.class)
class CheckpointRunTest {
    private static final long MIB = 1 << 20;
    private static final Path ENGINE = Path.of(System.getProperty("drivelab.engine", "target/drivelab-engine"));

    @TempDir
    Path dir;
    final Store store;

    CheckpointRunTest(Store store) {
        this.store = store;
    }

    /** 4 ranks, checkpoints of a quarter of a 64 MiB region, 3 per pass x 2 passes. */
    private static TestPlan plan() {
        return new TestPlan("ckpt", "", Region.ofSize(64 * MIB), List.of(new CheckpointStep("ckpt",
                new Checkpoint(null, 25.0, 3, 2, false), 4, MIB)));
    }

    @Test
    void aCheckpointPointIsStoredWithCheckpointFigures() {
        List<CheckpointEvent> seen = new CopyOnWriteArrayList<>();
        PlanRunner runner = new PlanRunner(store, ENGINE, new DeviceDiscovery(), new RunListener() {
            @Override
            public void checkpoint(PlanItem item, CheckpointEvent checkpoint) {
                seen.add(checkpoint);
            }
        });
        long id = runner.createRun(plan(), dir.resolve("ckpt.img"), null, null);

        assertEquals(RunStatus.COMPLETE, runner.execute(id, null));

        List<StoredPoint> points = store.listPoints(id);
        assertEquals(1, points.size());
        PointResult p = points.get(0).point();
        assertEquals("checkpoint", p.meta().rw());
        assertEquals(4, p.meta().numjobs());
        CheckpointSummary s = CheckpointSummary.fromResultJson(p.resultJson()).orElseThrow();
        assertEquals(6, s.checkpoints().size(), "the whole engine result is kept");
        assertEquals(seen, s.checkpoints(), "each checkpoint was reported as it finished");
        assertEquals(16 * MIB, s.size());
        // headline figures: GB/s as throughput, seconds per checkpoint as the mean latency
        assertEquals(Math.round(s.gbPerS() * 1e9), p.write().bwBytes());
        assertEquals(s.meanSeconds(), CheckpointFigures.meanSeconds(p), 1e-6);
        assertEquals(2, s.passAverages().size());
    }

    @Test
    void checkpointsGoIntoAFolderAsFilesAndAreRemovedWhenTheRunCompletes() throws Exception {
        Path folder = java.nio.file.Files.createDirectory(dir.resolve("checkpoints"));
        Path mine = java.nio.file.Files.writeString(folder.resolve("notes.txt"), "not DriveLab's");
        PlanRunner runner = new PlanRunner(store, ENGINE, new DeviceDiscovery(), RunListener.NONE);
        long id = runner.createRun(plan(), folder, null, null);

        assertEquals(RunStatus.COMPLETE, runner.execute(id, null));

        assertEquals("folder", store.getRun(id).orElseThrow().targetKind());
        CheckpointSummary s = CheckpointSummary.fromResultJson(store.listPoints(id).get(0).point().resultJson())
                .orElseThrow();
        assertEquals(6, s.checkpoints().size());
        try (var left = java.nio.file.Files.list(folder)) {
            assertEquals(List.of(mine), left.toList(), "the checkpoint files stayed, or another file went");
        }
    }

    @Test
    void aFolderIsRefusedForAPlanThatIsNotOnlyCheckpoints() throws Exception {
        Path folder = java.nio.file.Files.createDirectory(dir.resolve("data"));
        TestPlan mixed = io.drivelab.workload.Presets.get(io.drivelab.workload.Presets.QUICK);
        PlanRunner runner = new PlanRunner(store, ENGINE, new DeviceDiscovery(), RunListener.NONE);

        RunException e = org.junit.jupiter.api.Assertions.assertThrows(RunException.class,
                () -> runner.createRun(mixed, folder, null, null));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("is a folder"), e.getMessage());
    }

    @Test
    void aReviewedDlioTimeComparesAsGbPerSecond() {
        // the Kingston DC3000ME's pass 1 average: 465.04 s per 1,636 GB checkpoint
        assertEquals(3.518, CheckpointFigures.reviewedGbPerS(465.04), 0.001);
    }

    @Test
    void checkpointPercentilesAreNearestRank() {
        long[] times = {10, 20, 30, 40};
        assertEquals(20, CheckpointFigures.rank(times, 50));
        assertEquals(40, CheckpointFigures.rank(times, 99), "with a few checkpoints the 99th is the slowest");
        assertArrayEquals(new long[]{10, 20, 30, 40}, times);
    }
}
