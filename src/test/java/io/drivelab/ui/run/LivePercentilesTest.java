package io.drivelab.ui.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;

import io.drivelab.report.Percentiles;
import io.drivelab.workload.PlanItem;
import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.Test;

/** The percentile table's rows: a finished point changes only the rows that differ, so the table keeps its cells. */
class LivePercentilesTest {

    private static List<Percentiles.Row> rows(double p99) {
        return List.of(new Percentiles.Row("p50", 80.0, null), new Percentiles.Row("p99", p99, null),
                new Percentiles.Row("p99.9", 900.0, null));
    }

    @Test
    void aPointWithOtherFiguresReplacesOnlyTheRowsThatChanged() throws Exception {
        LiveCharts live = new LiveCharts();
        PlanItem item = LiveLoadCurveTest.presetItems().get(0);
        live.pointFinished(item, LiveLoadCurveTest.result(item, 100_000, null, 900), rows(300));
        Percentiles.Row first = live.percentiles().get(0);
        List<String> changes = new ArrayList<>();
        live.percentiles().addListener((ListChangeListener<Percentiles.Row>) c -> {
            while (c.next()) {
                changes.add(c.getFrom() + "-" + c.getTo() + " removed " + c.getRemovedSize());
            }
        });

        live.pointFinished(item, LiveLoadCurveTest.result(item, 100_000, null, 900), rows(300));
        assertEquals(List.of(), changes, "the same figures leave the table as it is");

        live.pointFinished(item, LiveLoadCurveTest.result(item, 100_000, null, 900), rows(450));
        assertEquals(List.of("1-2 removed 1"), changes, "only the p99 row is replaced");
        assertSame(first, live.percentiles().get(0), "an unchanged row is the same row object");
        assertEquals(rows(450), live.percentiles());
    }

    @Test
    void aPointWithOtherRowsShowsExactlyThem() throws Exception {
        LiveCharts live = new LiveCharts();
        PlanItem item = LiveLoadCurveTest.presetItems().get(0);
        live.pointFinished(item, LiveLoadCurveTest.result(item, 100_000, null, 900), rows(300));
        List<Percentiles.Row> two = List.of(new Percentiles.Row("p50", 1.0, 2.0), new Percentiles.Row("p99", 3.0, 4.0));
        live.pointFinished(item, LiveLoadCurveTest.result(item, 100_000, null, 900), two);
        assertEquals(two, live.percentiles());
        live.pointFinished(item, LiveLoadCurveTest.result(item, 100_000, null, 900), List.of());
        assertEquals(two, live.percentiles(), "a point without latencies leaves the last one's shown");
    }

    @Test
    void aTableWithAFigureOf10MsOrMoreIsInMilliseconds() {
        // "28,967" under "Write µs" beside "38.7": fio prints such a table in msec
        java.util.Locale before = java.util.Locale.getDefault(java.util.Locale.Category.FORMAT);
        java.util.Locale.setDefault(java.util.Locale.Category.FORMAT, java.util.Locale.US);
        try {
            assertEquals("µs", Percentiles.unit(rows(9_999.9)));
            List<Percentiles.Row> slow = List.of(new Percentiles.Row("p50", null, 38.7),
                    new Percentiles.Row("p99.99", null, 28_967.0), new Percentiles.Row("p99.999", 303_722.0, null));
            assertEquals("ms", Percentiles.unit(slow));
            assertEquals(List.of("0.04", "28.97", "303.7"), slow.stream().map(r -> Percentiles.figure(
                    r.writeUs() != null ? r.writeUs() : r.readUs(), "ms")).toList());
            assertEquals("9,999.9", Percentiles.figure(9_999.9, "µs"));
            assertEquals("µs", Percentiles.unit(List.of()));
        } finally {
            java.util.Locale.setDefault(java.util.Locale.Category.FORMAT, before);
        }
    }
}
