package io.drivelab.run;

import io.drivelab.engine.EngineEventParser;
import io.drivelab.engine.IntervalEvent;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Sample;
import io.drivelab.workload.Point;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.Rw;
import io.drivelab.workload.Workload;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bridge to the engine: interval lines become stored samples; a point that overran its time is flagged. */
class MeasurementTest {
    private static final String INTERVAL = """
            {"type":"interval","t_ms":2000,"ramp":false,
             "read":{"io_bytes":409600000,"ios":100000,"iops":100000.0,"bw_bytes":409600000,
                     "lat_ns":{"min":12000,"max":900000,"mean":317000.5,"stddev":4000,
                               "percentiles":{"50":310000,"99":515000,"99.9":770000}}},
             "write":{"io_bytes":0,"ios":0,"iops":0,"bw_bytes":0,
                      "lat_ns":{"min":0,"max":0,"mean":0,"stddev":0,"percentiles":{"50":0,"99":0,"99.9":0}}}}"""
            .replace("\n", "");

    private static final Point THREE_SECONDS = new Point("p", 1, Workload.of(Rw.RANDREAD, 4096), 1, 1, 3, 0,
            null, null, null, null, 1, Matrix.Keep.BEST);

    @Test
    void aSampleTakesIopsBandwidthMeanAndP99FromAnIntervalLine() throws Exception {
        IntervalEvent line = (IntervalEvent) EngineEventParser.parse(INTERVAL).orElseThrow();
        assertEquals(new Sample(2000, false, new Sample.Figures(100000.0, 409600000, 317000.5, 515000L),
                new Sample.Figures(0, 0, null, null)), Measurement.sample(line));
    }

    @Test
    void aPointWithinItsTimeAndOneIntervalStaysComplete() {
        var r = RunnerFixtures.result("p", 100, 1000);
        var onTime = new io.drivelab.store.PointResult(r.meta(), PointStatus.COMPLETE, 3900L, r.read(), r.write(),
                r.resultJson(), r.histograms(), null, r.startedAt(), r.endedAt());
        assertSame(onTime, Measurement.flagOverrun(THREE_SECONDS, onTime, 1000));
    }

    @Test
    void aPointThatOverranItsTimeByMoreThanAnIntervalIsStoredPartialWithWhy() {
        var r = RunnerFixtures.result("p", 100, 1000);
        var late = new io.drivelab.store.PointResult(r.meta(), PointStatus.COMPLETE, 20991L, r.read(), r.write(),
                r.resultJson(), r.histograms(), null, r.startedAt(), r.endedAt());
        var flagged = Measurement.flagOverrun(THREE_SECONDS, late, 1000);
        assertEquals(PointStatus.PARTIAL, flagged.status());
        assertTrue(flagged.error().contains("measured for 20991 ms instead of 3000 ms"), flagged.error());
        assertEquals(20991L, flagged.runtimeMs());
        assertNull(r.error());
    }
}
