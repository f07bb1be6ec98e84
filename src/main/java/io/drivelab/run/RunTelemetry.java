package io.drivelab.run;

import io.drivelab.store.HealthSnapshot;
import io.drivelab.store.PointTemperatures;
import io.drivelab.store.Store;
import io.drivelab.store.StoreException;
import io.drivelab.telemetry.DriveSensors;
import io.drivelab.telemetry.HealthReader;
import io.drivelab.telemetry.TemperatureSampler;
import io.drivelab.workload.PlanItem;

import java.nio.file.Path;

/**
 * The drive's telemetry during a run (docs/telemetry.md): its temperature once a second through every point, and
 * its health log before the first point and after the last. The drive is the one the target is on, found once.
 */
final class RunTelemetry {
    private final Store store;
    private final long runId;
    /** The target's drive, or null for a target on another machine. */
    private final DriveSensors drive;

    /** @param target the target on this machine, or null for one on another */
    RunTelemetry(Store store, long runId, Path target) {
        this.store = store;
        this.runId = runId;
        this.drive = target == null ? null : DriveSensors.of(target);
    }

    /** The health log before the run; a resumed run keeps the one taken before its first point. */
    void before() {
        if (drive != null && store.health(runId).stream().noneMatch(h -> h.moment().equals(HealthSnapshot.BEFORE))) {
            saveHealth(HealthSnapshot.BEFORE);
        }
    }

    void after() {
        if (drive != null) {
            saveHealth(HealthSnapshot.AFTER);
        }
    }

    private void saveHealth(String moment) {
        try {
            store.saveHealth(runId, new HealthReader().read(drive, moment));
        } catch (StoreException e) {
            // the points are what the run is for: a health log with no room to go does not end it
        }
    }

    /** Starts sampling for one engine run of {@code item}; its readings also go to the listener as they come. */
    PointSampling start(PlanItem item, RunListener listener) {
        return new PointSampling(item, listener);
    }

    /** Saves the point's temperatures with the point just saved as {@code pointId}. */
    void save(long pointId, Measured measured) {
        if (measured.temperatures() != null) {
            store.saveTemperatures(pointId, measured.temperatures());
        }
    }

    /**
     * The sampling of one engine run. The point's samples are timed from its first I/O, which comes after the engine
     * starts (and lays out a new file): the first interval line tells how far after, and every reading is moved onto
     * that clock.
     */
    final class PointSampling {
        private final TemperatureSampler sampler;
        private volatile long offsetMs = -1;

        private PointSampling(PlanItem item, RunListener listener) {
            Double threshold = drive == null || drive.sensors().isEmpty() ? null : drive.sensors().get(0).threshold();
            this.sampler = drive == null ? null : TemperatureSampler.start(drive,
                    (tMs, celsius) -> listener.temperature(item, tMs - Math.max(0, offsetMs), celsius, threshold));
        }

        /** An interval line ending at {@code tMs} on the point's clock arrived now. */
        void interval(long tMs) {
            if (sampler != null && offsetMs < 0) {
                offsetMs = Math.max(0, sampler.elapsedMs() - tMs);
            }
        }

        /** Stops sampling; the readings on the point's clock, or null for a target on another machine. */
        PointTemperatures finish() {
            return sampler == null ? null : sampler.finish(Math.max(0, offsetMs));
        }

        void close() {
            if (sampler != null) {
                sampler.close();
            }
        }
    }
}
