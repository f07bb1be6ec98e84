package io.drivelab.workload;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Locale;

/**
 * What a checkpoint point writes (the engine's {@code --rw=checkpoint}, docs/engine.md): checkpoints of a fixed
 * size, or of a share of the target, {@code perPass} of them in each of {@code passes} passes. The ranks and the
 * write size are the point's NumJobs and block size.
 *
 * @param size         bytes per checkpoint, all ranks together, or null for a share of the target
 * @param sharePercent the share of the target (its size, or the plan's region) per checkpoint, when size is null
 * @param perPass      checkpoints per pass
 * @param passes       passes; the reviews average the time per checkpoint of each
 * @param direct       O_DIRECT writes; false writes through the page cache, as torch.save() does
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Checkpoint(Long size, Double sharePercent, int perPass, int passes, boolean direct) {
    /** The reviews' checkpoint: LLaMA 3.1 405B, 8 GPUs (TP 4 × PP 2), 1,636 GB. */
    public static final long REVIEWED_CHECKPOINT_BYTES = 1_636_000_000_000L;
    /** The Kingston DC3000ME the Korean review ran it on: 7.68 TB. */
    public static final long REVIEWED_DRIVE_BYTES = 7_680_000_000_000L;
    /** 1,636 GB of 7.68 TB: the share of the target a checkpoint takes by default (21.3 %). */
    public static final double REVIEWS_SHARE_PERCENT = 100.0 * REVIEWED_CHECKPOINT_BYTES / REVIEWED_DRIVE_BYTES;
    /** The reviews' 36 checkpoints over three passes. */
    public static final int REVIEWS_PER_PASS = 12;
    public static final int REVIEWS_PASSES = 3;
    /** 8 GPUs: tensor parallel 4 × pipeline parallel 2, each a rank writing its shard. */
    public static final int REVIEWS_RANKS = 8;
    /** The engine keeps every checkpoint of a run for its result: at most this many. */
    static final int MAX_TOTAL = 10_000;

    public Checkpoint {
        Checks.require("size", problemWithSize(size, sharePercent));
        if (size != null) {
            Checks.require("size", size, Checks.regionSize(size));
        }
        if (sharePercent != null) {
            Checks.require("share", sharePercent, shareProblem(sharePercent));
        }
        Checks.require("checkpoints", perPass, Checks.checkpoints(perPass));
        Checks.require("passes", passes, Checks.checkpointPasses(passes));
        if ((long) perPass * passes > MAX_TOTAL) {
            throw PlanException.of("checkpoints", perPass + " per pass x " + passes + " passes is more than "
                    + MAX_TOTAL + " checkpoints in one run");
        }
        if (size != null && size > Long.MAX_VALUE / ((long) perPass * passes)) {
            throw PlanException.of("size", Units.formatSize(size) + " x " + (perPass * passes)
                    + " checkpoints is too large a size to write");
        }
    }

    /** The reviews' setup: 12 checkpoints per pass, 3 passes, buffered, 1,636 GB scaled to the target. */
    public static Checkpoint reviews() {
        return new Checkpoint(null, REVIEWS_SHARE_PERCENT, REVIEWS_PER_PASS, REVIEWS_PASSES, false);
    }

    static String problemWithSize(Long size, Double sharePercent) {
        if (size != null && sharePercent != null) {
            return "give size or share, not both";
        }
        return size == null && sharePercent == null ? "missing: give size (e.g. \"8g\") or share (percent of the "
                + "target)" : null;
    }

    static String shareProblem(double percent) {
        return percent > 0 && percent <= 100 ? null : "is not a percentage above 0 and up to 100";
    }

    /** The engine's {@code --checkpoint_size}: "8g" or "21.302083%". */
    @JsonIgnore
    public String engineSize() {
        return size != null ? Units.formatSize(size) : String.format(Locale.ROOT, "%.6f%%", sharePercent);
    }

    /** Checkpoints in the whole run. */
    @JsonIgnore
    public int total() {
        return perPass * passes;
    }

    /** Bytes of one checkpoint on a target of {@code targetBytes} (before the engine rounds to whole shards). */
    public long bytesOn(long targetBytes) {
        return size != null ? size : (long) (targetBytes * sharePercent / 100);
    }

    /** "21.3 % of the target (the reviews' 1,636 GB of 7.68 TB, scaled)", or "8g". */
    @JsonIgnore
    public String describeSize() {
        if (size != null) {
            return Units.formatSize(size);
        }
        String share = String.format(Locale.ROOT, "%.1f %% of the target", sharePercent);
        return Math.abs(sharePercent - REVIEWS_SHARE_PERCENT) < 1e-9
                ? share + " (the reviews' 1,636 GB of a 7.68 TB drive, scaled)" : share;
    }

    /** "12 per pass x 3 passes of 21.3 % of the target ..., buffered". */
    @JsonIgnore
    public String describe() {
        return perPass + " per pass x " + passes + (passes == 1 ? " pass" : " passes") + " of " + describeSize()
                + ", " + (direct ? "direct" : "buffered");
    }
}
