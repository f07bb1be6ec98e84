package io.drivelab.ui.compare;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.drivelab.report.CrystalSummary;
import io.drivelab.report.Report;
import io.drivelab.report.Reports;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.ui.common.Messages;
import io.drivelab.ui.common.Tasks;
import io.drivelab.ui.references.ReferenceDrivesViewModel;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Compare: any stored runs and reference drives, side by side per workload, with a table of peaks. Each run is
 * drawn against the reference figures of the same workload (access pattern and transfer size) automatically.
 */
public final class CompareViewModel {

    /** A stored run and whether it is compared. */
    public record RunChoice(Run run, BooleanProperty chosen) {
        /**
         * "Run 3 · quick · complete · 11-30 09:26": short, the list is narrow; the name is the tooltip. A run fio
         * measured says so ("· fio-3.33"): the cross-check of two engines is told apart at a glance.
         */
        public String label() {
            String engine = run.engineVersion() != null && run.engineVersion().startsWith("fio-")
                    ? " · " + run.engineVersion() : "";
            return "Run " + run.id() + " · " + (run.planName() == null ? "plan file" : run.planName()) + engine
                    + " · " + run.status().dbValue() + " · "
                    + java.time.format.DateTimeFormatter.ofPattern("MM-dd HH:mm")
                    .format(run.startedAt().atZone(java.time.ZoneId.systemDefault()));
        }
    }

    /** What the view says until the runs are listed. */
    public static final String LOADING = "Loading the stored runs…";

    private final Tasks tasks;
    private final Store store;
    private final ReferenceDrivesViewModel references;
    private final ObservableList<RunChoice> runs = FXCollections.observableArrayList(r ->
            new Observable[]{r.chosen()});
    private final ReadOnlyObjectWrapper<Report> comparison = new ReadOnlyObjectWrapper<>();
    private final ObservableList<CrystalSummary> crystalGrids = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(LOADING);
    private final ReadOnlyBooleanWrapper listed = new ReadOnlyBooleanWrapper(false);
    private final BooleanProperty logScale = new SimpleBooleanProperty(false);
    private boolean refreshing;
    /** Until the first runs are listed, the newest is ticked for the user: Compare opens on something. */
    private boolean pickNewest = true;
    private int generation;
    /** A comparison is being read (there is never more than one). */
    private boolean comparing;

    public CompareViewModel(Tasks tasks, Store store, ReferenceDrivesViewModel references) {
        this.tasks = tasks;
        this.store = store;
        this.references = references;
        runs.addListener((InvalidationListener) o -> compare());
        references.chosenProperty().addListener(o -> compare());
    }

    public ObservableList<RunChoice> runs() {
        return runs;
    }

    public ReferenceDrivesViewModel references() {
        return references;
    }

    /** The comparison of the ticked runs, or null while none is ticked. */
    public ReadOnlyObjectProperty<Report> comparisonProperty() {
        return comparison.getReadOnlyProperty();
    }

    /** Whether throughput and latency are drawn on log scales (remembered in the settings). */
    public BooleanProperty logScaleProperty() {
        return logScale;
    }

    /** CrystalDiskMark's grid of each ticked run of that preset (set before the comparison, which redraws). */
    public ObservableList<CrystalSummary> crystalGrids() {
        return crystalGrids;
    }

