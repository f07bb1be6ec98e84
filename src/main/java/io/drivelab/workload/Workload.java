package io.drivelab.workload;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.Objects;

/**
 * What one point does: the access pattern and the transfer size, either one block size or a weighted mix.
 *
 * @param name      the user's name for it, e.g. "CDN read mix"; shown on charts
 * @param rw        the access pattern
 * @param bs        block size in bytes, or null when {@code mix} is given
 * @param mix       weighted block-size mix, or null when {@code bs} is given
 * @param rwmixread % of reads for {@code randrw} and {@code rw}; null otherwise (the engine's default is 50)
 * @param rateIops  I/Os per second each job issues, evenly spaced (the engine's {@code --rate_iops}); null: as
 *                  fast as the drive goes
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Workload(String name, Rw rw, Long bs, BlockSizeMix mix, Integer rwmixread, Integer rateIops) {

    public Workload {
        Objects.requireNonNull(rw, "rw");
        if (name == null || name.isBlank()) {
            name = defaultName(rw, bs, mix);
        }
        Checks.require("bs", problemWithTransfer(bs, mix));
        if (bs != null) {
            Checks.require("bs", bs, Checks.blockSize(bs));
        }
        if (rwmixread != null) {
            Checks.require("rwmixread", problemWithRwmixread(rw));
            Checks.require("rwmixread", rwmixread, Checks.percent(rwmixread));
        }
        if (rateIops != null) {
            Checks.require("rateIops", rateIops, Checks.rateIops(rateIops));
        }
    }

    /** A workload at the drive's own pace. */
    public Workload(String name, Rw rw, Long bs, BlockSizeMix mix, Integer rwmixread) {
        this(name, rw, bs, mix, rwmixread, null);
    }

    /** The same workload at {@code newRateIops} I/Os per second per job (null: as fast as the drive goes). */
    public Workload withRateIops(Integer newRateIops) {
        return new Workload(name, rw, bs, mix, rwmixread, newRateIops);
    }

    /** A single block size, named after it: {@code Workload.of(Rw.RANDREAD, 4096)} is "4k randread". */
    public static Workload of(Rw rw, long bs) {
        return new Workload(null, rw, bs, null, null);
    }

    public static Workload of(String name, Rw rw, long bs) {
        return new Workload(name, rw, bs, null, null);
    }

    public static Workload of(String name, Rw rw, BlockSizeMix mix) {
        return new Workload(name, rw, null, mix, null);
    }

    /** The name a workload gets when the plan gives none: "4k randread", "128k-mix randwrite". */
    static String defaultName(Rw rw, Long bs, BlockSizeMix mix) {
        return transferLabel(bs, mix) + " " + rw.value();
    }

    static String problemWithTransfer(Long bs, BlockSizeMix mix) {
        if (bs == null && mix == null) {
            return "missing: give bs (e.g. \"4k\") or bssplit (e.g. \"128k/90:4k/10\")";
        }
        if (bs != null && mix != null) {
            return "give bs or bssplit, not both";
        }
        return null;
    }

    static String problemWithRwmixread(Rw rw) {
        return rw.isMixed() ? null : "only applies to randrw and rw, not " + rw.value();
    }

    private static String transferLabel(Long bs, BlockSizeMix mix) {
        return bs != null ? Units.formatSize(bs) : Units.formatSize(mix.dominantBs()) + "-mix";
    }

    /** "4k", or "128k-mix" for a mix (named after its most frequent size). */
    @JsonIgnore
    public String transferLabel() {
        return transferLabel(bs, mix);
    }

    /** The smallest block size: the alignment of random offsets. */
    @JsonIgnore
    public long minBs() {
        return bs != null ? bs : mix.minBs();
    }

    @JsonIgnore
    public long maxBs() {
        return bs != null ? bs : mix.maxBs();
    }

    /** Whether both move the same transfer sizes in the same proportions (what "the transfer size changes" means). */
    public boolean sameTransfer(Workload other) {
        return Objects.equals(bs, other.bs) && Objects.equals(mix, other.mix);
    }

    /** The same transfer size with another access pattern (for preconditions derived from a workload). */
    public Workload withRw(String newName, Rw newRw) {
        return new Workload(newName, newRw, bs, mix, newRw.isMixed() ? rwmixread : null);
    }
}
