package io.drivelab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/** The records whose equality is written out (a record's own is slow at first use) compare every component. */
class WrittenOutEqualityTest {
    private static final WorkloadType RANDREAD_4K = new WorkloadType("randread", 4096L, null);

    @Test
    void workloadKeysAreEqualByTypeMixAndNameNullsIncluded() {
        WorkloadResults.Key key = new WorkloadResults.Key(RANDREAD_4K, null, "RND4K Q32T16 read");

        assertEquals(new WorkloadResults.Key(new WorkloadType("randread", 4096L, null), null, "RND4K Q32T16 read"),
                key);
        assertEquals(new WorkloadResults.Key(RANDREAD_4K, null, "RND4K Q32T16 read").hashCode(), key.hashCode());
        assertNotEquals(new WorkloadResults.Key(RANDREAD_4K, null, "RND4K Q1T1 read"), key);
        assertNotEquals(new WorkloadResults.Key(RANDREAD_4K, 70, "RND4K Q32T16 read"), key);
        assertNotEquals(new WorkloadResults.Key(new WorkloadType("randwrite", 4096L, null), null,
                "RND4K Q32T16 read"), key);
        assertNotEquals(key, null);
    }

    @Test
    void percentileRowsAreEqualByLabelAndBothFigures() {
        Percentiles.Row row = new Percentiles.Row("p99", 120.5, null);

        assertEquals(new Percentiles.Row("p99", 120.5, null), row);
        assertEquals(new Percentiles.Row("p99", 120.5, null).hashCode(), row.hashCode());
        assertNotEquals(new Percentiles.Row("p99.9", 120.5, null), row);
        assertNotEquals(new Percentiles.Row("p99", 121.0, null), row);
        assertNotEquals(new Percentiles.Row("p99", 120.5, 80.0), row);
    }
}
