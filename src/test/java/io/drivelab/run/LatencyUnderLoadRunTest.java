package io.drivelab.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.IntegrationTest;
import io.drivelab.report.LoadCurves;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.report.Report;
import io.drivelab.report.ReportRenderer;
import io.drivelab.report.Reports;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;
import org.jfree.chart.JFreeChart;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Latency under load with the real engine on a test file: the peak first, offered rates after, the curve drawn. */
@IntegrationTest
class LatencyUnderLoadRunTest {
    private static final long MIB = 1 << 20;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private TestFileRuns runs;
    private Store store;

    @BeforeEach
    void open() {
        runs = new TestFileRuns(dir);
        store = runs.store;
    }

    @AfterEach
    void close() {
        runs.close();
    }

    private PlanRunner runner(RunListener listener) {
        return runs.runner(listener);
    }

    @Test
    void thePresetOnATestFileStoresItsCurveAndTheReportDrawsIt() throws Exception {
        TestPlan plan = Presets.get(Presets.LATENCY_UNDER_LOAD).withTimes(2, 0, 0)
                .withTarget(Region.ofSize(64 * MIB));
        PlanRunner runner = runner(null);
        long id = runner.createRun(plan, dir.resolve("target.img"), null, null);
        assertEquals(RunStatus.COMPLETE, runner.execute(id, null), store.getRun(id).orElseThrow().error());

        double peak = iops(point(id, "02-randread-4k-qd32-j8-peak"));
        List<PointResult> loads = loadPoints(id);
        assertEquals(10, loads.size());
        double lastOffered = 0;
        for (PointResult p : loads) {
            JsonNode rate = rate(p);
            int percent = Integer.parseInt(p.meta().pointKey().replaceAll(".*-load", ""));
            double offered = rate.path("target_iops").asDouble();
            assertEquals(Math.round(peak * percent / 100 / 8) * 8.0, offered, "offered " + percent + " % of " + peak);
            assertTrue(offered > lastOffered, "offered rates rise");
            lastOffered = offered;
            assertTrue(rate.path("read_sched_lat_ns").path("percentiles").path("99").asLong() > 0, rate.toString());
        }
        JsonNode lowest = rate(loads.get(0));
        assertTrue(lowest.path("achieved_pct").asDouble() > 80,
                "a tenth of the peak is what the file can hold: " + lowest);

        Report report = Reports.run(store, id, ReferenceCurves.NONE);
        Report.Panel panel = report.panels().stream().filter(p -> p.kind() == Report.Kind.LOAD_CURVE)
                .findFirst().orElseThrow(() -> new AssertionError("no latency-under-load panel"));
        assertEquals("4K random read under load", panel.workload());
        assertTrue(report.header().stream().anyMatch(l -> l.startsWith("4K random read under load: peak ")
                && l.contains("; 10 offered rates of ")), report.header().toString());
        List<JFreeChart> charts = new ReportRenderer().charts(panel);
        XYDataset latency = charts.get(0).getXYPlot().getDataset();
        assertEquals(List.of("p50", "p99", "p99.9"), keys(latency));
        for (int s = 0; s < latency.getSeriesCount(); s++) {
            assertTrue(latency.getItemCount(s) >= 5, "a point per offered rate on " + latency.getSeriesKey(s));
        }
        XYDataset achieved = charts.get(1).getXYPlot().getDataset();
        assertEquals(10, achieved.getItemCount(0));
        for (int i = 1; i < achieved.getItemCount(0); i++) {
            assertTrue(achieved.getXValue(0, i) > achieved.getXValue(0, i - 1), "offered rises along the curve");
        }
        Path png = dir.resolve("report.png");
        new ReportRenderer().writePng(report, png);
        assertTrue(Files.size(png) > 0);
        assertEquals(List.of("01-4k-random-read-under-load-latency-under-load.png",
                        "01-4k-random-read-under-load-achieved.png"),
                new ReportRenderer().writeCharts(report, dir.resolve("charts")).stream()
                        .map(f -> f.getFileName().toString()).filter(n -> n.contains("under-load")).toList());
    }

    @Test
    void aResumedRunOffersSharesOfThePeakItStoredBeforeItStopped() throws Exception {
        TestPlan plan = new TestPlan("load", "", Region.ofSize(32 * MIB), List.of(WorkloadStep.underLoad(
                Workload.of("4K random read under load", Rw.RANDREAD, 4096), Matrix.single(8, 2, 1, 0, 0),
                List.of(20, 50, 80))));
        List<String> started = Collections.synchronizedList(new ArrayList<>());
        PlanRunner[] first = new PlanRunner[1];
        first[0] = runner(new RunListener() {
            @Override
            public void pointStarted(RunProgress progress, PlanItem item, String key) {
                started.add(key);
                if (key.endsWith("-load050")) {
                    first[0].cancel();
                }
            }
        });
        long id = first[0].createRun(plan, dir.resolve("target.img"), null, null);
        assertEquals(RunStatus.INTERRUPTED, first[0].execute(id, null));
        double peak = iops(point(id, "01-randread-4k-qd8-j2-peak"));

        started.clear();
        assertEquals(RunStatus.COMPLETE, runner(new RunListener() {
            @Override
            public void pointStarted(RunProgress progress, PlanItem item, String key) {
                started.add(key);
            }
        }).resume(id, null));

        assertFalse(started.stream().anyMatch(k -> k.endsWith("-peak")), "the peak was measured again: " + started);
        assertEquals(List.of("01-randread-4k-qd8-j2-load050", "01-randread-4k-qd8-j2-load080"), started);
        Map<String, Double> offered = loadPoints(id).stream().collect(Collectors.toMap(
                p -> p.meta().pointKey(), p -> rate(p).path("target_iops").asDouble(), (a, b) -> b));
        assertEquals(Math.round(peak * 0.2 / 2) * 2.0, offered.get("01-randread-4k-qd8-j2-load020"));
        assertEquals(Math.round(peak * 0.8 / 2) * 2.0, offered.get("01-randread-4k-qd8-j2-load080"),
                "the resumed run offers a share of the stored peak");
        assertEquals(3, LoadCurves.of(io.drivelab.workload.PointKinds.of(plan), store.listPoints(id)).get(0)
                .loads().size());
    }

    private PointResult point(long id, String key) {
        return store.listPoints(id).stream().map(StoredPoint::point)
                .filter(p -> p.meta().pointKey().equals(key) && p.status() == PointStatus.COMPLETE)
                .findFirst().orElseThrow(() -> new AssertionError("no complete point " + key));
    }

    private List<PointResult> loadPoints(long id) {
        return store.listPoints(id).stream().map(StoredPoint::point)
                .filter(p -> p.meta().pointKey().contains("-load") && p.status() == PointStatus.COMPLETE).toList();
    }

    private static double iops(PointResult p) {
        assertNotNull(p.read(), "the peak read");
        return p.read().iops();
    }

    private static JsonNode rate(PointResult p) {
        try {
            JsonNode rate = JSON.readTree(p.resultJson()).get("rate");
            assertNotNull(rate, "no rate in " + p.meta().pointKey());
            return rate;
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    private static List<String> keys(XYDataset d) {
        List<String> keys = new ArrayList<>();
        for (int s = 0; s < d.getSeriesCount(); s++) {
            keys.add(d.getSeriesKey(s).toString());
        }
        return keys;
    }
}
