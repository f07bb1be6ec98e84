package io.drivelab.findings;

import io.drivelab.IntegrationTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.report.LibraryCurves;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.report.Report;
import io.drivelab.report.ReportRenderer;
import io.drivelab.report.Reports;
import io.drivelab.report.TinyRuns;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Findings of a real run (the engine, 3 points) against the shipped reference library. */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FindingsTest {
    private Store store;
    private long run;
    private final ReferenceCurves kingston = LibraryCurves.of(ReferenceLibrary.shipped()).only(List.of("DC3000ME"));

    @BeforeAll
    void realRun(@TempDir Path dir) {
        store = Store.open(dir.resolve("drivelab.db"));
        run = TinyRuns.likeTheReviews(store, dir);
    }

    @AfterAll
    void close() {
        store.close();
    }

    private double iops(int iodepth) {
        return store.listPoints(run).stream().map(StoredPoint::point).filter(p -> p.meta().iodepth() == iodepth)
                .findFirst().orElseThrow().read().iops();
    }

    @Test
    void aPointIsComparedWithEachDriveMeasuredAtTheSameWorkload() {
        List<Finding> findings = Reports.findings(store, run, kingston).stream()
                .filter(f -> f.workload().equals("4K random read QD16 × 8 jobs")).toList();
        assertEquals(1, findings.size(), findings.toString());
        String sentence = findings.get(0).sentence();
        // The review's figures at QD16 x 8 jobs: IOPS from its 4K random read section, and mean latency.
        assertTrue(sentence.matches("4K random read QD16 × 8 jobs: " + java.util.regex.Pattern.quote(
                Figures.compact(iops(16))) + " IOPS, (\\d+ % (below|above)|level with) the Kingston DC3000ME "
                + "7\\.68TB's [\\d.,]+( M)? \\(.+ section\\); mean latency [\\d.,]+× (lower|higher)\\."), sentence);
    }

    @Test
    void aPointStoppedPartWaySaysSoBeforeItsFigures() {
        // an interrupted run's stopped point was compared in words as if it were the point
        List<io.drivelab.store.PointResult> stopped = store.listPoints(run).stream().map(StoredPoint::point)
                .map(r -> r.withStatus(io.drivelab.store.PointStatus.PARTIAL, "stopped")).toList();
        List<Finding> findings = Findings.of(stopped, kingston::match);
        assertTrue(!findings.isEmpty());
        for (Finding f : findings) {
            assertTrue(f.sentence().startsWith(f.workload() + " (partial): "), f.sentence());
        }
        assertTrue(Reports.findings(store, run, kingston).stream().noneMatch(f -> f.sentence().contains("partial")));
    }

    @Test
    void aPointNoDriveWasMeasuredAtSaysSoAndNamesTheNearest() {
        List<Finding> findings = Reports.findings(store, run, kingston).stream()
                .filter(f -> f.workload().equals("4K random read QD4 × 1 job")).toList();
        assertEquals(1, findings.size(), findings.toString());
        assertEquals(null, findings.get(0).drive());
        assertTrue(findings.get(0).sentence().startsWith("4K random read QD4 × 1 job: "
                + Figures.compact(iops(4)) + " IOPS; no reference drive was measured at QD4 × 1 job (the nearest "
                + "measured: "), findings.get(0).sentence());
    }

    @Test
    void aWorkloadsPointsInARowWithoutADriveShareOneSentence() {
        // a quick run on two targets in Compare: 26 of its 32 sentences said "no reference drive was measured at"
        List<PointResult> points = store.listPoints(run).stream().map(StoredPoint::point).map(p -> {
            PointMeta m = p.meta();
            // the review measured 4K random reads at QD16 x 8 jobs, never at QD3 x 8 jobs
            return m.iodepth() != 16 ? p : new PointResult(new PointMeta(m.pointKey(), m.seq(), m.kind(), m.workload(),
                    m.rw(), m.bs(), m.bsMix(), m.rwmixread(), 3, m.numjobs()), PointStatus.PARTIAL, p.runtimeMs(),
                    p.read(), p.write(), p.resultJson(), p.histograms(), "stopped", p.startedAt(), p.endedAt());
        }).toList();
        List<Finding> findings = Findings.of(points, kingston::match);
        assertEquals(2, findings.size(), findings.toString());
        assertEquals("4K random read", findings.get(0).workload());
        assertEquals(null, findings.get(0).drive());
        String sentence = findings.get(0).sentence();
        assertTrue(sentence.startsWith("4K random read: " + Figures.compact(points.get(0).read().iops())
                + " IOPS at QD3 × 8 jobs (partial), " + Figures.compact(iops(4)) + " IOPS at QD4 × 1 job; no "
                + "reference drive was measured at these depths (the nearest measured: QD"), sentence);
        assertTrue(findings.get(1).sentence().startsWith("4K random read QD1 × 1 job: mean latency"),
                findings.get(1).sentence());
    }

    @Test
    void whereADriveHasOnlyALatencyThereTheLatenciesAreCompared() {
        List<Finding> findings = Reports.findings(store, run, kingston).stream()
                .filter(f -> f.workload().equals("4K random read QD1 × 1 job")).toList();
        assertEquals(1, findings.size(), findings.toString());
        assertTrue(findings.get(0).sentence().matches("4K random read QD1 × 1 job: mean latency [\\d.,]+ µs, "
                + "([\\d.,]+× (lower|higher) than|level with) the Kingston DC3000ME 7\\.68TB's [\\d.,]+ µs "
                + "\\(Kingston DC3000ME review, .+ section\\)\\."), findings.get(0).sentence());
    }

    /** Before: "mean latency 42,658 µs, 3,878× higher than the Kingston DC3000ME 7.68TB's 11.0 µs". */
    @Test
    void aLatencyOfTenMillisecondsOrMoreIsWrittenInMilliseconds() {
        List<PointResult> points = store.listPoints(run).stream().map(StoredPoint::point).map(p -> {
            PointMeta m = p.meta();
            if (m.iodepth() != 1 || m.numjobs() != 1 || p.read() == null) {
                return p;
            }
            DirectionResult r = p.read();
            DirectionResult slow = new DirectionResult(r.iops(), r.bwBytes(), 42_658_000.0, r.p50Ns(), r.p99Ns(),
                    r.p999Ns());
            return new PointResult(m, p.status(), p.runtimeMs(), slow, p.write(), p.resultJson(), p.histograms(),
                    p.error(), p.startedAt(), p.endedAt());
        }).toList();
        String sentence = Findings.of(points, kingston::match).stream().map(Finding::sentence)
                .filter(f -> f.startsWith("4K random read QD1 × 1 job: mean latency")).findFirst().orElseThrow();
        assertTrue(sentence.startsWith("4K random read QD1 × 1 job: mean latency " + Figures.compact(42.658)
                + " ms, "), sentence);
        assertTrue(sentence.matches(".* than the Kingston DC3000ME 7\\.68TB's [\\d.,]+ µs \\(.*"), sentence);
    }

    @Test
    void theReportOpensWithTheSameSentences() {
        Report report = Reports.run(store, run, kingston);
        assertEquals(Reports.findings(store, run, kingston).stream().map(Finding::sentence).toList(),
                report.findings());
        Report without = Reports.run(store, run, ReferenceCurves.NONE);
        assertEquals(List.of(), without.findings());
        ReportRenderer renderer = new ReportRenderer();
        assertTrue(renderer.size(report).height > renderer.size(without).height);
    }

    @Test
    void figuresAreWrittenForPeople() {
        java.util.Locale before = java.util.Locale.getDefault(java.util.Locale.Category.FORMAT);
        java.util.Locale.setDefault(java.util.Locale.Category.FORMAT, java.util.Locale.US);
        try {
            assertEquals("1.61 M", Figures.compact(1_612_345));
            assertEquals("62,345", Figures.compact(62_345.4));
            assertEquals("12.3", Figures.compact(12.34));
            assertEquals("2.3×", Figures.times(2.34));
        } finally {
            java.util.Locale.setDefault(java.util.Locale.Category.FORMAT, before);
        }
    }
}
