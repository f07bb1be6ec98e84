package io.drivelab.run;

import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Sample;

import java.util.List;

/** One engine run's result and the samples it reported on the way. */
record Measured(PointResult result, List<Sample> samples) {
    Measured {
        samples = List.copyOf(samples);
    }

    boolean failed() {
        return result.status() == PointStatus.FAILED;
    }
}
