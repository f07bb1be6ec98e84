package io.drivelab.workload;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One engine run: a workload at one IODepth and NumJobs, either for a time ({@code runtime}, {@code ramp}) or,
 * for fills, for a number of passes over the region ({@code loops}) or bytes per job ({@code ioSize}).
 *
 * @param key      stable within its plan, e.g. "03-randread-4k-qd32-j8": the step number, then what the point
 *                 does. The same point of the same plan always gets the same key, so a resumed run skips what is
 *                 measured already; a plan edited in one step keeps the keys of the others
 * @param step     the plan step (from 1) this point belongs to, or precedes for a fresh precondition
 * @param workload what it does
 * @param runtime  measured seconds, or null for a size-based run (fill)
 * @param ramp     seconds before the measurement that are not counted, or null
 * @param size     region size in bytes, or null for the whole target
 * @param offset   region start in bytes, or null for 0
 * @param ioSize   bytes each job transfers (fills), or null
 * @param loops    passes over the region (fills), or null
 * @param passes   how often to run it (CrystalDiskMark: 5), keeping the result {@code keep} says
 * @param checkpoint for AI training checkpoints (the engine's {@code --rw=checkpoint}): what they write; the ranks
 *                   are {@code numjobs}, the write size the workload's block size. Null for every other point
 * @param kind     what the plan says the workload is: how its results are charted
 * @param load     for latency under load: the offered rate as a share of the peak point measured before it; the
 *                 runner sets the workload's rate from the stored peak. Null for every other point
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Point(String key, int step, Workload workload, int iodepth, int numjobs, Integer runtime,
                    Integer ramp, Long size, Long offset, Long ioSize, Integer loops, int passes,
                    Matrix.Keep keep, Checkpoint checkpoint, WorkloadKind kind, Load load) {

    /**
     * An offered rate of latency under load.
     *
     * @param peakKey the key of the point whose measured IOPS is 100 %
     * @param percent the share of it offered, 1 to 100
     */
    public record Load(String peakKey, int percent) {
        public Load {
            Objects.requireNonNull(peakKey, "peakKey");
            Checks.require("loads", percent, Checks.loadPercent(percent));
        }

        /** I/Os per second per job for {@code percent} of {@code peakIops} spread over {@code numjobs} (at least 1). */
        public int rateIopsPerJob(double peakIops, int numjobs) {
            return (int) Math.max(1, Math.min(Checks.MAX_RATE_IOPS, Math.round(peakIops * percent / 100 / numjobs)));
        }
    }

    public Point {
        kind = checkpoint != null ? WorkloadKind.CHECKPOINT : kind == null ? WorkloadKind.MATRIX : kind;
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(keep, "keep");
        Checks.require("iodepth", iodepth, Checks.iodepth(iodepth));
        Checks.require("numjobs", numjobs, Checks.numjobs(numjobs));
        Checks.require("passes", passes, Checks.passes(passes));
        Checks.require("", Checks.inFlight(iodepth, numjobs));
        if (runtime == null && loops == null && ioSize == null && checkpoint == null) {
            throw PlanException.of("runtime", "missing: a point runs for a time or, for fills, loops or ioSize");
        }
        if (checkpoint != null && (runtime != null || loops != null || ioSize != null)) {
            throw PlanException.of("runtime", "a checkpoint point runs its checkpoints, not for a time or loops");
        }
    }

    /** A point of its kind without a load (the canonical constructor before loads). */
    public Point(String key, int step, Workload workload, int iodepth, int numjobs, Integer runtime, Integer ramp,
                 Long size, Long offset, Long ioSize, Integer loops, int passes, Matrix.Keep keep,
                 Checkpoint checkpoint, WorkloadKind kind) {
        this(key, step, workload, iodepth, numjobs, runtime, ramp, size, offset, ioSize, loops, passes, keep,
                checkpoint, kind, null);
    }

    /** A point that is not a checkpoint. */
    public Point(String key, int step, Workload workload, int iodepth, int numjobs, Integer runtime, Integer ramp,
                 Long size, Long offset, Long ioSize, Integer loops, int passes, Matrix.Keep keep) {
        this(key, step, workload, iodepth, numjobs, runtime, ramp, size, offset, ioSize, loops, passes, keep, null,
                WorkloadKind.MATRIX);
    }

    /** The same point as part of a workload of another kind. */
    public Point as(WorkloadKind newKind) {
        return new Point(key, step, workload, iodepth, numjobs, runtime, ramp, size, offset, ioSize, loops, passes,
                keep, checkpoint, newKind, load);
    }

    /** The same point under another key. */
    Point withKey(String newKey) {
        return new Point(newKey, step, workload, iodepth, numjobs, runtime, ramp, size, offset, ioSize, loops, passes,
                keep, checkpoint, kind, load);
    }

    /** The same point offered at {@code newLoad} of the peak point's IOPS (latency under load). */
    public Point offering(Load newLoad) {
        return new Point(key, step, workload, iodepth, numjobs, runtime, ramp, size, offset, ioSize, loops, passes,
                keep, checkpoint, kind, newLoad);
    }

    /** The same point at {@code rateIops} I/Os per second per job (its load resolved against the measured peak). */
    public Point atRate(int rateIops) {
        return new Point(key, step, workload.withRateIops(rateIops), iodepth, numjobs, runtime, ramp, size, offset,
                ioSize, loops, passes, keep, checkpoint, kind, load);
    }

    /** AI training checkpoints: a point of {@code ranks} writers. */
    public static Point checkpoint(String key, int step, Workload workload, int ranks, Long size, Long offset,
                                   Checkpoint checkpoint) {
        return new Point(key, step, workload, 1, ranks, null, null, size, offset, null, null, 1, Matrix.Keep.BEST,
                java.util.Objects.requireNonNull(checkpoint, "checkpoint"), WorkloadKind.CHECKPOINT);
    }

    /** Writes checkpoints ({@link #checkpoint()} is set). */
    @JsonIgnore
    public boolean isCheckpoint() {
        return checkpoint != null;
    }

    /** The engine's {@code --rw}: the workload's, or "checkpoint". */
    @JsonIgnore
    public String engineRw() {
        return checkpoint != null ? "checkpoint" : workload.rw().value();
    }

    /** The engine's options for this point, {@code --filename} first, in docs/engine.md's syntax. */
    public List<String> toEngineArgs(String target) {
        return toEngineArgs(target, List.of());
    }

    /**
     * The engine's options for this point, then {@code extra} as given (e.g. {@code --allow-write-block},
     * {@code --status-interval=500}).
     */
    public List<String> toEngineArgs(String target, Collection<String> extra) {
        Objects.requireNonNull(target, "target");
        List<String> args = new ArrayList<>();
        args.add("--filename=" + target);
        args.add("--name=" + key);
        args.add("--rw=" + engineRw());
        if (checkpoint != null) {
            args.add("--bs=" + Units.formatSize(workload.bs()));
            args.add("--numjobs=" + numjobs);
            args.add("--checkpoint_size=" + checkpoint.engineSize());
            args.add("--checkpoints=" + checkpoint.perPass());
            args.add("--passes=" + checkpoint.passes());
            args.add("--direct=" + (checkpoint.direct() ? 1 : 0));
            if (size != null) {
                args.add("--size=" + Units.formatSize(size));
            }
            if (offset != null) {
                args.add("--offset=" + Units.formatSize(offset));
            }
            args.addAll(extra);
            return args;
        }
        if (workload.mix() != null) {
            args.add("--bssplit=" + workload.mix().toEngineSpec());
        } else {
            args.add("--bs=" + Units.formatSize(workload.bs()));
        }
        if (workload.rwmixread() != null) {
            args.add("--rwmixread=" + workload.rwmixread());
        }
        if (workload.rateIops() != null) {
            args.add("--rate_iops=" + workload.rateIops());
        }
        args.add("--iodepth=" + iodepth);
        args.add("--numjobs=" + numjobs);
        if (size != null) {
            args.add("--size=" + Units.formatSize(size));
        }
        if (offset != null) {
            args.add("--offset=" + Units.formatSize(offset));
        }
        if (runtime != null) {
            args.add("--runtime=" + runtime);
        }
        if (ramp != null && ramp > 0) {
            args.add("--ramp_time=" + ramp);
        }
        if (ioSize != null) {
            args.add("--io_size=" + Units.formatSize(ioSize));
        }
        if (loops != null) {
            args.add("--loops=" + loops);
        }
        args.addAll(extra);
        return args;
    }

    /** Runs for a time (not a fill). */
    @JsonIgnore
    public boolean isTimeBased() {
        return runtime != null;
    }

    /** Seconds of all passes, ramps included; 0 for a fill, whose time depends on the drive. */
    @JsonIgnore
    public long estimatedSeconds() {
        if (runtime == null) {
            return 0;
        }
        return (long) passes * ((long) runtime + (ramp == null ? 0 : ramp));
    }

    /** "randread 4k QD32/8, 60 s + 5 s ramp", "write 128k QD256/1, 2 passes over the region". */
    public String describe() {
        if (checkpoint != null) {
            return "checkpoint " + numjobs + " ranks x " + Units.formatSize(workload.bs()) + " writes, "
                    + checkpoint.describe();
        }
        StringBuilder sb = new StringBuilder();
        sb.append(workload.rw().value()).append(' ')
                .append(workload.mix() != null ? workload.mix().toEngineSpec() : Units.formatSize(workload.bs()));
        if (workload.rwmixread() != null) {
            sb.append(" (").append(workload.rwmixread()).append("% reads)");
        }
        sb.append(String.format(Locale.ROOT, " QD%d/%d", iodepth, numjobs));
        if (workload.rateIops() != null) {
            sb.append(String.format(Locale.ROOT, " at %d IOPS per job", workload.rateIops()));
        }
        if (load != null) {
            sb.append(String.format(Locale.ROOT, " (%d %% of the peak)", load.percent()));
        }
        if (runtime != null) {
            sb.append(", ").append(runtime).append(" s");
            if (ramp != null && ramp > 0) {
                sb.append(" + ").append(ramp).append(" s ramp");
            }
        } else if (ioSize != null) {
            sb.append(", ").append(Units.formatSize(ioSize)).append(" per job");
        } else {
            sb.append(", ").append(loops).append(loops == 1 ? " pass" : " passes").append(" over the region");
        }
        if (passes > 1) {
            sb.append(", ").append(keep.value()).append(" of ").append(passes);
        }
        return sb.toString();
    }
}
