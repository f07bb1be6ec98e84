package io.drivelab.ui.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Point;
import io.drivelab.workload.Presets;
import io.drivelab.workload.TestPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plan column's view-model, without JavaFX running. */
class PlanViewModelTest {

    private static List<String> cells(TestPlan plan, String workload) {
        return plan.points().stream().filter(p -> p.workload().name().equals(workload))
                .map(p -> "QD" + p.iodepth() + "/" + p.numjobs()).toList();
    }

    @Test
    void theQuickPresetShowsItsFourWorkloadsAndItsEstimate() {
        PlanViewModel vm = new PlanViewModel(Presets.QUICK);
        assertEquals(List.of("128K sequential write", "128K sequential read", "4K random read", "4K random write"),
                vm.workloads().stream().map(WorkloadChoice::name).toList());
        assertEquals("16 points, about 1 min 36 s per target", vm.estimateProperty().get());
        assertEquals(5, vm.runtimeProperty().get());
        assertEquals(1, vm.rampProperty().get());
    }

    @Test
    void theEstimateFollowsTheRuntimeAndRamp() {
        PlanViewModel vm = new PlanViewModel(Presets.QUICK);
        vm.runtimeProperty().set(1);
        vm.rampProperty().set(0);
        assertEquals("16 points, about 16 s per target", vm.estimateProperty().get());
        assertTrue(vm.plan().points().stream().allMatch(p -> p.runtime() == 1 && p.ramp() == 0));
    }

