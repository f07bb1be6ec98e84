package io.drivelab.ui.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.report.LibraryCurves;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.run.RunProgress;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Region;
import org.junit.jupiter.api.Test;

/** What the live view shows as a run's events arrive, without JavaFX or an engine. */
class LiveStatusTest {

    @Test
    void theChosenReferenceDrivesAreDrawnAsSoonAsTheRunStartsBeforeItsFirstPoint() {
        LiveCharts live = quickRunStartedWithTheShippedDrives();
        live.flush();

        assertEquals(List.of("128K sequential write", "128K sequential read", "4K random read", "4K random write"),
                live.workloadNames(), "every workload of the plan can be looked at");
        assertEquals("128K sequential write", live.shownWorkloadProperty().get());
        WorkloadCurves shown = live.workload("128K sequential write");
        assertEquals(0, shown.pointCount(), "nothing measured yet");
        assertTrue(shown.leftReferences().getSeriesCount() > 0, "the reference drives' curves are drawn");
        assertTrue(live.workload("4K random read").leftReferences().getSeriesCount() > 0);
    }

    @Test
    void beforeTheFirstRunTheChosenPlansWorkloadsAreShownWithTheDrivesCurves() {
        // until a run started, the live view showed empty axes and "(after the first point)"
        LiveCharts live = new LiveCharts();
        live.setReferences(LibraryCurves.of(ReferenceLibrary.shipped()));
        var plan = new javafx.beans.property.SimpleObjectProperty<>(Presets.get(Presets.QUICK)
                .withTarget(Region.ofSize(64L << 20)));
        LiveStatus status = new LiveStatus(live, plan);
        live.flush();
        assertEquals(List.of("128K sequential write", "128K sequential read", "4K random read", "4K random write"),
                live.workloadNames());
        assertEquals("128K sequential write", live.shownWorkloadProperty().get());
        assertTrue(live.workload("4K random read").leftReferences().getSeriesCount() > 0, "the drives' curves");
        assertEquals(0, live.workload("4K random read").pointCount());
        assertEquals(List.of(1.0, 32.0), plannedDepths(live.workload("4K random read")), "where the plan measures");

        plan.set(Presets.get(Presets.CRYSTALDISKMARK).withTarget(Region.ofSize(64L << 20)));
        assertTrue(live.workloadNames().stream().noneMatch(n -> n.equals("128K sequential write")),
                "another plan chosen: its workloads, " + live.workloadNames());
        assertEquals(live.workloadNames().get(0), live.shownWorkloadProperty().get());

        plan.set(null);
        assertTrue(!live.workloadNames().isEmpty(), "a plan being edited into shape leaves the last one shown");

        // once a run has been shown, its results stay whatever plan is chosen next
        LiveFeed feed = new LiveFeed(null);
        status.starting();
        feed.runStarted(7, Presets.get(Presets.QUICK).withTarget(Region.ofSize(64L << 20)).expand());
        feed.drain().forEach(status::apply);
        status.apply(new LiveFeed.AllFinished());
        plan.set(Presets.get(Presets.CRYSTALDISKMARK).withTarget(Region.ofSize(64L << 20)));
        assertEquals("128K sequential write", live.workloadNames().get(0), "the run's workloads stay");
    }

