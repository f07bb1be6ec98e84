package io.drivelab.ui.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.report.LibraryCurves;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Region;
import org.junit.jupiter.api.Test;

/** What the live view shows as a run's events arrive, without JavaFX or an engine. */
class LiveStatusTest {

    @Test
    void theChosenReferenceDrivesAreDrawnAsSoonAsTheRunStartsBeforeItsFirstPoint() {
        LiveCharts live = new LiveCharts();
        live.setReferences(LibraryCurves.of(ReferenceLibrary.shipped()));
        LiveStatus status = new LiveStatus(live);
        List<PlanItem> items = Presets.get(Presets.QUICK).withTarget(Region.ofSize(1L << 30)).expand();
        LiveFeed feed = new LiveFeed(null);

        status.starting();
        feed.runStarted(7, items);
        feed.drain().forEach(status::apply);
        live.flush();

        assertEquals(List.of("128K sequential write", "128K sequential read", "4K random read", "4K random write"),
                live.workloadNames(), "every workload of the plan can be looked at");
        assertEquals("128K sequential write", live.shownWorkloadProperty().get());
        WorkloadCurves shown = live.workload("128K sequential write");
        assertEquals(0, shown.pointCount(), "nothing measured yet");
        assertTrue(shown.leftReferences().getSeriesCount() > 0, "the reference drives' curves are drawn");
        assertTrue(live.workload("4K random read").leftReferences().getSeriesCount() > 0);
    }
}