    /** Whether the runs were listed once. */
    public ReadOnlyBooleanProperty listedProperty() {
        return listed.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The ticked runs' ids. */
    public List<Long> chosenRunIds() {
        return runs.stream().filter(r -> r.chosen().get()).map(r -> r.run().id()).toList();
    }

    /** Lists the stored runs again, keeping what was ticked. */
    public void refresh() {
        relist(Set.of());
    }

    /**
     * Lists the stored runs again, keeping what was ticked and ticking {@code runId} too: the run the window just
     * finished is the one its user wants to compare next (Compare kept the run it ticked at the start).
     */
    public void refreshTicking(long runId) {
        relist(Set.of(runId));
    }

    private void relist(Set<Long> alsoTicked) {
        Set<Long> ticked = new HashSet<>(chosenRunIds());
        ticked.addAll(alsoTicked);
        tasks.create(store::listRuns).onSuccess(list -> setRuns(list, ticked)).onError(e -> {
            listed.set(true);
            failed(e);
        }).start();
    }

    /**
     * Lists the stored runs again as Compare is chosen: `drivelab` or another window may have added, finished or
     * deleted runs since. The comparison is read again only when the list changed or a ticked run is still going.
     */
    public void refreshIfChanged() {
        Set<Long> ticked = Set.copyOf(chosenRunIds());
        List<Run> shown = runs.stream().map(RunChoice::run).toList();
        boolean tickedGoing = runs.stream().anyMatch(r -> r.chosen().get() && r.run().status() == RunStatus.RUNNING);
        tasks.create(store::listRuns).onSuccess(list -> {
            if (tickedGoing || !newestFirst(list).equals(shown)) {
                setRuns(list, ticked);
            }
        }).onError(this::failed).start();
    }

    /** Compares just this run (History's "Open"). */
    public void show(long runId) {
        tasks.create(store::listRuns).onSuccess(list -> {
            setRuns(list, Set.of(runId));
            if (list.stream().noneMatch(r -> r.id() == runId)) {
                message.set(Messages.runGone(runId));
            }
        }).onError(this::failed).start();
    }

    private void setRuns(List<Run> list, Set<Long> chosen) {
        listed.set(true);
        boolean pick = pickNewest && !list.isEmpty() && chosen.isEmpty();
        pickNewest &= list.isEmpty();
        Set<Long> ticked = pick ? Set.of(list.stream().mapToLong(Run::id).max().getAsLong()) : chosen;
        refreshing = true;
        try {
            runs.setAll(newestFirst(list).stream()
                    .map(r -> new RunChoice(r, new SimpleBooleanProperty(ticked.contains(r.id())))).toList());
        } finally {
            refreshing = false;
        }
        compare();
    }

    private static List<Run> newestFirst(List<Run> list) {
        return list.stream().sorted((a, b) -> Long.compare(b.id(), a.id())).toList();
    }

    /**
     * Reads the comparison of the ticked runs, one at a time: a change while one is read makes that one stale, and
     * the latest choice is read once it is done (ticking five reference drives in the live view's menu started five
     * whole comparisons at once, all on the background threads while a run was measuring).
     */
    private void compare() {
        if (refreshing) {
            return;
        }
        List<Long> ids = chosenRunIds();
        int mine = ++generation;
        if (ids.isEmpty()) {
            crystalGrids.clear();
            comparison.set(null);
            message.set("Tick runs to compare.");
            return;
        }
        message.set("Comparing…");
        if (comparing) {
            return;
        }
        comparing = true;
        var chosenReferences = references.chosen();
        record Result(Report report, List<CrystalSummary> grids) {
        }
        tasks.create(() -> new Result(Reports.comparison(store, ids, chosenReferences),
                Reports.crystalSummaries(store, ids))).onSuccess(result -> {
            if (!stillWanted(mine)) {
                return;
            }
            Report report = result.report();
            crystalGrids.setAll(result.grids());
            comparison.set(report);
            message.set(report.panels().isEmpty() ? "The ticked runs have no measured points yet." : "");
        }).onError(e -> {
            if (stillWanted(mine)) {
                failed(e);
            }
        }).start();
    }

    /** Comparison {@code mine} is read: whether it is still the one asked for (if not, the latest is read now). */
    private boolean stillWanted(int mine) {
        comparing = false;
        if (mine != generation) {
            compare();
            return false;
        }
        return true;
    }

    private void failed(Throwable e) {
        message.set(Messages.sentence(Messages.of(e)));
    }
}
