package io.drivelab.ui.references;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;

import io.drivelab.report.ReferenceCurves;
import io.drivelab.ui.common.Messages;
import io.drivelab.ui.common.Tasks;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The reference drives of the library, each ticked or not; the live view and the compare view draw the ticked
 * ones next to the user's curves (of the same workload: the library is matched by access pattern and size).
 */
public final class ReferenceDrivesViewModel {

    /** A reference drive and whether it is drawn. */
    public record DriveChoice(String name, BooleanProperty chosen) {
    }

    private final Tasks tasks;
    private final Callable<ReferenceCurves> library;
    private final ObservableList<DriveChoice> drives = FXCollections.observableArrayList(d ->
            new Observable[]{d.chosen()});
    private final ReadOnlyObjectWrapper<ReferenceCurves> chosen = new ReadOnlyObjectWrapper<>(ReferenceCurves.NONE);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("Loading the reference library…");
    private ReferenceCurves all = ReferenceCurves.NONE;

    /** @param library loads the library (reads the results database; runs off the UI thread) */
    public ReferenceDrivesViewModel(Tasks tasks, Callable<ReferenceCurves> library) {
        this.tasks = tasks;
        this.library = library;
        drives.addListener((InvalidationListener) o -> update());
    }

    /**
     * Loads the library; {@code initiallyChosen} are the drives to tick (the last choice), or null to tick the
     * drives the reviews are about (every drive would bury the user's curves under reference lines).
     */
    public void load(Collection<String> initiallyChosen) {
        tasks.create(library).onSuccess(curves -> {
            all = curves;
            Collection<String> ticked = initiallyChosen != null ? initiallyChosen : curves.reviewedDrives();
            drives.setAll(curves.drives().stream().map(name -> new DriveChoice(name,
                    new SimpleBooleanProperty(ticked.contains(name)))).toList());
            message.set(curves.drives().isEmpty() ? "The reference library has no drives." : "");
            update();
        }).onError(e -> message.set("The reference library cannot be read: " + Messages.of(e))).start();
    }

    public ObservableList<DriveChoice> drives() {
        return drives;
    }

    /** The ticked drives' curves. */
    public ReadOnlyObjectProperty<ReferenceCurves> chosenProperty() {
        return chosen.getReadOnlyProperty();
    }

    public ReferenceCurves chosen() {
        return chosen.get();
    }

    /** The ticked drives' names. */
    public List<String> chosenNames() {
        return drives.stream().filter(d -> d.chosen().get()).map(DriveChoice::name).toList();
    }

    /** "" once loaded, else what goes on or what went wrong. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    private void update() {
        chosen.set(all.only(chosenNames()));
    }
}
