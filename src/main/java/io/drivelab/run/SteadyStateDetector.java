package io.drivelab.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Decides when a drive has reached steady state, by the SNIA PTS (Enterprise) rule: feed it one value per round
 * (e.g. the IOPS of each precondition round); over the last five rounds (the measurement window)
 * <ul>
 *   <li>the range, max − min, is at most 20 % of the window's average, and</li>
 *   <li>the least-squares line through the window changes by at most 10 % of the average across the window,
 *       i.e. |slope × 4| ≤ 10 % of the average (the slope is per round, the window spans four round steps).</li>
 * </ul>
 * Not thread-safe: one detector per precondition, fed by the runner's thread.
 */
public final class SteadyStateDetector {
    public static final int SNIA_WINDOW = 5;
    public static final double SNIA_RANGE_PCT = 20.0;
    public static final double SNIA_SLOPE_PCT = 10.0;

    private final int window;
    private final double rangeLimitPct;
    private final double slopeLimitPct;
    private final List<Double> rounds = new ArrayList<>();

    /** SNIA's rule: 5 rounds, range ≤ 20 %, slope excursion ≤ 10 %. */
    public SteadyStateDetector() {
        this(SNIA_WINDOW, SNIA_RANGE_PCT, SNIA_SLOPE_PCT);
    }

    public SteadyStateDetector(int window, double rangeLimitPct, double slopeLimitPct) {
        if (window < 2) {
            throw new IllegalArgumentException("a window needs at least 2 rounds to have a slope, not " + window);
        }
        if (!(rangeLimitPct > 0) || !(slopeLimitPct > 0)) {
            throw new IllegalArgumentException("limits must be percentages above 0");
        }
        this.window = window;
        this.rangeLimitPct = rangeLimitPct;
        this.slopeLimitPct = slopeLimitPct;
    }

    /** Adds the next round's value and returns the verdict over the window that now ends with it. */
    public Verdict add(double value) {
        if (!Double.isFinite(value) || value < 0) {
            throw new IllegalArgumentException("a round's value must be a finite number ≥ 0, not " + value);
        }
        rounds.add(value);
        return verdict();
    }

    /** The verdict over the last rounds so far. */
    public Verdict verdict() {
        int n = rounds.size();
        List<Double> w = List.copyOf(rounds.subList(Math.max(0, n - window), n));
        int first = n - w.size() + 1;
        if (w.isEmpty()) {
            return new Verdict(0, first, w, Double.NaN, Double.NaN, Double.NaN, Double.NaN, window, rangeLimitPct,
                    slopeLimitPct, false);
        }
        double avg = w.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double range = Collections.max(w) - Collections.min(w);
        double slope = slope(w);
        double rangePct = 100.0 * range / avg;
        double slopePct = 100.0 * Math.abs(slope * (w.size() - 1)) / avg;
        boolean steady = w.size() == window && avg > 0
                && rangePct <= rangeLimitPct && slopePct <= slopeLimitPct;
        return new Verdict(n, first, w, avg, rangePct, slope, slopePct, window, rangeLimitPct, slopeLimitPct,
                steady);
    }

    /** Every value fed so far, oldest first. */
    public List<Double> rounds() {
        return List.copyOf(rounds);
    }

    /** The verdict on a whole series at once (its last rounds). */
    public static Verdict evaluate(List<? extends Number> values) {
        SteadyStateDetector d = new SteadyStateDetector();
        for (Number v : values) {
            d.add(v.doubleValue());
        }
        return d.verdict();
    }

    /** Least-squares slope of y against the round number (0, 1, 2, ...); NaN with fewer than 2 values. */
    static double slope(List<Double> y) {
        int n = y.size();
        if (n < 2) {
            return Double.NaN;
        }
        double xMean = (n - 1) / 2.0;
        double yMean = y.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        double num = 0;
        double den = 0;
        for (int i = 0; i < n; i++) {
            num += (i - xMean) * (y.get(i) - yMean);
            den += (i - xMean) * (i - xMean);
        }
        return num / den;
    }

    /**
     * The rule's verdict after some rounds.
     *
     * @param rounds            rounds fed so far
     * @param firstRound        number (from 1) of the window's first round
     * @param window            the window's values, oldest first (fewer than the window size early on)
     * @param average           their mean
     * @param rangeExcursionPct (max − min) as % of the average
     * @param slope             least-squares slope per round
     * @param slopeExcursionPct |slope × (window size − 1)| as % of the average
     * @param windowSize        rounds the rule needs
     * @param steady            whether the rule holds: a full window, both excursions within their limits
     */
    public record Verdict(int rounds, int firstRound, List<Double> window, double average, double rangeExcursionPct,
                          double slope, double slopeExcursionPct, int windowSize, double rangeLimitPct,
                          double slopeLimitPct, boolean steady) {

        /** Whether there are enough rounds for the rule to be judged at all. */
        public boolean enoughRounds() {
            return window.size() == windowSize;
        }

        public boolean rangeWithinLimit() {
            return rangeExcursionPct <= rangeLimitPct;
        }

        public boolean slopeWithinLimit() {
            return slopeExcursionPct <= slopeLimitPct;
        }

        /**
         * For people: "rounds 4-8 of 8: average 512300, range 6.2 % (limit 20 %), slope 3.1 % (limit 10 %): steady".
         */
        public String describe() {
            if (!enoughRounds()) {
                return String.format(Locale.ROOT, "%d of %d rounds: not steady yet (the rule needs %d rounds)",
                        rounds, windowSize, windowSize);
            }
            String figures = String.format(Locale.ROOT,
                    "rounds %d-%d of %d: average %s, range %.1f %% of it (limit %s %%), slope %.1f %% (limit %s %%)",
                    firstRound, rounds, rounds, number(average), rangeExcursionPct, number(rangeLimitPct),
                    slopeExcursionPct, number(slopeLimitPct));
            if (steady) {
                return figures + ": steady";
            }
            if (!(average > 0)) {
                return figures + ": not steady (the average is 0)";
            }
            List<String> why = new ArrayList<>();
            if (!rangeWithinLimit()) {
                why.add("range too wide");
            }
            if (!slopeWithinLimit()) {
                why.add("still drifting");
            }
            return figures + ": not steady (" + String.join(", ", why) + ")";
        }

        private static String number(double v) {
            return v == Math.rint(v) && Math.abs(v) < 1e15
                    ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.4g", v);
        }
    }
}
