package io.drivelab.run;

import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.PointTemperatures;
import io.drivelab.store.Sample;

import java.util.List;

/**
 * One engine run's result and the samples it reported on the way, with the drive's temperatures meanwhile (null
 * where none were taken: a remote target).
 */
record Measured(PointResult result, List<Sample> samples, PointTemperatures temperatures) {
    Measured {
        samples = List.copyOf(samples);
    }

    Measured(PointResult result, List<Sample> samples) {
        this(result, samples, null);
    }

    /** The same samples and temperatures under another result (passes combined, a round renamed). */
    Measured withResult(PointResult other) {
        return new Measured(other, samples, temperatures);
    }

    Measured withTemperatures(PointTemperatures measured) {
        return new Measured(result, samples, measured);
    }

    boolean failed() {
        return result.status() == PointStatus.FAILED;
    }

    /** An engine run that failed before it measured anything: a stop as it set up, bad options, a crash at start. */
    boolean measuredNothing() {
        return failed() && result.read() == null && result.write() == null;
    }
}
