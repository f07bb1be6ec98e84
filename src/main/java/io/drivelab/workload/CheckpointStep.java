package io.drivelab.workload;

import java.util.Objects;

/**
 * AI training checkpoints, as the reviews' DLIO runs: {@code ranks} writers each write their shard of one
 * checkpoint in sequential writes of {@code bs}, then fsync; the time of a checkpoint runs to the last fsync.
 * One measured point: all checkpoints of all passes in one engine run.
 */
public record CheckpointStep(String name, Checkpoint checkpoint, int ranks, long bs) implements Step {
    public static final long DEFAULT_BS = 1L << 20;

    public CheckpointStep {
        name = name == null || name.isBlank() ? "checkpoint" : name;
        Objects.requireNonNull(checkpoint, "checkpoint");
        Checks.require("ranks", ranks, Checks.numjobs(ranks));
        Checks.require("bs", bs, Checks.blockSize(bs));
    }

    /** The reviews' DLIO checkpointing: 8 ranks, 1 MiB writes, 1,636 GB scaled to the target, 12 x 3. */
    public static CheckpointStep reviews(String name) {
        return new CheckpointStep(name, Checkpoint.reviews(), Checkpoint.REVIEWS_RANKS, DEFAULT_BS);
    }

    /** What the ranks write, as a workload: sequential writes of bs (so every write guard sees a writer). */
    public Workload workload() {
        return new Workload(name, Rw.WRITE, bs, null, null);
    }
}
