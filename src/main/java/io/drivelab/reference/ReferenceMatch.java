package io.drivelab.reference;

import java.util.List;

/**
 * The published figures a point can be compared with.
 *
 * @param same    figures of the same workload: access pattern, transfer size (or mix), IODepth and NumJobs
 * @param nearest for each drive and metric without a figure in {@code same}: the figures of the same access pattern
 *                and transfer size whose IODepth/NumJobs are closest (fewest doublings away); figures whose
 *                configuration the review does not give come only when there is nothing closer
 */
public record ReferenceMatch(List<ReferenceFigure> same, List<ReferenceFigure> nearest) {
    public ReferenceMatch {
        same = List.copyOf(same);
        nearest = List.copyOf(nearest);
    }

    public boolean isEmpty() {
        return same.isEmpty() && nearest.isEmpty();
    }
}
