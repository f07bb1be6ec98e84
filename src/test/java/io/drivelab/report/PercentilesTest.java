package io.drivelab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The live percentile table's rows: one for each shown percentile, whatever a point measured. */
class PercentilesTest {

    @Test
    void everyShownPercentileHasARowInOrderBlankWhereThePointHasNone() {
        List<Percentiles.Row> measured = List.of(new Percentiles.Row("p99", 310.0, null),
                new Percentiles.Row("p50", 80.0, 95.0));

        List<Percentiles.Row> all = Percentiles.everyShown(measured);

        assertEquals(List.of("p50", "p90", "p95", "p99", "p99.9", "p99.99"),
                all.stream().map(Percentiles.Row::label).toList());
        assertEquals(new Percentiles.Row("p50", 80.0, 95.0), all.get(0));
        assertEquals(new Percentiles.Row("p90", null, null), all.get(1));
        assertEquals(new Percentiles.Row("p99", 310.0, null), all.get(3));
        assertEquals(Percentiles.everyShown(List.of()).stream().map(r -> r.readUs() == null && r.writeUs() == null)
                .toList(), List.of(true, true, true, true, true, true), "blank before any point");
    }
}
