package io.drivelab.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;

import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Presets;
import org.junit.jupiter.api.Test;

/** A run's plan counted as the Plan panel counts it, for the window's run bar and the CLI's progress. */
class PlanPositionTest {
    private final List<PlanItem> crystal = Presets.get(Presets.CRYSTALDISKMARK).expand();

    @Test
    void aRunStartingCountsItsPointsAsThePlanPanelDoesNotItsPauses() {
        // crystaldiskmark's run said "going: 15 items in the plan" under a Plan panel saying "8 points"
        assertEquals("8 points, 7 idle pauses between them", PlanPosition.inThePlan(crystal));
        assertEquals("36 points, after 2 preconditions, 35 idle pauses between them",
                PlanPosition.inThePlan(Presets.get(Presets.STORAGEREVIEW_CDN).expand()));
        assertEquals("1 point", PlanPosition.inThePlan(List.of(PlanItem.measure(
                Presets.get(Presets.QUICK).points().get(0)))));
    }

    @Test
    void thePositionCountsPointsAndPausesAsThePlanDoes() {
        // it said "Item 2 of 15" beside "going: 8 points, 7 idle pauses between them"
        assertEquals("Point 1 of 8", PlanPosition.of(crystal, at(0, crystal)));
        assertEquals("Pause after point 1 of 8", PlanPosition.of(crystal, at(1, crystal)));
        assertEquals("Point 8 of 8", PlanPosition.of(crystal, at(14, crystal)));
        List<PlanItem> cdn = Presets.get(Presets.STORAGEREVIEW_CDN).expand();
        assertEquals("Precondition 1 of 2", PlanPosition.of(cdn, at(0, cdn)));
        assertEquals("Item 3 of 15", PlanPosition.of(List.of(), at(2, crystal)), "a run whose plan is unknown");
    }

    private static RunProgress at(int index, List<PlanItem> items) {
        return new RunProgress(index, items.size(), "", Duration.ZERO, Duration.ZERO, 0);
    }
}
