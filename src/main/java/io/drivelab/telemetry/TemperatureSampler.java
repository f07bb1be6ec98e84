package io.drivelab.telemetry;

import io.drivelab.store.PointTemperatures;

import java.nio.file.AccessDeniedException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Reads a drive's sensors once a second on a thread of its own while a point runs: started before the point, closed
 * after it ({@link #finish}). Readings are timed from the sampler's start; {@link #finish} moves them onto the
 * point's sample clock.
 */
public final class TemperatureSampler implements AutoCloseable {
    public static final long PERIOD_MS = 1000;

    /** Gets every reading of the composite sensor (or the first) the moment it is taken, on the sampler thread. */
    public interface Listener {
        void reading(long tMs, double celsius);
    }

    private final DriveSensors sensors;
    private final Listener listener;
    private final long startNanos = System.nanoTime();
    private final List<List<PointTemperatures.Reading>> readings = new ArrayList<>();
    private final ScheduledExecutorService thread;
    private volatile boolean denied;

    private TemperatureSampler(DriveSensors sensors, Listener listener) {
        this.sensors = sensors;
        this.listener = listener;
        for (int i = 0; i < sensors.sensors().size(); i++) {
            readings.add(new ArrayList<>());
        }
        this.thread = sensors.sensors().isEmpty() ? null : Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "temperature of " + sensors.drive());
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts reading now and every second after; a drive without sensors is not read at all. */
    public static TemperatureSampler start(DriveSensors sensors, Listener listener) {
        TemperatureSampler sampler = new TemperatureSampler(sensors, listener);
        if (sampler.thread != null) {
            sampler.thread.scheduleAtFixedRate(sampler::sample, 0, PERIOD_MS, TimeUnit.MILLISECONDS);
        }
        return sampler;
    }

    /** Milliseconds since the sampler started. */
    public long elapsedMs() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    private void sample() {
        long tMs = elapsedMs();
        Double[] celsius;
        try {
            celsius = sensors.read();
        } catch (AccessDeniedException e) {
            denied = true;
            return;
        }
        synchronized (readings) {
            for (int i = 0; i < celsius.length; i++) {
                if (celsius[i] != null) {
                    readings.get(i).add(new PointTemperatures.Reading(tMs, celsius[i]));
                }
            }
        }
        if (celsius.length > 0 && celsius[0] != null) {
            listener.reading(tMs, celsius[0]);
        }
    }

    /**
     * Stops sampling and returns the readings, each moved {@code offsetMs} earlier: the point's sample clock starts at
     * its first I/O, {@code offsetMs} after the sampler started.
     */
    public PointTemperatures finish(long offsetMs) {
        close();
        if (sensors.unavailable() != null) {
            return PointTemperatures.unavailable(sensors.drive(), sensors.unavailable());
        }
        List<PointTemperatures.Sensor> out = new ArrayList<>();
        synchronized (readings) {
            if (denied && readings.stream().allMatch(List::isEmpty)) {
                return PointTemperatures.unavailable(sensors.drive(), DriveSensors.NOT_PERMITTED);
            }
            for (int i = 0; i < readings.size(); i++) {
                HwmonSensor s = sensors.sensors().get(i);
                out.add(new PointTemperatures.Sensor(s.label(), s.warningCelsius(), s.criticalCelsius(),
                        readings.get(i).stream()
                                .map(r -> new PointTemperatures.Reading(r.tMs() - offsetMs, r.celsius())).toList()));
            }
        }
        return new PointTemperatures(sensors.drive(), null, out);
    }

    /** Stops sampling, waiting for a reading under way. */
    @Override
    public void close() {
        if (thread == null) {
            return;
        }
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