    @Test
    void theGridStartsWithThePlansCellsTicked() {
        WorkloadChoice first = new PlanViewModel(Presets.QUICK).workloads().get(0);
        assertTrue(first.cell(1, 1).get());
        assertTrue(first.cell(32, 2).get());
        assertFalse(first.cell(8, 1).get());
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 128, 256), first.iodepths());
        assertEquals(List.of(1, 2, 4, 8, 16), first.numjobs());
    }

    @Test
    void untickingACellLeavesOutThatPointOnly() {
        PlanViewModel vm = new PlanViewModel(Presets.QUICK);
        vm.workloads().get(0).cell(32, 2).set(false);
        assertEquals(List.of("QD1/1", "QD32/1", "QD1/2"), cells(vm.plan(), "128K sequential write"));
        assertEquals(15, vm.plan().points().size());
        assertEquals("15 points, about 1 min 30 s per target", vm.estimateProperty().get());
    }

    @Test
    void tickingACellAddsThatPoint() {
        PlanViewModel vm = new PlanViewModel(Presets.QUICK);
        vm.workloads().get(2).cell(8, 1).set(true);
        // Column 1 job now has QD1, 8, 32; column 2 jobs still QD1, 32: two matrices of one workload.
        assertEquals(List.of("QD1/1", "QD8/1", "QD32/1", "QD1/2", "QD32/2"), cells(vm.plan(), "4K random read"));
        assertEquals(17, vm.plan().points().size());
    }

    @Test
    void aWorkloadLeftOutIsNotMeasured() {
        PlanViewModel vm = new PlanViewModel(Presets.QUICK);
        vm.workloads().get(1).includedProperty().set(false);
        assertEquals(List.of(), cells(vm.plan(), "128K sequential read"));
        assertEquals(12, vm.plan().points().size());
    }

    @Test
    void nothingTickedIsNotAPlanAndSaysWhy() {
        PlanViewModel vm = new PlanViewModel(Presets.QUICK);
        vm.workloads().forEach(w -> w.includedProperty().set(false));
        assertNull(vm.plan());
        assertEquals("Tick at least one workload and one IODepth × NumJobs cell.", vm.problemProperty().get());
        assertEquals("", vm.estimateProperty().get());
    }

    @Test
    void preconditionsCanBeLeftOut() {
        PlanViewModel vm = new PlanViewModel(Presets.STORAGEREVIEW_FIO);
        assertTrue(vm.hasPreconditions());
        assertTrue(vm.plan().expand().stream().anyMatch(PlanItem::isPrecondition));
        vm.preconditionsProperty().set(false);
        assertTrue(vm.plan().expand().stream().noneMatch(PlanItem::isPrecondition));
        assertEquals(182, vm.plan().points().size());
    }

    @Test
    void choosingAnotherPresetShowsItsWorkloadsAndTimes() {
        PlanViewModel vm = new PlanViewModel(Presets.QUICK);
        vm.choosePreset(Presets.CRYSTALDISKMARK);
        assertEquals(Presets.CRYSTALDISKMARK, vm.chosenProperty().get());
        assertEquals(8, vm.workloads().size());
        assertEquals(5, vm.runtimeProperty().get());
        assertEquals(8, vm.plan().points().size());
    }

    @Test
    void aSavedPlanOpensAsItWasEdited(@TempDir Path dir) {
        PlanViewModel vm = new PlanViewModel(Presets.QUICK);
        vm.runtimeProperty().set(2);
        vm.workloads().get(3).includedProperty().set(false);
        Path file = dir.resolve("my-plan.json");
        vm.save(file);

        PlanViewModel other = new PlanViewModel(Presets.CRYSTALDISKMARK);
        other.open(file);
        assertEquals("my-plan.json", other.chosenProperty().get());
        assertEquals(3, other.workloads().size());
        assertEquals(2, other.runtimeProperty().get());
        List<Point> saved = vm.plan().points();
        assertEquals(saved, other.plan().points());
    }

    @Test
    void everyPresetMakesAPlan() {
        PlanViewModel vm = new PlanViewModel(Presets.QUICK);
        for (String preset : Presets.names()) {
            vm.choosePreset(preset);
            assertEquals("", vm.problemProperty().get(), preset);
            assertEquals(Presets.get(preset).points(), vm.plan().points(), preset);
        }
    }

    @Test
    void theCheckpointPresetShowsItsCheckpointsAndNoTimes() {
        PlanViewModel vm = new PlanViewModel(Presets.QUICK);
        vm.choosePreset(Presets.DLIO_CHECKPOINT);
        assertFalse(vm.timesApplyProperty().get(), "no runtime, ramp or idle: checkpoints run as long as they take");
        assertTrue(vm.checkpointTextProperty().get().contains("8 ranks")
                && vm.checkpointTextProperty().get().contains("12 per pass x 3 passes"),
                vm.checkpointTextProperty().get());
    }

    @Test
    void theCheckpointEstimateCountsCheckpointsAndATime() {
        PlanViewModel vm = new PlanViewModel(Presets.DLIO_CHECKPOINT);
        String estimate = vm.estimateProperty().get();
        assertTrue(estimate.contains("36 checkpoints") && estimate.contains("7.7 times the target"), estimate);
        assertFalse(estimate.contains("0 s") || estimate.contains("8 passes"), estimate);
        assertTrue(estimate.contains("1 h"), estimate);
    }

    @Test
    void aTypedRuntimeStaysWhenAnotherPresetIsChosen() {
        PlanViewModel vm = new PlanViewModel(Presets.QUICK);
        vm.runtimeProperty().set(10);
        vm.rampProperty().set(2);
        vm.choosePreset(Presets.CRYSTALDISKMARK);
        assertEquals(10, vm.runtimeProperty().get());
        assertEquals(2, vm.rampProperty().get());
        assertTrue(vm.plan().points().stream().allMatch(p -> p.runtime() == 10 && p.ramp() == 2));
    }

    @Test
    void theDescriptionSaysTheTimesTheFieldsSay() {
        PlanViewModel vm = new PlanViewModel(Presets.QUICK);
        vm.runtimeProperty().set(10);
        assertTrue(vm.descriptionProperty().get().contains("runtime 10 s"), vm.descriptionProperty().get());
        assertEquals(vm.plan().description(), vm.descriptionProperty().get());
    }
}
