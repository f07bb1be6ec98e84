package io.drivelab.run;

import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Point;

import java.util.Locale;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A precondition run in rounds until the drive is steady (SNIA PTS): each round is measured and stored under its
 * own key (KEY-r01, ...); the last round carries the item's key, which marks the precondition finished.
 */
final class SteadyStateRounds {
    private SteadyStateRounds() {
    }

    /**
     * Runs rounds of {@code item} until steady, the round limit, or a cancel; returns the error of a round that
     * failed.
     *
     * @param measure measures one round under the key given
     * @param store   stores a round and tells the listener
     */
    static Optional<String> run(PlanItem item, BiFunction<Point, String, Measured> measure, Consumer<Measured> store,
                                RunListener listener, BooleanSupplier cancelled) {
        Point point = item.point();
        SteadyStateDetector detector = new SteadyStateDetector();
        for (int round = 1; round <= item.maxRounds(); round++) {
            String roundKey = point.key() + String.format(Locale.ROOT, "-r%02d", round);
            Measured m = measure.apply(point, roundKey);
            if (m.measuredNothing() && cancelled.getAsBoolean()) {
                break;  // stopped as the round started: nothing to keep
            }
            if (m.failed()) {
                store.accept(m);
                return Optional.of(m.result().error());
            }
            SteadyStateDetector.Verdict verdict = detector.add(steadyFigure(m.result()));
            listener.steadyState(item, verdict);
            boolean stop = cancelled.getAsBoolean();
            boolean last = verdict.steady() || round == item.maxRounds() || stop;
            store.accept(last && !stop ? m.withResult(rekey(m.result(), point.key())) : m);
            if (last) {
                break;
            }
        }
        return Optional.empty();
    }

    /** The figure a steady-state round is judged by: write IOPS for a write precondition, else read IOPS. */
    static double steadyFigure(PointResult r) {
        return r.write() != null && r.write().iops() > 0 ? r.write().iops() : r.read() == null ? 0 : r.read().iops();
    }

    private static PointResult rekey(PointResult r, String key) {
        PointMeta m = r.meta();
        return new PointResult(new PointMeta(key, m.seq(), m.kind(), m.workload(), m.rw(), m.bs(), m.bsMix(),
                m.rwmixread(), m.iodepth(), m.numjobs()), r.status(), r.runtimeMs(), r.read(), r.write(),
                r.resultJson(), r.histograms(), r.error(), r.startedAt(), r.endedAt());
    }
}
