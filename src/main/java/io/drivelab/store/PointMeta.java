package io.drivelab.store;

import java.util.Objects;

/**
 * What the plan says about a point, before it is measured.
 *
 * @param pointKey  stable key of the point within its plan (the same point of the same plan always has the same
 *                  key), so a resumed run can skip what it already measured
 * @param seq       the point's position in the plan
 * @param workload  the plan's name for the workload the point belongs to
 * @param rw        the engine's --rw value
 * @param bs        block size in bytes, or null when the point uses a block-size mix
 * @param bsMix     the engine's --bssplit value (e.g. "128k/83.21:64k/5"), or null for a single block size
 * @param rwmixread percentage of reads for a mixed workload, or null when the workload is not mixed
 */
public record PointMeta(String pointKey, int seq, PointKind kind, String workload, String rw, Long bs, String bsMix,
                        Integer rwmixread, int iodepth, int numjobs) {
    public PointMeta {
        Objects.requireNonNull(pointKey, "pointKey");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(rw, "rw");
        if (bs == null && bsMix == null) {
            throw new IllegalArgumentException("point " + pointKey + " has neither a block size nor a block-size mix");
        }
    }
}
