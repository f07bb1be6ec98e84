package io.drivelab.fio;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;

import io.drivelab.engine.DirectionStats;
import io.drivelab.engine.IntervalEvent;

/**
 * A fio server's progress report ({@code FIO_NET_CMD_ETA}, its {@code struct jobs_eta}), the one message fio's
 * client gets from a server every ~0.9 s while a job runs (it asks for it; the JSON reports come only at the end).
 * The layout is fio's stat.h {@code JOBS_ETA}, little-endian on the wire (never compressed: fio compresses only its
 * I/O logs) and unchanged from fio 3.29 to 3.42.
 *
 * @param running   jobs running (the ramp included)
 * @param ramping   jobs in their ramp time
 * @param readKiBs  reads since the server's last report, in KiB/s (fio's {@code rate[]})
 * @param writeKiBs writes, the same
 * @param readIops  reads per second since the last report (fio's {@code iops[]})
 * @param writeIops writes, the same
 */
record FioEta(int running, int ramping, long readKiBs, long writeKiBs, long readIops, long writeIops) {
    static final int OPCODE = 9;
    /** The fixed part of {@code struct jobs_eta}, before its run string. */
    static final int SIZE = 168;
    private static final int RATE = 64;
    private static final int IOPS = 112;
    /**
     * More than this is not a rate: fio zeroes a job's counters when its ramp ends, and the report straddling that
     * moment holds a wrapped-around difference.
     */
    private static final long MOST_KIBS = 1L << 40;

    /** The report in {@code payload}; empty when it is too short to be one or its rates cannot be. */
    static Optional<FioEta> decode(ByteBuffer payload) {
        if (payload.remaining() < SIZE) {
            return Optional.empty();
        }
        ByteBuffer b = payload.slice().order(ByteOrder.LITTLE_ENDIAN);
        FioEta eta = new FioEta(b.getInt(0), b.getInt(4), b.getLong(RATE), b.getLong(RATE + 8),
                Integer.toUnsignedLong(b.getInt(IOPS)), Integer.toUnsignedLong(b.getInt(IOPS + 4)));
        boolean plausible = eta.readKiBs() >= 0 && eta.readKiBs() < MOST_KIBS && eta.writeKiBs() >= 0
                && eta.writeKiBs() < MOST_KIBS;
        return plausible ? Optional.of(eta) : Optional.empty();
    }

    /**
     * As the live view's interval ending {@code tMs} into the point: rates only (fio's report has no counts and no
     * latency, so neither is claimed).
     */
    IntervalEvent interval(long tMs) {
        return new IntervalEvent(tMs, ramping > 0, direction(readIops, readKiBs), direction(writeIops, writeKiBs));
    }

    private static DirectionStats direction(long iops, long kiBs) {
        return iops == 0 && kiBs == 0 ? DirectionStats.NONE
                : new DirectionStats(0, 0, iops, kiBs * 1024, DirectionStats.Latency.NONE);
    }
}
