package io.drivelab.ui.plan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

import io.drivelab.ui.common.Messages;
import io.drivelab.workload.CheckpointStep;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.PlanEstimate;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Precondition;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Step;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.WorkloadStep;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The plan column: a preset (or a plan file), its workloads with their IODepth × NumJobs grids, the times of
 * every point, whether to precondition, what measures and on which CPUs, and the estimate, all kept up to date as
 * the user edits. {@link #plan()} is the plan as edited, or null while the edits do not make a plan
 * ({@link #problemProperty()} says why).
 */
public final class PlanViewModel {
    private final ObservableList<String> presets = FXCollections.observableArrayList(Presets.names());
    private final ReadOnlyStringWrapper chosen = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper description = new ReadOnlyStringWrapper("");
    private final ObservableList<WorkloadChoice> workloads =
            FXCollections.observableArrayList(WorkloadChoice::observables);
    private final ObjectProperty<WorkloadChoice> shownWorkload = new SimpleObjectProperty<>();
    private final ObjectProperty<Integer> runtime = new SimpleObjectProperty<>(1);
    private final ObjectProperty<Integer> ramp = new SimpleObjectProperty<>(0);
    private final ObjectProperty<Integer> idle = new SimpleObjectProperty<>(0);
    private final BooleanProperty preconditions = new SimpleBooleanProperty(true);
    private final ReadOnlyStringWrapper preconditionText = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<TestPlan> plan = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper estimate = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper timesApply = new ReadOnlyBooleanWrapper(true);
    private final ReadOnlyStringWrapper checkpointText = new ReadOnlyStringWrapper("");
    private final StringProperty regionNote = new SimpleStringProperty("");
    private final EngineChoice engine = new EngineChoice();
    private final CpuChoice cpus = new CpuChoice();
    /** Times the user typed: they stay when another preset is chosen (null: the plan's own). */
    private final Integer[] typed = new Integer[3];

    private TestPlan base;
    private Matrix firstMatrix;
    private boolean loading;

    public PlanViewModel(String preset) {
        workloads.addListener((ListChangeListener<WorkloadChoice>) c -> rebuild());
        runtime.addListener((o, a, b) -> typed(0, b));
        ramp.addListener((o, a, b) -> typed(1, b));
        idle.addListener((o, a, b) -> typed(2, b));
        preconditions.addListener((o, a, b) -> rebuild());
        choosePreset(Presets.knownOrQuick(preset));
    }

    /** What measures the plan: DriveLab's engine or fio. */
    public EngineChoice engine() {
        return engine;
    }

    /** The CPUs the run keeps to; none (the scheduler's choice) by default. */
    public CpuChoice cpus() {
        return cpus;
    }

    /** The preset names, for the chooser. */
    public ObservableList<String> presets() {
        return presets;
    }

    /** The chosen preset's name, or the plan file's name. */
    public ReadOnlyStringProperty chosenProperty() {
        return chosen.getReadOnlyProperty();
    }

    /** What a ticked target does to the plan's region, said under its description ("" when nothing). */
    public StringProperty regionNoteProperty() {
        return regionNote;
    }

    public ReadOnlyStringProperty descriptionProperty() {
        return description.getReadOnlyProperty();
    }

    public ObservableList<WorkloadChoice> workloads() {
        return workloads;
    }

    /** The workload whose grid is shown. */
    public ObjectProperty<WorkloadChoice> shownWorkloadProperty() {
        return shownWorkload;
    }

    /** Measured seconds of every point. */
    public ObjectProperty<Integer> runtimeProperty() {
        return runtime;
    }

    /** Seconds before each point whose I/O does not count. */
    public ObjectProperty<Integer> rampProperty() {
        return ramp;
    }

    /** Seconds the drive rests after each point. */
    public ObjectProperty<Integer> idleProperty() {
        return idle;
    }

    /** Whether the plan's preconditions run (they take long on a real drive and are pointless on a test file). */
    public BooleanProperty preconditionsProperty() {
        return preconditions;
    }

    /** The preconditions the plan has, one per line; "" when it has none. */
    public ReadOnlyStringProperty preconditionTextProperty() {
        return preconditionText.getReadOnlyProperty();
    }

    /** Whether the plan has matrices whose runtime, ramp and idle the fields set (a checkpoint plan has none). */
    public ReadOnlyBooleanProperty timesApplyProperty() {
        return timesApply.getReadOnlyProperty();
    }

    /** The plan's checkpoint steps, one per line (ranks, checkpoints, passes, size); "" when it has none. */
    public ReadOnlyStringProperty checkpointTextProperty() {
        return checkpointText.getReadOnlyProperty();
    }

    /** The plan as edited, or null while the edits do not make a plan. */
    public ReadOnlyObjectProperty<TestPlan> planProperty() {
        return plan.getReadOnlyProperty();
    }

    public TestPlan plan() {
        return plan.get();
    }

    /** Why the edits do not make a plan, or "". */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** "16 points, about 1 min 36 s per target". */
    public ReadOnlyStringProperty estimateProperty() {
        return estimate.getReadOnlyProperty();
    }

    public void choosePreset(String name) {
        load(Presets.get(name), name);
    }

    /** Opens a plan file; a file that is not a plan throws with every bad field named. */
    public void open(Path file) {
        load(PlanFiles.load(file), file.getFileName().toString());
    }

    /** Saves the plan as edited. */
    public void save(Path file) {
        TestPlan edited = plan.get();
        if (edited == null) {
            throw new IllegalStateException("the plan cannot be saved as it is: " + problem.get());
        }
        PlanFiles.save(edited, file);
    }

    private void load(TestPlan newBase, String label) {
        loading = true;
        try {
            base = newBase;
            chosen.set(label);
            description.set(newBase.description());
            firstMatrix = newBase.steps().stream().filter(s -> s instanceof WorkloadStep)
                    .map(s -> ((WorkloadStep) s).matrix()).findFirst().orElse(null);
            timesApply.set(firstMatrix != null);
            if (firstMatrix != null) {
                runtime.set(typed[0] != null ? typed[0] : firstMatrix.runtime());
                ramp.set(typed[1] != null ? typed[1] : firstMatrix.ramp());
                idle.set(typed[2] != null ? typed[2] : firstMatrix.idle());
            }
            checkpointText.set(newBase.steps().stream().filter(s -> s instanceof CheckpointStep)
                    .map(s -> PlanText.checkpoint((CheckpointStep) s)).collect(Collectors.joining("\n")));
            List<WorkloadChoice> choices = newBase.steps().stream().filter(s -> s instanceof WorkloadStep)
                    .map(s -> new WorkloadChoice((WorkloadStep) s)).toList();
            workloads.setAll(choices);
            shownWorkload.set(choices.isEmpty() ? null : choices.get(0));
            List<String> lines = newBase.expand().stream().filter(PlanItem::isPrecondition)
                    .map(PlanItem::describe).distinct().toList();
            preconditionText.set(String.join("\n", lines));
        } finally {
            loading = false;
        }
        rebuild();
    }

    /** Whether the plan has preconditions to switch off. */
    public boolean hasPreconditions() {
        return !preconditionText.get().isEmpty();
    }

    private void rebuild() {
        if (loading || base == null) {
            return;
        }
        try {
            TestPlan edited = edited();
            // The problem first: whoever watches the plan reads it.
            problem.set("");
            plan.set(edited);
            // The text says what the fields say: the plan's own description, with the times changed.
            description.set(edited.description());
            estimate.set(PlanEstimate.sentence(edited));
        } catch (RuntimeException e) {
            problem.set(Messages.sentence(Messages.of(e)));
            estimate.set("");
            plan.set(null);
        }
    }

    private TestPlan edited() {
        Integer r = Objects.requireNonNull(runtime.get(), "runtime");
        List<Step> steps = new ArrayList<>();
        int w = 0;
        for (Step step : base.steps()) {
            if (step instanceof Precondition p) {
                if (preconditions.get()) {
                    steps.add(p);
                }
            } else if (step instanceof WorkloadStep) {
                steps.addAll(workloads.get(w++).steps());
            } else {
                // Checkpoint steps have no IODepth × NumJobs grid: they run as the plan has them.
                steps.add(step);
            }
        }
        if (steps.stream().allMatch(s -> s instanceof Precondition)) {
            throw new IllegalArgumentException("tick at least one workload and one IODepth × NumJobs cell");
        }
        TestPlan edited = new TestPlan(base.name(), base.description(), base.target(), steps,
                preconditions.get() ? base.freshPrecondition() : null);
        if (firstMatrix == null) {
            return edited;
        }
        // Times the user did not change stay as each matrix has them.
        return edited.withTimes(changed(r, firstMatrix.runtime()), changed(ramp.get(), firstMatrix.ramp()),
                changed(idle.get(), firstMatrix.idle()));
    }

    private void typed(int which, Integer value) {
        if (!loading) {
            typed[which] = value;
        }
        rebuild();
    }

    private static Integer changed(Integer value, int planned) {
        return value == null || value == planned ? null : value;
    }
}
