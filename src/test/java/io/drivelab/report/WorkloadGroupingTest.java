package io.drivelab.report;

import io.drivelab.IntegrationTest;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.store.Store;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** A run's points fall into the same workloads in its own report and in a comparison (real runs). */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WorkloadGroupingTest {
    private Store store;
    private long crystal;
    private final ReferenceCurves kingston = LibraryCurves.of(ReferenceLibrary.shipped()).only(List.of("DC3000ME"));

    @BeforeAll
    void realRun(@TempDir Path dir) {
        store = Store.open(dir.resolve("drivelab.db"));
        crystal = TinyRuns.crystalLike(store, dir);
    }

    @AfterAll
    void close() {
        store.close();
    }

    private static List<String> workloads(Report report) {
        return report.panels().stream().map(Report.Panel::workload).toList();
    }

    @Test
    void twoNamedWorkloadsOfOneKindStayApartInAComparisonAsInTheReport() {
        Report run = Reports.run(store, crystal, kingston);
        Report comparison = Reports.comparison(store, List.of(crystal), kingston);
        assertEquals(List.of("RND4K Q4T2 read", "RND4K Q1T1 read"), workloads(run));
        assertEquals(workloads(run), workloads(comparison));
        // Q1T1's single line is in its own panel, not beside Q4T2's.
        assertEquals(1, comparison.panels().get(1).scaling().size());
        List<String> q1Peaks = comparison.table().rows().stream().filter(r -> r.get(0).equals("RND4K Q1T1 read"))
                .map(r -> r.get(4)).toList();
        assertEquals("QD1/1", q1Peaks.get(0));
        List<String> q4Peaks = comparison.table().rows().stream().filter(r -> r.get(0).equals("RND4K Q4T2 read"))
                .map(r -> r.get(4)).toList();
        assertEquals("QD4/2", q4Peaks.get(0));
    }
}
