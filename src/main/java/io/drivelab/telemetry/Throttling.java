package io.drivelab.telemetry;

import io.drivelab.store.PointTemperatures;
import io.drivelab.store.Sample;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Thermal throttling, as DriveLab marks it (docs/telemetry.md): during a point, a measured interval whose throughput
 * is more than {@link #DROP_PERCENT} % below the point's start (the mean of its first {@link #START_INTERVALS}
 * measured intervals) while the drive's temperature is at or above its warning threshold (the composite sensor's
 * temp*_max, the controller's WCTEMP; temp*_crit where there is no max). The same rule for the live view, the report
 * and the command line.
 */
public final class Throttling {
    public static final double DROP_PERCENT = 20;
    public static final int START_INTERVALS = 3;

    private Throttling() {
    }

    /** One status interval: it ends at {@code tMs} on the point's sample clock. */
    public record Interval(long tMs, boolean ramp, double bytesPerSecond) {
    }

    /**
     * Where a point throttled: from the end of the interval before the first throttled one to the end of the last,
     * in ms on the point's sample clock.
     *
     * @param startBytesPerSecond the point's throughput at its start
     * @param lowestBytesPerSecond the lowest throughput while throttled
     * @param hottestCelsius       the highest temperature while throttled
     */
    public record Mark(long fromMs, long toMs, double startBytesPerSecond, double lowestBytesPerSecond,
                       double hottestCelsius, double thresholdCelsius) {

        /** How far throughput fell from the start, in percent. */
        public double dropPercent() {
            return 100 * (1 - lowestBytesPerSecond / startBytesPerSecond);
        }
    }

    /** A stored point's throttling; empty when it did not throttle or there is no temperature or threshold. */
    public static Optional<Mark> of(List<Sample> samples, PointTemperatures temperatures) {
        if (temperatures == null || temperatures.primary() == null || temperatures.primary().threshold() == null) {
            return Optional.empty();
        }
        List<Interval> intervals = samples.stream().map(s -> new Interval(s.tMs(), s.ramp(),
                bytes(s.read()) + bytes(s.write()))).toList();
        return of(intervals, temperatures.primary().readings(), temperatures.primary().threshold());
    }

    private static double bytes(Sample.Figures f) {
        return f == null ? 0 : f.bwBytes();
    }

    /** Throttling in intervals and readings on the same clock, against a threshold. */
    public static Optional<Mark> of(List<Interval> intervals, List<PointTemperatures.Reading> readings,
                                    double thresholdCelsius) {
        List<Interval> measured = intervals.stream().filter(i -> !i.ramp()).toList();
        if (measured.size() <= START_INTERVALS) {
            return Optional.empty();
        }
        double start = measured.subList(0, START_INTERVALS).stream().mapToDouble(Interval::bytesPerSecond)
                .average().orElse(0);
        if (start <= 0) {
            return Optional.empty();
        }
        double floor = start * (1 - DROP_PERCENT / 100);
        List<Interval> throttled = new ArrayList<>();
        long firstFrom = 0;
        double lowest = Double.MAX_VALUE;
        double hottest = -Double.MAX_VALUE;
        for (int i = START_INTERVALS; i < measured.size(); i++) {
            Interval interval = measured.get(i);
            Double celsius = temperatureAt(readings, interval.tMs());
            if (interval.bytesPerSecond() < floor && celsius != null && celsius >= thresholdCelsius) {
                if (throttled.isEmpty()) {
                    firstFrom = measured.get(i - 1).tMs();
                }
                throttled.add(interval);
                lowest = Math.min(lowest, interval.bytesPerSecond());
                hottest = Math.max(hottest, celsius);
            }
        }
        if (throttled.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Mark(firstFrom, throttled.get(throttled.size() - 1).tMs(), start, lowest, hottest,
                thresholdCelsius));
    }

    /**
     * The last reading taken by the interval's end (readings come once a second, in time order; intervals as often
     * or less). A binary search: the live view judges an hour's 36,000 intervals against 3,600 readings.
     */
    static Double temperatureAt(List<PointTemperatures.Reading> readings, long tMs) {
        int low = 0;
        int high = readings.size();
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (readings.get(mid).tMs() > tMs) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        return low == 0 ? null : readings.get(low - 1).celsius();
    }
}
