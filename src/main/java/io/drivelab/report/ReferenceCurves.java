package io.drivelab.report;

import java.util.Collection;
import java.util.List;

import io.drivelab.reference.ReferenceMatch;
import io.drivelab.store.PointMeta;

/**
 * Published figures of reference drives, as curves on the same axes as a workload's own: what the charts need of
 * the reference library.
 */
public interface ReferenceCurves {

    /** No reference drives. */
    ReferenceCurves NONE = new ReferenceCurves() {
        @Override
        public List<String> drives() {
            return List.of();
        }

        @Override
        public List<Curve> scaling(WorkloadType workload) {
            return List.of();
        }

        @Override
        public List<Curve> latency(WorkloadType workload) {
            return List.of();
        }

        @Override
        public List<String> reviewedDrives() {
            return List.of();
        }

        @Override
        public ReferenceCurves only(Collection<String> drives) {
            return this;
        }
    };

    /** The drives there are figures of, by name ("Kingston DC3000ME 7.68TB"). */
    List<String> drives();

    /** The drives the reviews are about (the others appear in them for comparison): a sensible first choice. */
    List<String> reviewedDrives();

    /** Throughput against IODepth for the workload's access pattern and transfer size, in its unit. */
    List<Curve> scaling(WorkloadType workload);

    /** Mean latency (µs) against throughput, where a review gives both for one configuration. */
    List<Curve> latency(WorkloadType workload);

    /**
     * The reviewed drives' DLIO checkpoint times as GB/s per pass ({@code CheckpointFigures.reviewedGbPerS}): a
     * curve per drive, x the pass. None by default.
     */
    default List<Curve> checkpointGbPerS() {
        return List.of();
    }

    /** The reviews' GDSIO GiB/s by threads of one direction ("read", "write") and block size; none by default. */
    default List<Curve> gdsioThroughput(String rw, long bs) {
        return List.of();
    }

    /** The reviews' GDSIO mean latency (µs) by threads; none by default. */
    default List<Curve> gdsioLatency(String rw, long bs) {
        return List.of();
    }

    /**
     * The published figures of a point's workload (same access pattern and transfer size; {@code same} also same
     * IODepth and NumJobs) of these drives; none by default.
     */
    default ReferenceMatch match(PointMeta point) {
        return new ReferenceMatch(List.of(), List.of());
    }

    /** The same, limited to these drives. */
    ReferenceCurves only(Collection<String> drives);
}