    /**
     * Before: the scaling chart's IODepth axis spanned the reference drives' depths (QD16-256) until the first point,
     * so that the plan's QD1 and QD32 lay off it or at its edge in the preview.
     */
    @Test
    void thePreviewsIoDepthAxisSpansThePlansDepthsAsWellAsTheDrives() {
        LiveCharts live = new LiveCharts();
        live.setReferences(LibraryCurves.of(ReferenceLibrary.shipped()));
        new LiveStatus(live, new javafx.beans.property.SimpleObjectProperty<>(Presets.get(Presets.QUICK)
                .withTarget(Region.ofSize(64L << 20))));
        live.flush();
        WorkloadCurves curves = live.workload("4K random read");
        org.jfree.chart.JFreeChart chart = io.drivelab.report.Charts.scaling("preview", curves.unit(), curves.left(),
                curves.leftReferences());
        org.jfree.data.Range drives = chart.getXYPlot().getDomainAxis().getRange();
        assertTrue(drives.getLowerBound() > 1, "the drives alone: " + drives);
        int legend = chart.getXYPlot().getLegendItems().getItemCount();

        WorkloadCurves.showPlanned(chart, curves.leftPlanned());
        org.jfree.data.Range shown = chart.getXYPlot().getDomainAxis().getRange();
        assertTrue(shown.getLowerBound() <= 1 && shown.getUpperBound() >= drives.getUpperBound(), shown.toString());
        assertEquals(legend, chart.getXYPlot().getLegendItems().getItemCount(), "the planned depths are in no legend");
        assertTrue(!io.drivelab.ui.common.ChartCopy.text(chart).contains("planned"), "nor copied as figures");
    }

    private static List<Double> plannedDepths(WorkloadCurves curves) {
        var series = curves.leftPlanned().getSeries(0);
        return java.util.stream.IntStream.range(0, series.getItemCount()).mapToObj(i -> series.getX(i).doubleValue())
                .toList();
    }

    @Test
    void referenceDrivesChangedDuringARunAreTheOnesEveryWorkloadShowsWhenLookedAt() {
        LiveCharts live = quickRunStartedWithTheShippedDrives();
        assertTrue(live.workload("4K random read").leftReferences().getSeriesCount() > 0);

        // every drive unticked while the first workload is shown
        live.setReferences(ReferenceCurves.NONE);

        assertEquals("128K sequential write", live.shownWorkloadProperty().get());
        assertEquals(0, live.workload("128K sequential write").leftReferences().getSeriesCount());
        assertEquals(0, live.workload("4K random read").leftReferences().getSeriesCount(),
                "a workload looked at later shows the drives chosen now, not those of the run's start");
        assertEquals(0, live.workload("4K random write").rightReferences().getSeriesCount());
    }

    @Test
    void theSamplesProgressMovesTheBarOnceASecondNotPerSample() {
        LiveStatus status = new LiveStatus(new LiveCharts(), new javafx.beans.property.SimpleObjectProperty<>());
        LiveFeed feed = new LiveFeed(null);
        status.starting();
        int[] changes = {0};
        status.progress.addListener((o, a, b) -> changes[0]++);

        for (int ms = 1000; ms < 2000; ms += 100) {
            feed.progress(new RunProgress(0, 16, "4K random read", Duration.ofMillis(ms), Duration.ofSeconds(60),
                    ms / 100_000.0));
            // a pulse per sample, as the window drains them
            feed.drain().forEach(status::apply);
        }
        assertEquals(1, changes[0], "ten samples within one second move the bar once");
        assertEquals(0.01, status.progress.get(), 1e-9);

        feed.progress(new RunProgress(0, 16, "4K random read", Duration.ofMillis(2000), Duration.ofSeconds(59), 0.02));
        feed.drain().forEach(status::apply);
        assertEquals(2, changes[0], "the next second moves it again");
        assertEquals("Elapsed 2 s", "Elapsed " + status.elapsed.get());
    }

    @Test
    void everySampleTheWindowDrainsIsCountedAsTakenInThoughTheTimeChartThinsThem() {
        LiveCharts live = new LiveCharts();
        LiveStatus status = new LiveStatus(live, new javafx.beans.property.SimpleObjectProperty<>());
        LiveFeed feed = new LiveFeed(null);
        status.starting();
        int count = LiveTrace.CAPACITY * 3;
        for (int i = 0; i < count; i++) {
            feed.post(new LiveFeed.Sample(null, i / 10.0, false, 1000, 4_096_000, 50.0, 90.0));
            if (i % 4 == 3) {
                feed.drain().forEach(status::apply);
            }
        }
        feed.drain().forEach(status::apply);
        live.flush();

        assertEquals(count, live.samplesTakenIn(), "the rate the bench prints is counted from these");
        assertTrue(live.timeThroughput().getItemCount(0) < count, "the chart keeps them thinned");
    }

