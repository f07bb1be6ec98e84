package io.drivelab.ui.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import io.drivelab.engine.CheckpointEvent;
import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.report.LibraryCurves;
import io.drivelab.report.Report;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Presets;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.Region;
import io.drivelab.workload.Step;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

/** The live view's data for the suites: checkpoints arriving one by one, and a GDSIO workload's kind. */
class LiveChartsSuiteTest {

    private static List<String> keys(XYSeriesCollection c) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < c.getSeriesCount(); i++) {
            keys.add(String.valueOf(c.getSeriesKey(i)));
        }
        return keys;
    }

    @Test
    void aCheckpointRunGainsAPointPerCheckpointWithPassAveragesAndTheReviewedDrivesGbPerS() {
        LiveFeed feed = new LiveFeed(null);
        LiveCharts live = new LiveCharts();
        live.setReferences(LibraryCurves.of(ReferenceLibrary.shipped()));
        PlanItem item = Presets.get(Presets.DLIO_CHECKPOINT).withTarget(Region.ofSize(32L << 20)).expand().stream()
                .filter(i -> i.isMeasure() && i.point().isCheckpoint()).findFirst().orElseThrow();
        String name = item.point().workload().name();
        live.pointStarted(item, "01-checkpoint");
        CheckpointCurves curves = (CheckpointCurves) live.workload(name);
        assertEquals(Report.Kind.CHECKPOINT, curves.kind());
        assertEquals(0, curves.pointCount());

        // As the engine's reader reports them: through the feed, drained by the UI thread.
        for (int pass = 1; pass <= 2; pass++) {
            for (int i = 1; i <= 3; i++) {
                feed.checkpoint(item, new CheckpointEvent(pass, i, null, 100L * i, 0.5 + 0.1 * i, 0.4, 0.1 * i,
                        1_000_000_000L, 1 / (0.5 + 0.1 * i), List.of()));
            }
        }
        for (LiveFeed.Event e : feed.drain()) {
            live.checkpoint(((LiveFeed.Checkpoint) e).item(), ((LiveFeed.Checkpoint) e).checkpoint());
        }
        assertEquals(0, curves.pointCount(), "drawn at the next flush, not per checkpoint");
        assertTrue(live.flush());

        assertEquals(6, curves.pointCount());
        assertEquals(name, live.shownWorkloadProperty().get());
        assertEquals(List.of("pass 1", "pass 2"), keys(curves.secondsPerCheckpoint()));
        assertEquals(List.of("pass 1 average", "pass 2 average"), keys(curves.passAverages()));
        assertEquals(0.7, curves.passAverages().getSeries(1).getY(0).doubleValue(), 1e-9);
        assertEquals(List.of("this run"), keys(curves.gbPerPass()));
        assertEquals(3 / 2.1, curves.gbPerPass().getSeries(0).getY(0).doubleValue(), 1e-9);
        assertTrue(keys(curves.reviewedGbPerPass()).contains("Kingston DC3000ME 7.68TB (its review)"),
                keys(curves.reviewedGbPerPass()).toString());

        live.checkpoint(item, new CheckpointEvent(3, 1, null, 900, 0.9, 0.8, 0.1, 1_000_000_000L, 1.1, List.of()));
        assertTrue(live.flush());
        assertEquals(7, curves.pointCount());
        assertFalse(live.flush(), "nothing new");
    }

    @Test
    void gdsioWorkloadsAreDrawnByThreadsAgainstTheReviewsGdsioFigures() {
        LiveCharts live = new LiveCharts();
        live.setReferences(LibraryCurves.of(ReferenceLibrary.shipped()));
        PlanItem item = Presets.get(Presets.GDSIO_SWEEP).expand().stream()
                .filter(i -> i.isMeasure() && i.point().workload().name().equals("1M sequential read (GDSIO)"))
                .findFirst().orElseThrow();
        live.pointStarted(item, "x");
        WorkloadCurves curves = live.workload("1M sequential read (GDSIO)");
        assertEquals(Report.Kind.GDSIO, curves.kind());
        assertTrue(keys(curves.leftReferences()).contains("Kingston DC3000ME 7.68TB (its review), 1M read"),
                keys(curves.leftReferences()).toString());
    }

    /** The gdsio preset saved under another name, its workloads renamed: what the plan says decides the charts. */
    static TestPlan renamedSweep() {
        TestPlan preset = Presets.get(Presets.GDSIO_SWEEP);
        List<Step> steps = preset.steps().stream().map(s -> s instanceof WorkloadStep ws
                ? (Step) new WorkloadStep(Workload.of("big " + ws.workload().rw().value(), ws.workload().rw(),
                ws.workload().bs()), ws.matrix(), ws.kind()) : s).toList();
        TestPlan renamed = new TestPlan("my-sweep", "", Region.WHOLE, steps, null);
        // as the store keeps it: the plan's JSON, read back
        return PlanFiles.fromJson(PlanFiles.toJson(renamed), null);
    }

    @Test
    void aRenamedGdsioPlanIsChartedByThreadsLive() {
        LiveCharts live = new LiveCharts();
        PlanItem item = renamedSweep().expand().stream().filter(PlanItem::isMeasure).findFirst().orElseThrow();
        live.pointStarted(item, item.point().key());
        assertEquals(Report.Kind.GDSIO, live.workload(item.point().workload().name()).kind());
    }
}
