package io.drivelab.run;

import java.time.Duration;

/**
 * Where a run stands.
 *
 * @param itemIndex   the plan item going on now, from 0
 * @param itemCount   items in the plan (measured points, preconditions and idle pauses)
 * @param current     what goes on now, for people ("measure 03-randread-4k-qd32-j8: ...", "idle 180 s")
 * @param elapsed     since the run (or its resumption) started
 * @param eta         estimated time left; fills are estimated from the throughput seen so far
 * @param fraction    0..1 of the estimated work done
 */
public record RunProgress(int itemIndex, int itemCount, String current, Duration elapsed, Duration eta,
                          double fraction) {
}
