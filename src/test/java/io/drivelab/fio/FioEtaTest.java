package io.drivelab.fio;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;

import io.drivelab.engine.IntervalEvent;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A fio server's progress report and hello read from bytes laid out as fio's own structs (no engine). */
class FioEtaTest {
    /**
     * A {@code struct jobs_eta} as fio puts it on the wire, little-endian: nr_running, nr_ramp, nr_pending,
     * nr_setting_up (u32), m_rate[3], t_rate[3], rate[3] (u64), m_iops[3], t_iops[3], iops[3], pad (u32),
     * elapsed_sec, eta_sec (u64), is_pow2, unit_base, sig_figs, files_open, nr_threads, pad2 (u32), run_str.
     */
    private static ByteBuffer jobsEta(int running, int ramping, long[] rateKiBs, int[] iops, String runStr) {
        ByteBuffer b = ByteBuffer.allocate(168 + runStr.length()).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(running).putInt(ramping).putInt(0).putInt(0);
        for (int i = 0; i < 3; i++) {
            b.putLong(999_999);  // m_rate: a minimum rate asked for, not a measurement
        }
        for (int i = 0; i < 3; i++) {
            b.putLong(888_888);  // t_rate: a rate asked for
        }
        for (long r : rateKiBs) {
            b.putLong(r);
        }
        for (int i = 0; i < 6; i++) {
            b.putInt(777);  // m_iops, t_iops
        }
        for (int r : iops) {
            b.putInt(r);
        }
        b.putInt(0).putLong(5).putLong(55);
        b.putInt(1).putInt(0).putInt(4).putInt(1).putInt(1).putInt(0);
        b.put(runStr.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        return b.flip();
    }

    @Test
    void theCurrentRatesAndIopsOfEachDirectionAreRead() {
        FioEta eta = FioEta.decode(jobsEta(2, 1, new long[] {4000, 250, 7}, new int[] {1000, 62, 3}, "RR"))
                .orElseThrow();
        assertEquals(new FioEta(2, 1, 4000, 250, 1000, 62), eta);
        IntervalEvent interval = eta.interval(1500);
        assertEquals(1500, interval.tMs());
        assertTrue(interval.ramp(), "a job in its ramp");
        assertEquals(1000, interval.read().iops());
        assertEquals(4000 * 1024, interval.read().bwBytes(), "fio's rate is in KiB/s");
        assertEquals(62, interval.write().iops());
        assertEquals(0, interval.read().ios(), "the report counts no I/Os: none claimed (nor a latency)");
    }

    @Test
    void iopsAboveTwoToTheThirtyOneAreReadUnsigned() {
        FioEta eta = FioEta.decode(jobsEta(1, 0, new long[] {1, 0, 0}, new int[] {-1, 0, 0}, "")).orElseThrow();
        assertEquals(4_294_967_295L, eta.readIops());
    }

    @Test
    void aReportShorterThanTheStructIsNone() {
        ByteBuffer whole = jobsEta(1, 0, new long[] {1, 1, 0}, new int[] {1, 1, 0}, "");
        assertTrue(FioEta.decode(whole.duplicate()).isPresent());
        assertFalse(FioEta.decode(whole.limit(167)).isPresent());
    }

    @Test
    void aWrappedAroundRateIsNoRate() {
        // fio zeroes a job's counts as its ramp ends: the report straddling it holds a negative difference, unsigned
        assertFalse(FioEta.decode(jobsEta(1, 0, new long[] {-5, 0, 0}, new int[] {9, 0, 0}, "")).isPresent());
        assertFalse(FioEta.decode(jobsEta(1, 0, new long[] {0, 1L << 50, 0}, new int[] {0, 9, 0}, "")).isPresent());
    }

    @Test
    void aServersHelloNamesItsMachineAndItsFio() {
        // struct cmd_probe_reply_pdu: hostname[64], bigendian, fio_version[32], os, arch, bpp, cpus, flags
        ByteBuffer b = ByteBuffer.allocate(64 + 1 + 32 + 3 + 4 + 8).order(ByteOrder.LITTLE_ENDIAN);
        b.put("rack1-a".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).position(64).put((byte) 0);
        b.put("fio-3.33".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).position(97).put((byte) 1);
        assertEquals(new FioProbeReply("rack1-a", "fio-3.33"), FioProbeReply.decode(b.rewind()).orElseThrow());
        assertFalse(FioProbeReply.decode(b.rewind().limit(96)).isPresent(), "cut inside the version");
    }

    @Test
    void progressIsShownFromTheFirstReportWithAJobRunningTimedFromTheOneBefore() {
        FioProgress progress = new FioProgress();
        long s = TimeUnit.SECONDS.toNanos(1);
        FioEta idle = new FioEta(0, 0, 0, 0, 0, 0);
        FioEta ramp = new FioEta(1, 1, 4000, 0, 1000, 0);
        FioEta measured = new FioEta(1, 0, 4000, 0, 1000, 0);
        assertNull(progress.next(idle, 10 * s), "laying out: no job runs");
        IntervalEvent first = progress.next(ramp, 11 * s);
        assertEquals(1000, first.tMs(), "the rate covers the second since the report before");
        assertTrue(first.ramp());
        assertNull(progress.next(measured, 12 * s), "the report across the ramp's end mixes two counts");
        IntervalEvent next = progress.next(measured, 13 * s);
        assertEquals(3000, next.tMs());
        assertFalse(next.ramp());
        assertNull(progress.next(idle, 14 * s), "the job ended");
        assertEquals(1000, new FioProgress().next(measured, 50 * s).tMs(), "a first report covers about a second");
    }
}
