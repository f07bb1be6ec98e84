package io.drivelab.fio;

import java.util.concurrent.TimeUnit;

import io.drivelab.engine.IntervalEvent;

/**
 * A fio server's progress reports ({@link FioEta}) as the live view's intervals, timed from the report before the
 * first one with a job running (the interval a rate covers), or a second before it when it is the first report
 * (fio's client asks about once a second). Not shown: reports while no job runs (the target
 * being laid out, the job ended) and the one after the ramp, whose rates straddle fio zeroing its counts.
 */
final class FioProgress {
    private static final long ASKED_EVERY_NANOS = TimeUnit.SECONDS.toNanos(1);
    private long originNanos = -1;
    private long lastNanos = -1;
    private boolean wasRamping;

    /** The interval {@code eta}, arrived at {@code nowNanos}, shows; null when it shows none. */
    IntervalEvent next(FioEta eta, long nowNanos) {
        long before = lastNanos;
        lastNanos = nowNanos;
        if (eta.running() == 0) {
            return null;
        }
        if (originNanos < 0) {
            originNanos = before < 0 ? nowNanos - ASKED_EVERY_NANOS : before;
        }
        boolean rampEnded = wasRamping && eta.ramping() == 0;
        wasRamping = eta.ramping() > 0;
        if (rampEnded) {
            return null;
        }
        return eta.interval(TimeUnit.NANOSECONDS.toMillis(nowNanos - originNanos));
    }
}
