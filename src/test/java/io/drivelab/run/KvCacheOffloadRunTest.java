package io.drivelab.run;

import io.drivelab.IntegrationTest;
import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.report.LibraryCurves;
import io.drivelab.report.Report;
import io.drivelab.report.Reports;
import io.drivelab.store.RunStatus;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Region;
import io.drivelab.workload.TestPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The kv-cache-offload preset on a test file: its report sets the run's held rate beside the PS1030 review's. */
@IntegrationTest
class KvCacheOffloadRunTest {
    @TempDir
    Path dir;

    @Test
    void theReportShowsTheReviewsFiguresBesideTheRateThisRunHeld() {
        TestPlan plan = Presets.get(Presets.KV_CACHE_OFFLOAD).withTimes(2, 0, 0).withTarget(Region.ofSize(64L << 20));
        Report report;
        try (TestFileRuns runs = new TestFileRuns(dir)) {
            PlanRunner runner = runs.runner(null);
            long id = runner.createRun(plan, dir.resolve("kv.img"), null, null);
            RunStatus status = runner.execute(id, null);
            assertTrue(status == RunStatus.COMPLETE || status == RunStatus.FAILED, status.toString());
            report = Reports.run(runs.store, id, LibraryCurves.of(ReferenceLibrary.shipped()));
        }
        List<String> header = report.header();
        assertTrue(header.stream().anyMatch(l -> l.startsWith("Review (Solidigm D7-PS1030 12.8 TB")
                && l.contains("1.9 GB/s") && l.contains("237.5 MB/s") && l.contains("1.6 DWPD")), header.toString());
        String thisRun = header.stream().filter(l -> l.startsWith("This run (KV-cache offload write"))
                .findFirst().orElseThrow(() -> new AssertionError("no line for this run in " + header));
        assertTrue(thisRun.matches(".*: \\d+\\.\\d MB/s for \\d+ s, \\d+\\.\\d % of its target \\(the review's drive "
                + "share 237\\.5 MB/s\\), not held for \\d+ ms; write latency from the scheduled time "
                + "p99 \\d+\\.\\d µs, "
                + "p99\\.9 \\d+\\.\\d µs.*"), thisRun);
        assertTrue(report.findings().stream().noneMatch(f -> f.contains("% below") || f.contains("% above")),
                "a held rate is no peak to compare with the reference drives' 128K writes: " + report.findings());
    }
}
