package io.drivelab.report;

import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointResult;

/**
 * The figure a workload's curves show: IOPS for small transfers (where the reviews count operations), MB/s
 * (10^6 bytes per second, as fio and the reviews write it) for large ones and for block-size mixes.
 */
public enum Throughput {
    IOPS("IOPS", "IOPS"),
    MB_S("MB/s", "bandwidth");

    /** Up to 16K the reviews publish IOPS; from 64K on, bandwidth. */
    static final long IOPS_UP_TO_BYTES = 16 * 1024;

    private final String label;
    private final String figure;

    Throughput(String label, String figure) {
        this.label = label;
        this.figure = figure;
    }

    public String label() {
        return label;
    }

    /** What a chart's title calls the figure: its axis may read in GB/s rather than MB/s ({@link UnitAxes}). */
    public String figure() {
        return figure;
    }

    /** The figure for a transfer size; a mix ({@code bs} null) is shown in MB/s. */
    public static Throughput forTransfer(Long bs) {
        return bs != null && bs <= IOPS_UP_TO_BYTES ? IOPS : MB_S;
    }

    /** This figure from one direction's IOPS and bytes per second. */
    public double of(double iops, double bytesPerSecond) {
        return this == IOPS ? iops : bytesPerSecond / 1e6;
    }

    /** Read and write together; 0 for a point the engine measured nothing of. */
    public double of(PointResult point) {
        return of(point.read()) + of(point.write());
    }

    private double of(DirectionResult d) {
        return d == null ? 0 : of(d.iops(), d.bwBytes());
    }
}
