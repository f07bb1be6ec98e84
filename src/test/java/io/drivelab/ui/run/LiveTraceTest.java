package io.drivelab.ui.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.report.Charts;
import org.jfree.data.xy.XYSeries;
import org.junit.jupiter.api.Test;

/** A point's samples on the live time chart: all of a short point, an hour thinned to the chart's width. */
class LiveTraceTest {

    @Test
    void aShortPointShowsEverySampleAsItCame() {
        LiveTrace trace = new LiveTrace(Charts.series("IOPS"));
        trace.columns(800);
        for (int i = 0; i < 50; i++) {
            trace.add(i / 10.0, 1000 + i);
        }
        assertTrue(trace.sync());
        XYSeries shown = trace.shown();
        assertEquals(50, shown.getItemCount());
        assertEquals(4.9, shown.getX(49).doubleValue(), 1e-9);
        assertEquals(1049, shown.getY(49).doubleValue(), 1e-9);
        assertTrue(!trace.sync(), "nothing new: nothing to redraw");
    }

    @Test
    void anHourOfSamplesIsDrawnWithAboutTwoPointsAPixelColumnKeepingItsPeakAndDip() {
        LiveTrace trace = new LiveTrace(Charts.series("IOPS"));
        trace.columns(800);
        for (int i = 0; i < 36_000; i++) {
            double y = i == 20_000 ? 900_000 : i == 30_000 ? 10 : 250_000 + (i % 7) * 1000;
            trace.add(i / 10.0, y);
        }
        trace.sync();
        XYSeries shown = trace.shown();
        assertTrue(shown.getItemCount() <= 2 * 800 + 1, shown.getItemCount() + " points drawn");
        assertTrue(shown.getItemCount() >= 800, shown.getItemCount() + " points drawn");
        assertEquals(900_000, shown.getMaxY(), 1e-9, "the peak is drawn");
        assertEquals(10, shown.getMinY(), 1e-9, "the dip is drawn");
        assertEquals(0, shown.getMinX(), 3600.0 / 800, "the line starts in the first pixel column");
        assertEquals(3599.9, shown.getMaxX(), 1e-9, "the line reaches the newest sample");
        for (int i = 1; i < shown.getItemCount(); i++) {
            assertTrue(shown.getX(i).doubleValue() >= shown.getX(i - 1).doubleValue(), "in time order");
        }
    }

    @Test
    void samplesBeyondItsCapacityMergeInsteadOfGrowing() {
        LiveTrace trace = new LiveTrace(Charts.series("IOPS"));
        for (int i = 0; i < 10 * LiveTrace.CAPACITY; i++) {
            trace.add(i, i == 12_345 ? -1 : 5);
        }
        trace.sync();
        assertEquals(-1, trace.shown().getMinY(), 1e-9, "a sample merged away still shows as its entry's low");
        assertEquals(10 * LiveTrace.CAPACITY - 1, trace.shown().getMaxX(), 1e-9, "the newest sample is drawn");
    }

    @Test
    void clearingForTheNextPointStartsAfresh() {
        LiveTrace trace = new LiveTrace(Charts.series("IOPS"));
        for (int i = 0; i < 36_000; i++) {
            trace.add(i / 10.0, 7);
        }
        trace.sync();
        trace.clear();
        trace.add(0.1, 3);
        trace.add(0.2, 4);
        trace.sync();
        assertEquals(2, trace.shown().getItemCount());
        assertEquals(4, trace.shown().getY(1).doubleValue(), 1e-9);
    }
}
