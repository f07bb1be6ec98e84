package io.drivelab.ui.history;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Locale;

import io.drivelab.run.RunDeletion;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.ui.common.Messages;
import io.drivelab.ui.common.Tasks;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/** The stored runs, newest first, with rename, delete, export and resume. Every database call is off the UI thread. */
public final class HistoryViewModel {

    /** How a run is exported: the same files as {@code drivelab export}. */
    public enum ExportFormat {
        CSV, JSON;

        public String extension() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Writes a run's export; the command line's export, so the GUI's files are the CLI's. */
    @FunctionalInterface
    public interface Exporter {
        void export(long runId, ExportFormat format, Path file) throws Exception;
    }

    private final Tasks tasks;
    private final Store store;
    private final Exporter exporter;
    private final ObservableList<Run> runs = FXCollections.observableArrayList();
    private final ObjectProperty<Run> selected = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper listed = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyObjectWrapper<Map<Long, RunFigures>> figures = new ReadOnlyObjectWrapper<>(Map.of());
    /** Only the figures of the latest listing count. */
    private int generation;

    public HistoryViewModel(Tasks tasks, Store store, Exporter exporter) {
        this.tasks = tasks;
        this.store = store;
        this.exporter = exporter;
    }

    public ObservableList<Run> runs() {
        return runs;
    }

    public ObjectProperty<Run> selectedProperty() {
        return selected;
    }

    /**
     * Each listed run's points, peaks and duration by run id, filled in after the list (they read every point),
     * all at once: the table sorts once.
     */
    public ReadOnlyObjectProperty<Map<Long, RunFigures>> figuresProperty() {
        return figures.getReadOnlyProperty();
    }

    /** Whether the runs were listed once (until then the view says they are loading). */
    public ReadOnlyBooleanProperty listedProperty() {
        return listed.getReadOnlyProperty();
    }

    /** What the last action did or why it failed. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public void refresh() {
        long keep = selected.get() == null ? -1 : selected.get().id();
        tasks.create(store::listRuns).onSuccess(list -> {
            runs.setAll(list.stream().sorted((a, b) -> Long.compare(b.id(), a.id())).toList());
            selected.set(runs.stream().filter(r -> r.id() == keep).findFirst().orElse(null));
            listed.set(true);
            fillFigures(List.copyOf(runs));
        }).onError(e -> {
            listed.set(true);
            failed(e);
        }).start();
    }

    /**
     * Reads the figures of the listed runs in one task and shows them at once: the table sorts and redraws once.
     * (Read run by run, in slices of 25, they took 1,000 runs' raw results through the heap and redrew the table
     * 40 times, for tens of seconds after the window opened: the live view's pauses with a full History.)
     */
    private void fillFigures(List<Run> listed) {
        int mine = ++generation;
        // The figures shown stay until they are read again: no blank columns after a rename.
        tasks.create(() -> RunFigures.ofEveryRun(store, listed)).onSuccess(read -> {
            if (mine == generation) {
                figures.set(Map.copyOf(read));
            }
        }).onError(this::failed).start();
    }

    public void rename(Run run, String name) {
        if (name == null || name.isBlank()) {
            message.set("A run's name cannot be empty.");
            return;
        }
        tasks.create(() -> {
            store.renameRun(run.id(), name.strip());
            return null;
        }).onSuccess(x -> {
            message.set("Run " + run.id() + " renamed.");
            refresh();
        }).onError(e -> failed(run, e)).start();
    }

    /**
     * Deletes a run and its points, and the test file it kept for its resume (the view asks first, in
     * {@link #deletion(Run)}'s words). A running run is refused by the store.
     */
    public void delete(Run run) {
        tasks.create(() -> RunDeletion.delete(store, run.id())).onSuccess(deleted -> {
            message.set("Run " + run.id() + " deleted" + (deleted.testFileRemoved() == null ? ""
                    : ", with the test file it kept for its resume, " + deleted.testFileRemoved())
                    + (deleted.checkpointsRemoved().isEmpty() ? "" : ", with the " + deleted.checkpointsRemoved()
                    .size() + " checkpoint files it left in " + run.target())
                    + (deleted.testFileLeft() == null ? "." : "; " + deleted.testFileLeft() + "."));
            refresh();
        }).onError(e -> failed(run, e)).start();
    }

    /** What deleting {@code run} does, for the user to confirm. */
    public static String deletion(Run run) {
        return "Run " + run.id() + " (" + run.name() + ") and all its points will be deleted from the results "
                + "database." + (!RunDeletion.keepsATestFile(run) ? "" : "folder".equals(run.targetKind())
                ? " The checkpoint files it left in " + run.target() + ", if any, are removed with it."
                : " The test file it kept for its resume, " + run.target() + ", is removed with it.");
    }

    public void export(Run run, ExportFormat format, Path file) {
        tasks.create(() -> {
            exporter.export(run.id(), format, file);
            return file;
        }).onSuccess(f -> message.set("Run " + run.id() + " exported to " + f + "."))
                .onError(e -> failed(run, e)).start();
    }

    /** An interrupted or failed run can go on from its first unfinished point. */
    public static boolean resumable(Run run) {
        return run != null && (run.status() == RunStatus.INTERRUPTED || run.status() == RunStatus.FAILED);
    }

    /** An action on a listed run failed: because the CLI or another window deleted it meanwhile, or as said. */
    private void failed(Run run, Throwable e) {
        tasks.create(() -> store.getRun(run.id()).isPresent()).onSuccess(stored -> {
            if (stored) {
                failed(e);
            } else {
                message.set(Messages.runGone(run.id()));
                refresh();
            }
        }).onError(this::failed).start();
    }

    private void failed(Throwable e) {
        message.set(Messages.sentence(Messages.of(e)));
    }
}
