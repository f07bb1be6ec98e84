package io.drivelab.report;

import io.drivelab.store.PointMeta;
import io.drivelab.workload.Workload;

/**
 * What makes two workloads comparable: the access pattern and the transfer size (or block-size mix), whatever
 * they are called.
 *
 * @param rw    the engine's --rw value
 * @param bs    block size in bytes, or null for a mix
 * @param bsMix the engine's --bssplit value, or null
 */
public record WorkloadType(String rw, Long bs, String bsMix) {

    public static WorkloadType of(PointMeta meta) {
        return new WorkloadType(meta.rw(), meta.bs(), meta.bsMix());
    }

    public static WorkloadType of(Workload workload) {
        return new WorkloadType(workload.rw().value(), workload.bs(),
                workload.mix() == null ? null : workload.mix().toEngineSpec());
    }

    public Throughput unit() {
        return Throughput.forTransfer(bs);
    }
}
