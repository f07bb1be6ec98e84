package io.drivelab.run;

import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;

import java.time.Instant;
import java.util.List;

/** Point results with chosen figures, for the runner's pure logic. */
final class RunnerFixtures {
    private RunnerFixtures() {
    }

    static PointResult result(String key, double readIops, long readBw) {
        PointMeta meta = new PointMeta(key, 0, PointKind.MEASURE, "4k randread", "randread", 4096L, null, null, 1, 1);
        String json = "{\"type\":\"result\",\"read\":{\"iops\":" + readIops + "}}";
        return new PointResult(meta, PointStatus.COMPLETE, 1000L,
                new DirectionResult(readIops, readBw, 1000.0, 900L, 2000L, 3000L),
                new DirectionResult(0, 0, null, null, null, null), json, List.of(), null,
                Instant.EPOCH, Instant.EPOCH.plusSeconds(1));
    }
}
