package io.drivelab.findings;

/**
 * One sentence about a measured point: how it compares with one reference drive at the same workload, or that no
 * reference drive was measured there.
 *
 * @param workload the point's workload by what it ran, with its depth: "4K random read QD32 × 8 jobs"
 * @param drive    the reference drive compared with, or null when there is none at this workload
 */
public record Finding(String workload, String drive, String sentence) {
    @Override
    public String toString() {
        return sentence;
    }
}