    @Test
    void aRunOnATestFileStoppedUnfinishedSaysItsFileIsKeptForTheResume() {
        LiveStatus status = new LiveStatus(new LiveCharts(), new javafx.beans.property.SimpleObjectProperty<>());
        status.starting();
        Run run = new Run(7, "quick on /dev/shm/drivelab-test.img", "{}", "quick", "/dev/shm/drivelab-test.img",
                "file", null, "lab1", "0.1.0", Instant.parse("2026-12-03T17:00:00Z"), null, RunStatus.RUNNING, null,
                null, 16);
        status.apply(new LiveFeed.RunStarted(7, List.of(), run, null));
        status.apply(new LiveFeed.RunFinished(7, RunStatus.INTERRUPTED, "stopped by the user"));

        assertEquals("Run 7 stopped: 0 of 16 points complete. Resume it from History to measure the rest. Its test file "
                + "/dev/shm/drivelab-test.img is kept for that (deleting the run in History removes it).", status.status.get());
    }

    @Test
    void whenOneFailsAndTheOthersAreStoppedWithItTheWindowSaysWhichFailedAndThatTheOthersResume() {
        LiveStatus status = new LiveStatus(new LiveCharts(), new javafx.beans.property.SimpleObjectProperty<>());
        endTogether(status, true, false);
        assertTrue(status.error.get().contains("Run 4 on host-a:/a.img failed, so the targets running with it were "
                + "stopped (\"If one target fails, stop the others\" is ticked): run 5 on host-b:/b.img keeps what it "
                + "measured; resume it from History to measure the rest."), status.error.get());
        assertTrue(status.status.get().endsWith("Stopped because run 4 on host-a:/a.img failed."),
                status.status.get());

        endTogether(status, true, true);
        assertTrue(!status.error.get().contains("were stopped"), "the user's Stop is no failure's doing: "
                + status.error.get());
        endTogether(status, false, false);
        assertTrue(!status.error.get().contains("were stopped"), "not chosen: " + status.error.get());
    }

    /** Runs 4 and 5 at the same time: 4 fails, 5 ends stopped; the user pressed Stop or not. */
    private static void endTogether(LiveStatus status, boolean stopOthers, boolean userStopped) {
        LiveFeed feed = new LiveFeed(null);
        status.starting();
        feed.post(new LiveFeed.Together(List.of(4L, 5L), List.of("host-a:/a.img", "host-b:/b.img"), stopOthers));
        feed.runFinished(4, RunStatus.FAILED, "host-a: the fio server stopped answering");
        feed.post(new LiveFeed.AlongsideFinished(5, RunStatus.INTERRUPTED, "stopped by the user", 1));
        feed.post(new LiveFeed.AllFinished());
        feed.drain().forEach(event -> {
            if (userStopped && event instanceof LiveFeed.AllFinished) {
                status.stopping();
            }
            status.apply(event);
        });
    }

    /** The live view's data once a quick run on a 1 GiB region started, the shipped reference drives chosen. */
    private static LiveCharts quickRunStartedWithTheShippedDrives() {
        LiveCharts live = new LiveCharts();
        live.setReferences(LibraryCurves.of(ReferenceLibrary.shipped()));
        LiveStatus status = new LiveStatus(live, new javafx.beans.property.SimpleObjectProperty<>());
        List<PlanItem> items = Presets.get(Presets.QUICK).withTarget(Region.ofSize(1L << 30)).expand();
        LiveFeed feed = new LiveFeed(null);
        status.starting();
        feed.runStarted(7, items);
        feed.drain().forEach(status::apply);
        return live;
    }
}
