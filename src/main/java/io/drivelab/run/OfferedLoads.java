package io.drivelab.run;

import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Point;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Latency under load: turns a point's offered share of the peak into a rate, from the peak as stored for the run,
 * so that a resumed run offers the rates of the peak it measured before it stopped.
 */
final class OfferedLoads {
    private final Store store;
    private final long runId;

    OfferedLoads(Store store, long runId) {
        this.store = store;
        this.runId = runId;
    }

    /**
     * The item to measure: {@code item} itself, or for an offered load, the same point at its share of the stored
     * peak's IOPS (the per-job rate the engine takes); empty when the peak has no complete result.
     */
    Optional<PlanItem> resolve(PlanItem item) {
        Point point = item.point();
        Point.Load load = point.load();
        if (load == null) {
            return Optional.of(item);
        }
        return peakIops(load.peakKey())
                .map(iops -> PlanItem.measure(point.atRate(load.rateIopsPerJob(iops, point.numjobs()))));
    }

    /** Why a load cannot be offered: its peak was not measured to the end. */
    static String noPeak(Point point) {
        return String.format(Locale.ROOT, "point %s offers %d %% of the peak of point %s, which has no complete "
                + "result; resume the run to measure the peak again", point.key(), point.load().percent(),
                point.load().peakKey());
    }

    /** Reads and writes per second of the latest complete result of the point {@code key}. */
    private Optional<Double> peakIops(String key) {
        List<StoredPoint> points = store.listPoints(runId);
        for (int i = points.size() - 1; i >= 0; i--) {
            PointResult p = points.get(i).point();
            if (p.meta().pointKey().equals(key) && p.status() == PointStatus.COMPLETE) {
                double iops = iops(p.read()) + iops(p.write());
                return iops > 0 ? Optional.of(iops) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static double iops(DirectionResult d) {
        return d == null ? 0 : d.iops();
    }
}
