package io.drivelab.ui.run;

import org.jfree.data.xy.XYSeries;

/**
 * One line of the live time chart, for a point however long: its samples are kept in a fixed amount of memory
 * (when full, neighbours merge into one entry holding their lowest and highest value, so peaks and dips stay), and
 * the chart is given at most two points per pixel column (each column's lowest and highest), so that a
 * redraw costs the same after an hour of samples as after a minute. Belongs to the UI thread, like
 * {@link LiveCharts}; the chart is told at {@link #sync()}, once per batch.
 */
final class LiveTrace {
    /** Entries kept: 8,192 × 3 doubles, 192 KiB a line; an hour at 10 samples a second merges 8 samples an entry. */
    static final int CAPACITY = 8192;

    private final XYSeries shown;
    private final double[] at = new double[CAPACITY];
    private final double[] low = new double[CAPACITY];
    private final double[] high = new double[CAPACITY];
    private int size;
    /** Samples an entry holds (doubles each time the entries fill up) and samples in the last one. */
    private int span = 1;
    private int inLast;
    /** Whether every sample came later than the one before (the engine's do). */
    private boolean inOrder = true;
    private int columns = 1000;
    private boolean changed;
    /** Whether the shown series holds the first entries as they are (not thinned). */
    private boolean shownAsIs = true;

    LiveTrace(XYSeries shown) {
        this.shown = shown;
    }

    /** The series the chart draws. */
    XYSeries shown() {
        return shown;
    }

    void add(double x, double y) {
        if (size > 0 && inLast < span) {
            at[size - 1] = x;  // an entry stands at its newest sample's time: the line reaches the newest
            low[size - 1] = Math.min(low[size - 1], y);
            high[size - 1] = Math.max(high[size - 1], y);
            inLast++;
        } else {
            if (size == CAPACITY) {
                halve();
            }
            inOrder &= size == 0 || x >= at[size - 1];
            at[size] = x;
            low[size] = y;
            high[size] = y;
            size++;
            inLast = 1;
        }
        changed = true;
    }

    void clear() {
        size = 0;
        span = 1;
        inLast = 0;
        inOrder = true;
        changed = false;
        shownAsIs = true;
        shown.clear();
    }

    /** The pixel columns the chart's plot has: what is drawn is thinned to about two points each. */
    void columns(int pixels) {
        int c = Math.max(100, pixels);
        if (c != columns) {
            columns = c;
            changed = size > 0;
        }
    }

    /** Tells the chart what changed since the last call, once; whether anything did. */
    boolean sync() {
        if (!changed) {
            return false;
        }
        changed = false;
        shown.setNotify(false);
        if (shownAsIs && span == 1 && inOrder && size <= 2 * columns) {
            // every sample as it came: only the new ones are added
            for (int i = shown.getItemCount(); i < size; i++) {
                shown.add(at[i], low[i], false);
            }
        } else {
            thin();
            shownAsIs = false;
        }
        shown.setNotify(true);
        return true;
    }

    /** Merges neighbours in pairs: half the entries, each twice the samples. */
    private void halve() {
        for (int i = 0; i < size / 2; i++) {
            at[i] = at[2 * i + 1];
            low[i] = Math.min(low[2 * i], low[2 * i + 1]);
            high[i] = Math.max(high[2 * i], high[2 * i + 1]);
        }
        size /= 2;
        span *= 2;
    }

    /** The shown series: per pixel column, its lowest and highest value, in time order. */
    private void thin() {
        double first = Double.POSITIVE_INFINITY;
        double last = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < size; i++) {
            first = Math.min(first, at[i]);
            last = Math.max(last, at[i]);
        }
        int[] lowest = new int[columns];
        int[] highest = new int[columns];
        java.util.Arrays.fill(lowest, -1);
        double width = Math.max(last - first, 1e-9);
        for (int i = 0; i < size; i++) {
            int c = Math.min(columns - 1, (int) ((at[i] - first) / width * columns));
            if (lowest[c] < 0) {
                lowest[c] = i;
                highest[c] = i;
            } else {
                if (low[i] < low[lowest[c]]) {
                    lowest[c] = i;
                }
                if (high[i] > high[highest[c]]) {
                    highest[c] = i;
                }
            }
        }
        shown.clear();
        int newest = 0;
        for (int i = 1; i < size; i++) {
            newest = at[i] >= at[newest] ? i : newest;
        }
        for (int c = 0; c < columns; c++) {
            int lo = lowest[c];
            if (lo < 0) {
                continue;
            }
            int hi = highest[c];
            if (at[lo] <= at[hi]) {
                shown.add(at[lo], low[lo], false);
                if (hi != lo || high[hi] != low[lo]) {
                    shown.add(at[hi], high[hi], false);
                }
            } else {
                shown.add(at[hi], high[hi], false);
                shown.add(at[lo], low[lo], false);
            }
        }
        // the line ends at the newest sample, as it would with every sample drawn
        if (at[newest] > shown.getMaxX()) {
            shown.add(at[newest], low[newest], false);
        }
    }
}
