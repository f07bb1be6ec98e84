package io.drivelab.run;

import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.StoredPoint;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A GDSIO sweep's points as the reviews chart them: a line per direction and block size, threads across. */
class GdsioGridTest {

    private static StoredPoint point(String rw, long bs, int threads, double gib) {
        PointMeta meta = new PointMeta("k" + rw + bs + threads, 1, PointKind.MEASURE, "w", rw, bs, null, null, 1,
                threads);
        DirectionResult d = new DirectionResult(gib * GdsioGrid.GIB / bs, Math.round(gib * GdsioGrid.GIB), 50_000.0,
                null, null, null);
        return new StoredPoint(1, 1, new PointResult(meta, PointStatus.COMPLETE, 1000L, rw.equals("read") ? d : null,
                rw.equals("write") ? d : null, null, List.of(), null, Instant.EPOCH, Instant.EPOCH));
    }

    @Test
    void eachDirectionAndBlockSizeIsOneLineInGibPerSecond() {
        List<GdsioGrid.Series> series = GdsioGrid.series(List.of(point("write", 16384, 2, 1.0),
                point("write", 16384, 1, 0.5), point("read", 16384, 1, 3.7), point("read", 1 << 20, 128, 5.91)));

        assertEquals(3, series.size());
        GdsioGrid.Series write16k = series.get(0);
        assertEquals(List.of(1, 2), write16k.cells().stream().map(GdsioGrid.Cell::threads).toList());
        assertEquals(0.5, write16k.cells().get(0).gibPerS(), 1e-9);
        assertEquals(50.0, write16k.cells().get(0).meanUs());
        assertEquals(List.of(1, 2, 128), GdsioGrid.threads(series));
        assertTrue(GdsioGrid.isSweep("gdsio-sweep"));
    }
}
