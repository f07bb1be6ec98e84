package io.drivelab.cli;

import io.drivelab.engine.IntervalEvent;
import io.drivelab.run.RunProgress;
import io.drivelab.workload.Rw;
import io.drivelab.workload.Workload;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The progress line of `drivelab run` says how much of a point's rate it holds. */
class RunConsoleRateTest {
    private static final RunProgress PROGRESS = new RunProgress(0, 1, "measure p: randread 4k", Duration.ZERO,
            Duration.ofSeconds(5), 0.5);

    private static String progressAfter(IntervalEvent sample) {
        StringWriter err = new StringWriter();
        RunConsole console = new RunConsole(new PrintWriter(new StringWriter()), new PrintWriter(err), false);
        console.sample(null, sample);
        console.progress(PROGRESS);
        return err.toString();
    }

    @Test
    void aRatedPointShowsTheShareOfItsTargetHeldSoFar() {
        String line = progressAfter(new IntervalEvent(1000, false, null, null,
                new IntervalEvent.RateSoFar(5000, true, 98.4)));

        assertTrue(line.contains("holding 98 % of 5000 IOPS"), line);
    }

    @Test
    void aRateInBytesIsShownInMegabytesPerSecond() {
        assertEquals(", holding 100 % of 237.5 MB/s",
                RunConsole.holding(new IntervalEvent.RateSoFar(237_502_464, false, 99.99)));
    }

    @Test
    void aPointWithoutARateSaysNothingOfOne() {
        assertFalse(progressAfter(new IntervalEvent(1000, false, null, null)).contains("holding"));
    }
}
