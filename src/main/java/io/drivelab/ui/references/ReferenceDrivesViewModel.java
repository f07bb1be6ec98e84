package io.drivelab.ui.references;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import io.drivelab.reference.ReferenceFigure;
import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.reference.ReferencePacks;
import io.drivelab.reference.ReferenceStore;
import io.drivelab.report.LibraryCurves;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.store.Store;
import io.drivelab.ui.common.Messages;
import io.drivelab.ui.common.Tasks;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
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

    /**
     * A reference drive and whether it is drawn.
     *
     * @param origin where its figures come from: the shipped reviews' short titles, "pack NAME" for an added pack
     * @param packs  the added packs it comes from (their names, as {@code drivelab reference add} gave them)
     */
    public record DriveChoice(String name, BooleanProperty chosen, String origin, List<String> packs) {
        public DriveChoice {
            packs = List.copyOf(packs);
        }

        public DriveChoice(String name, BooleanProperty chosen) {
            this(name, chosen, "", List.of());
        }
    }

    /** The library in the results database, and how a pack the user added leaves it. */
    public interface Library {
        ReferenceLibrary load() throws Exception;

        /** Removes the added pack {@code name}; a shipped file is refused. */
        void removePack(String name) throws Exception;

        /** The library of the results database {@code store}: the shipped reviews (synced) and the added packs. */
        static Library in(Store store) {
            return new Library() {
                @Override
                public ReferenceLibrary load() {
                    return ReferenceStore.load(store);
                }

                @Override
                public void removePack(String name) {
                    ReferencePacks.remove(store, name);
                }
            };
        }
    }

    /** The curves of the library with where each drive's figures come from. */
    private record Loaded(ReferenceCurves curves, Map<String, Set<String>> origins,
                          Map<String, Set<String>> packs) {
    }

    private final Tasks tasks;
    private final Callable<Loaded> library;
    private final Library packs;
    private final ObservableList<DriveChoice> drives = FXCollections.observableArrayList(d ->
            new Observable[]{d.chosen()});
    private final ReadOnlyObjectWrapper<ReferenceCurves> chosen = new ReadOnlyObjectWrapper<>(ReferenceCurves.NONE);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("Loading the reference library…");
    private final ReadOnlyBooleanWrapper loaded = new ReadOnlyBooleanWrapper(false);
    private ReferenceCurves all = ReferenceCurves.NONE;

    /**
     * Drives without their origins, that cannot be removed.
     *
     * @param library loads the library (reads the results database; runs off the UI thread)
     */
    public ReferenceDrivesViewModel(Tasks tasks, Callable<ReferenceCurves> library) {
        this(tasks, () -> new Loaded(library.call(), Map.of(), Map.of()), null);
    }

    /** Drives with where they come from; a drive of an added pack can be removed with its pack. */
    public ReferenceDrivesViewModel(Tasks tasks, Library library) {
        this(tasks, () -> loaded(library.load()), library);
    }

    private ReferenceDrivesViewModel(Tasks tasks, Callable<Loaded> library, Library packs) {
        this.tasks = tasks;
        this.library = library;
        this.packs = packs;
        drives.addListener((InvalidationListener) o -> update());
    }

    private static Loaded loaded(ReferenceLibrary library) {
        Map<String, Set<String>> origins = new HashMap<>();
        Map<String, Set<String>> packs = new HashMap<>();
        for (ReferenceFigure f : library.figures()) {
            String file = f.source().file();
            String drive = f.drive().label();
            if (ReferencePacks.isPack(file)) {
                String pack = file.substring(ReferencePacks.PREFIX.length());
                packs.computeIfAbsent(drive, k -> new LinkedHashSet<>()).add(pack);
                origins.computeIfAbsent(drive, k -> new LinkedHashSet<>()).add("pack " + pack);
            } else {
                origins.computeIfAbsent(drive, k -> new LinkedHashSet<>()).add(f.source().shortTitle());
            }
        }
        return new Loaded(LibraryCurves.of(library), origins, packs);
    }

    /**
     * Loads the library; {@code initiallyChosen} are the drives to tick (the last choice), or null to tick the
     * drives the reviews are about (every drive would bury the user's curves under reference lines).
     */
    public void load(Collection<String> initiallyChosen) {
        load(initiallyChosen, "");
    }

    /** {@link #load(Collection)}, then {@code done} as the message. */
    private void load(Collection<String> initiallyChosen, String done) {
        tasks.create(library).onSuccess(loaded -> {
            ReferenceCurves curves = loaded.curves();
            all = curves;
            Collection<String> ticked = initiallyChosen != null ? initiallyChosen : curves.reviewedDrives();
            drives.setAll(curves.drives().stream().map(name -> new DriveChoice(name,
                    new SimpleBooleanProperty(ticked.contains(name)),
                    String.join("; ", loaded.origins().getOrDefault(name, Set.of())),
                    List.copyOf(loaded.packs().getOrDefault(name, Set.of())))).toList());
            message.set(curves.drives().isEmpty() ? "The reference library has no drives." : done);
            update();
            this.loaded.set(true);
        }).onError(e -> {
            message.set("The reference library cannot be read: " + Messages.of(e));
            loaded.set(true);
        }).start();
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

    /**
     * Removes the packs {@code drive} comes from (the view asks first) and lists the library again; the drives of
     * the shipped reviews cannot be removed.
     */
    public void removePacks(DriveChoice drive) {
        if (drive.packs().isEmpty() || packs == null) {
            message.set(drive.name() + " comes with DriveLab (" + drive.origin() + "); only the packs you added "
                    + "can be removed.");
            return;
        }
        List<String> ticked = chosenNames();
        tasks.create(() -> {
            for (String pack : drive.packs()) {
                packs.removePack(pack);
            }
            return null;
        }).onSuccess(x -> load(ticked, "Removed the reference " + (drive.packs().size() == 1 ? "pack " : "packs ")
                + String.join(", ", drive.packs()) + ".")).onError(e -> message.set("The pack cannot be removed: " + Messages.of(e))).start();
    }

    /** Whether the library was read once (or failed to be). */
    public ReadOnlyBooleanProperty loadedProperty() {
        return loaded.getReadOnlyProperty();
    }

    /** "" once loaded, else what goes on or what went wrong. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    private void update() {
        chosen.set(all.only(chosenNames()));
    }
}
