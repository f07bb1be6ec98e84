package io.drivelab.ui.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.report.LibraryCurves;
import io.drivelab.report.Report;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Point;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Region;
import io.drivelab.workload.WorkloadKind;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

/**
 * The live view's data for a latency-under-load run: the report's curve (p50/p99/p99.9 latency from the scheduled
 * time against achieved IOPS; achieved against offered) growing as the offered rates finish, not IODepth charts.
 */
class LiveLoadCurveTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<String> keys(XYSeriesCollection c) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < c.getSeriesCount(); i++) {
            keys.add(String.valueOf(c.getSeriesKey(i)));
        }
        return keys;
    }

    /** The engine's result of a point: at {@code offered} IOPS with p99 from the scheduled time, or the peak. */
    static PointResult result(PlanItem item, double achieved, Double offered, double p99Us)
            throws Exception {
        Point p = item.point();
        String percentiles = String.format(Locale.ROOT, "{\"50\":%d,\"99\":%d,\"99.9\":%d}",
                (long) (p99Us * 500), (long) (p99Us * 1000), (long) (p99Us * 3000));
        String read = String.format(Locale.ROOT, "{\"io_bytes\":%d,\"ios\":%d,\"iops\":%s,\"bw_bytes\":%d,"
                + "\"lat_ns\":{\"mean\":%d,\"percentiles\":%s}}", (long) achieved * 4096 * 30, (long) achieved * 30,
                achieved, (long) achieved * 4096, (long) (p99Us * 400), percentiles);
        String rate = offered == null ? "" : String.format(Locale.ROOT, ",\"rate\":{\"target_iops\":%s,"
                + "\"achieved_pct\":%s,\"behind_ms\":0,\"read_sched_lat_ns\":{\"ios\":1,\"percentiles\":%s}}",
                offered, 100 * achieved / offered, percentiles);
        String line = "{\"type\":\"result\",\"partial\":false,\"runtime_ms\":30000,\"read\":" + read
                + ",\"write\":{\"io_bytes\":0,\"ios\":0,\"iops\":0,\"bw_bytes\":0}" + rate + "}";
        PointMeta meta = new PointMeta(p.key(), 1, PointKind.MEASURE, p.workload().name(), p.workload().rw().value(),
                p.workload().bs(), null, null, p.iodepth(), p.numjobs());
        return PointResult.fromEngineResult(meta, JSON.readTree(line), java.time.Instant.EPOCH,
                java.time.Instant.EPOCH);
    }

    /** The preset's peak, then its offered rates, lowest first. */
    static List<PlanItem> presetItems() {
        return Presets.get(Presets.LATENCY_UNDER_LOAD).withTarget(Region.ofSize(64L << 20)).expand().stream()
                .filter(i -> i.isMeasure() && i.point().kind() == WorkloadKind.LATENCY_UNDER_LOAD).toList();
    }

    @Test
    void offeredRatesAreDrawnAsTheReportsLoadCurveAsTheyFinish() throws Exception {
        LiveCharts live = new LiveCharts();
        live.setReferences(LibraryCurves.of(ReferenceLibrary.shipped()));
        List<PlanItem> items = presetItems();
        PlanItem peak = items.get(0);
        assertTrue(peak.point().key().endsWith("-peak"), peak.point().key());
        live.pointStarted(peak, peak.point().key());
        WorkloadCurves curves = live.workload(peak.point().workload().name());
        assertEquals(Report.Kind.LOAD_CURVE, curves.kind(), "not the IODepth charts");
        LatencyUnderLoadCurves load = (LatencyUnderLoadCurves) curves;

        live.pointFinished(peak, result(peak, 100_000, null, 900), List.of());
        live.flush();
        assertEquals(0, load.pointCount(), "the peak is no point of the curve");

        live.pointFinished(items.get(2), result(items.get(2), 19_800, 20_000.0, 350), List.of());
        live.pointFinished(items.get(1), result(items.get(1), 10_000, 10_000.0, 200), List.of());
        assertEquals(0, load.pointCount(), "drawn at the next flush");
        assertTrue(live.flush());

        assertEquals(2, load.pointCount());
        assertEquals(List.of("p50", "p99", "p99.9"), keys(load.latency()));
        XYSeries p99 = load.latency().getSeries(1);
        assertEquals(10_000, p99.getX(0).doubleValue(), 1e-9, "by achieved IOPS, lowest offered first");
        assertEquals(200, p99.getY(0).doubleValue(), 1e-9);
        assertEquals(19_800, p99.getX(1).doubleValue(), 1e-9);
        assertEquals(350, p99.getY(1).doubleValue(), 1e-9);
        assertEquals(List.of("achieved"), keys(load.achieved()));
        assertEquals(19_800, load.achieved().getSeries(0).getY(1).doubleValue(), 1e-9);
        assertEquals(List.of("offered, fully held"), keys(load.fullyHeld()));
        assertEquals(20_000, load.fullyHeld().getSeries(0).getY(1).doubleValue(), 1e-9);
        assertEquals(0, load.leftReferences().getSeriesCount(), "no reference drive publishes such a curve");
        assertFalse(live.flush(), "nothing new");

        live.pointFinished(items.get(3), result(items.get(3), 29_000, 30_000.0, 900), List.of());
        assertTrue(live.flush());
        assertEquals(3, load.pointCount());
        assertEquals(900, load.latency().getSeries(1).getY(2).doubleValue(), 1e-9);
    }
}
