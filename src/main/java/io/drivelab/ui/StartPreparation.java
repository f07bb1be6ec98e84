package io.drivelab.ui;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import io.drivelab.engine.EngineBinary;
import io.drivelab.engine.EngineException;
import io.drivelab.store.Run;
import io.drivelab.store.Store;
import io.drivelab.ui.common.Messages;
import io.drivelab.ui.common.Theme;
import io.drivelab.ui.plan.PlanViewModel;

/**
 * What a start works out before its window without JavaFX, on a thread of its own begun before JavaFX starts its
 * toolkit (0.4 s in which the launcher's thread only waits): the settings (Jackson's first use), whether the theme
 * shows dark (GNOME's gsettings, a process asked twice), the engine, the plan panel's view-model; then, on the
 * same thread, the results database opened (created or migrated, runs whose process died marked interrupted),
 * which the window does not wait for. On the UI thread these took 0.15 s of the window's start
 * (README, "Responsiveness and scale").
 */
final class StartPreparation {
    /** What the window is built from; {@code plan}: the remembered preset's, for the window to take once. */
    record Ready(Settings settings, boolean dark, Path engine, String engineProblem, PlanViewModel plan) {
    }

    private final AppContext context;
    private final Store store;
    private final CompletableFuture<Ready> ready = new CompletableFuture<>();
    /** The runs found left running by a process that is gone, now marked interrupted. */
    private final CompletableFuture<List<Run>> opened = new CompletableFuture<>();

    private StartPreparation(AppContext context) {
        this.context = context;
        this.store = Store.openOnFirstUse(context.database());
    }

    /** Begins the preparation of a start in {@code context}. */
    static StartPreparation begin(AppContext context) {
        StartPreparation preparation = new StartPreparation(context);
        Thread thread = new Thread(preparation::prepare, "drivelab-prepare");
        thread.setDaemon(true);
        thread.start();
        return preparation;
    }

    private void prepare() {
        try {
            Settings settings = Settings.load(context.settingsFile());
            boolean dark = Theme.of(settings.theme()).isDark();
            Path engine = null;
            String engineProblem = null;
            try {
                engine = context.engine() != null ? context.engine() : EngineBinary.locate();
            } catch (EngineException e) {
                engineProblem = Messages.of(e);
            }
            // the plan's view-model (JavaFX's properties, no toolkit): the preset expanded, its grid and estimate
            PlanViewModel plan = new PlanViewModel(settings.preset());
            ready.complete(new Ready(settings, dark, engine, engineProblem, plan));
        } catch (RuntimeException | Error e) {
            ready.completeExceptionally(e);
        }
        try {
            opened.complete(store.markStaleRunsInterrupted());
        } catch (RuntimeException | Error e) {
            opened.completeExceptionally(e);
        }
    }

    AppContext context() {
        return context;
    }

    /** The results database, opened on first use (by the preparation, unless something else comes first). */
    Store store() {
        return store;
    }

    /** What the window is built from, once worked out (waits for it). */
    Ready ready() {
        try {
            return ready.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

    /**
     * Completes once the database is open with the runs found left running by a process that is gone (marked
     * interrupted now), or exceptionally with why it cannot be opened.
     */
    CompletableFuture<List<Run>> opened() {
        return opened;
    }

    /**
     * What the window says of runs found unfinished (a window killed, a machine that went down), which it would
     * otherwise mark interrupted unsaid; null when there are none.
     */
    static String leftUnfinished(List<Run> marked) {
        if (marked.isEmpty()) {
            return null;
        }
        boolean one = marked.size() == 1;
        String which = one ? "Run " + marked.get(0).id() + " (" + marked.get(0).name() + ")"
                : "Runs " + String.join(", ", marked.stream().map(r -> String.valueOf(r.id())).toList());
        String them = one ? "it" : "them";
        return which + " stopped before " + (one ? "it" : "they") + " finished, with the DriveLab that ran " + them
                + " (ended, or the machine went down): marked interrupted, the points measured kept. Resume " + them
                + " from History.";
    }
}
