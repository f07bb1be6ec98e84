package io.drivelab.ui.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.drivelab.workload.PointKinds;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.run.PlanRunner;
import io.drivelab.run.RunException;
import io.drivelab.run.RunProgress;
import io.drivelab.run.TargetClearance;
import io.drivelab.run.WriteGuard;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.ui.common.Messages;
import io.drivelab.ui.common.Tasks;
import io.drivelab.ui.plan.PlanViewModel;
import io.drivelab.ui.targets.Target;
import io.drivelab.ui.targets.TargetsViewModel;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Units;
import javafx.beans.InvalidationListener;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Start, Stop and what a run shows while it goes. Start is possible only when the targets, the plan and the write
 * guard agree ({@link #startBlockedProperty()} says why not); a plan that destroys a drive needs its name typed
 * ({@link #confirmationsNeeded()}). The ticked targets run one after the other on a thread of their own; what they
 * report reaches this view-model only through {@link #drain()}, which the UI thread calls at its own pace.
 */
public final class RunViewModel {

    /**
     * What the write guard needs the user to confirm before a target is written: a drive's name typed (the plan
     * destroys everything on it), or yes to overwriting an existing file that DriveLab did not create.
     */
    public record Confirmation(Path target, Kind kind, String question) {
        public enum Kind {
            TYPE_DEVICE_NAME, OVERWRITE_FILE
        }
    }

    /**
     * The user's answers: the names typed for drives, and the files they agreed to overwrite.
     */
    public record Confirmed(Map<Path, String> typedNames, Set<Path> overwrite) {
        public static final Confirmed NOTHING = new Confirmed(Map.of(), Set.of());

        public Confirmed {
            typedNames = Map.copyOf(typedNames);
            overwrite = Set.copyOf(overwrite);
        }

        String typed(Path target) {
            String typed = typedNames.get(target);
            return typed == null ? null : typed.strip();
        }
    }

    private final Tasks tasks;
    private final Store store;
    private final Path engine;
    private final String engineProblem;
    private final DeviceDiscovery discovery;
    private final TargetsViewModel targets;
    private final PlanViewModel plan;
    private final int statusIntervalMs;
    private final LiveFeed feed = new LiveFeed();
    private final LiveCharts live = new LiveCharts();

    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper startBlocked = new ReadOnlyStringWrapper("");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper();
    private final ReadOnlyStringWrapper position = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper current = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper elapsed = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper eta = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("Ready.");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyLongWrapper lastRunId = new ReadOnlyLongWrapper(-1);
    private final ReadOnlyIntegerWrapper finishedRuns = new ReadOnlyIntegerWrapper();
    private final ReadOnlyIntegerWrapper pointsMeasured = new ReadOnlyIntegerWrapper();

    private volatile PlanRunner runner;
    private Thread thread;
    private volatile boolean stopRequested;
    private final List<String> problems = new ArrayList<>();
    private long resumedRunId = -1;

    /**
     * @param engine        the engine, or null when it cannot be found
     * @param engineProblem why there is no engine, or null
     */
    public RunViewModel(Tasks tasks, Store store, Path engine, String engineProblem, DeviceDiscovery discovery,
                        TargetsViewModel targets, PlanViewModel plan, int statusIntervalMs) {
        this.tasks = tasks;
        this.store = store;
        this.engine = engine;
        this.engineProblem = engineProblem;
        this.discovery = discovery;
        this.targets = targets;
        this.plan = plan;
        this.statusIntervalMs = statusIntervalMs;
        targets.targets().addListener((InvalidationListener) o -> recheck());
        plan.planProperty().addListener(o -> recheck());
        running.addListener(o -> recheck());
        recheck();
    }

    public LiveCharts live() {
        return live;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    public boolean isRunning() {
        return running.get();
    }

    /** Why Start cannot be pressed, or "" when it can. */
    public ReadOnlyStringProperty startBlockedProperty() {
        return startBlocked.getReadOnlyProperty();
    }

    /** 0..1 of the estimated work of the running target's plan. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** "Item 3 of 16". */
    public ReadOnlyStringProperty positionProperty() {
        return position.getReadOnlyProperty();
    }

    /** What goes on now: "measure 01-write-128k-qd32-j1: write 128k QD32/1, 5 s + 1 s ramp". */
    public ReadOnlyStringProperty currentProperty() {
        return current.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty elapsedProperty() {
        return elapsed.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty etaProperty() {
        return eta.getReadOnlyProperty();
    }

    /** One line about the run: "Running quick on /tmp/drivelab-test.img", "Run 4 complete: 16 points stored". */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** What failed, where, and what to do; "" when nothing did. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** The run shown (running or last run), or -1. */
    public ReadOnlyLongProperty lastRunIdProperty() {
        return lastRunId.getReadOnlyProperty();
    }

    /** Counts runs that ended, so that lists of runs know to refresh. */
    public ReadOnlyIntegerProperty finishedRunsProperty() {
        return finishedRuns.getReadOnlyProperty();
    }

    /** Measured points stored by the run shown (stopped and failed ones included). */
    public ReadOnlyIntegerProperty pointsMeasuredProperty() {
        return pointsMeasured.getReadOnlyProperty();
    }

    /** What the user must confirm before Start goes on: drives the plan destroys, files it overwrites. */
    public List<Confirmation> confirmationsNeeded() {
        TestPlan edited = plan.plan();
        List<Confirmation> needed = new ArrayList<>();
        if (edited == null) {
            return needed;
        }
        for (Target target : targets.selected()) {
            String what = target instanceof Target.Drive ? target.title() : target.path().toString();
            confirmation(target.path(), target.planFor(edited), "The plan", what).ifPresent(needed::add);
        }
        return needed;
    }

    /**
     * Runs the plan on every ticked target, one after the other.
     *
     * @param confirmed the answers to {@link #confirmationsNeeded()}
     */
    public void start(Confirmed confirmed) {
        if (running.get() || !startBlocked.get().isEmpty()) {
            return;
        }
        TestPlan edited = plan.plan();
        List<Job> jobs = new ArrayList<>();
        for (Target t : targets.selected()) {
            jobs.add(new Job(t.path(), t.planFor(edited), confirmed.typed(t.path()),
                    confirmed.overwrite().contains(t.path())));
        }
        begin();
        thread = tasks.startThread("drivelab-run", () -> runAll(jobs));
    }

    /** What resuming a run needs confirmed, as {@link #confirmationsNeeded()}. */
    public Optional<Confirmation> resumeConfirmation(Run run) {
        TestPlan stored;
        try {
            stored = PlanFiles.fromJson(run.planJson(), "run " + run.id());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        return confirmation(Path.of(run.target()), stored, "Run " + run.id(), run.target());
    }

    /** The confirmation the guard wants for this target, if one would satisfy it. */
    private Optional<Confirmation> confirmation(Path target, TestPlan p, String who, String what) {
        TargetClearance clearance = new WriteGuard(discovery).clearance(target, p);
        return switch (clearance.kind()) {
            case CONFIRM_DEVICE -> Optional.of(new Confirmation(target, Confirmation.Kind.TYPE_DEVICE_NAME, who
                    + " writes to " + what + " and destroys everything on it. Type " + target + " to confirm."));
            case CONFIRM_OVERWRITE -> Optional.of(new Confirmation(target, Confirmation.Kind.OVERWRITE_FILE, target
                    + " exists and DriveLab did not create it. " + who + " would overwrite its data with test "
                    + "data. Overwrite it?"));
            default -> Optional.empty();
        };
    }

    /** Goes on with an interrupted or failed run from its first unfinished point. */
    public void resume(long runId, Confirmed confirmed) {
        if (running.get()) {
            return;
        }
        if (engine == null) {
            error.set(Messages.sentence("The engine cannot start: " + engineProblem));
            return;
        }
        begin();
        thread = tasks.startThread("drivelab-run", () -> {
            try {
                List<StoredPoint> earlier = store.listPoints(runId);
                feed.post(new Earlier(runId, earlier.stream().map(StoredPoint::point).toList(),
                        PointKinds.ofPlanJson(store.getRun(runId).map(Run::planJson).orElse(null))));
                Path target = Path.of(store.getRun(runId).orElseThrow().target());
                PlanRunner r = newRunner().overwriteFile(confirmed.overwrite().contains(target));
                r.resume(runId, confirmed.typed(target));
            } catch (RuntimeException e) {
                feed.post(new LiveFeed.TargetFailed("run " + runId, Messages.of(e)));
            } finally {
                feed.post(new LiveFeed.AllFinished());
            }
        });
    }

    /** Stops the run as soon as the engine can; the point going on is kept as partial, the run is resumable. */
    public void stop() {
        stopRequested = true;
        PlanRunner r = runner;
        if (r != null) {
            r.cancel();
        }
    }

    /**
     * Stops the run and waits for it to end, at most {@code millis}: when the window closes, so that the run is
     * stored as interrupted (resumable), not left marked running.
     */
    public void stopAndWait(long millis) throws InterruptedException {
        stop();
        Thread t = thread;
        if (t != null) {
            t.join(millis);
        }
    }

    /** Whether the run reported something {@link #drain()} has not taken yet. */
    public boolean pending() {
        return feed.pending();
    }

    /**
     * Takes what the run reported since the last call and shows it; on the UI thread, a few times a second.
     * Returns whether any chart changed.
     */
    public boolean drain() {
        for (LiveFeed.Event event : feed.drain()) {
            apply(event);
        }
        return live.flush();
    }

    record Job(Path target, TestPlan plan, String allowDestroy, boolean overwriteFile) {
    }

    /** The points a resumed run had measured before. */
    record Earlier(long runId, List<PointResult> points, PointKinds kinds) implements LiveFeed.Event {
    }

    private void begin() {
        stopRequested = false;
        resumedRunId = -1;
        pointsMeasured.set(0);
        problems.clear();
        error.set("");
        running.set(true);
        progress.set(0);
        status.set("Starting…");
        live.clear();
        live.follow(true);
    }

    private void runAll(List<Job> jobs) {
        try {
            for (Job job : jobs) {
                if (stopRequested) {
                    break;
                }
                try {
                    PlanRunner r = newRunner().overwriteFile(job.overwriteFile());
                    long id = r.createRun(job.plan(), job.target(), null, job.allowDestroy());
                    r.execute(id, job.allowDestroy());
                } catch (RuntimeException e) {
                    // The guard, the engine or the store said no: named per target, the next target still runs.
                    feed.post(new LiveFeed.TargetFailed(job.target().toString(), Messages.of(e)));
                }
            }
        } finally {
            runner = null;
            feed.post(new LiveFeed.AllFinished());
        }
    }

    private PlanRunner newRunner() {
        PlanRunner r = new PlanRunner(store, engine, discovery, feed).statusInterval(statusIntervalMs);
        runner = r;
        if (stopRequested) {
            r.cancel();
        }
        return r;
    }

    private void apply(LiveFeed.Event event) {
        if (event instanceof LiveFeed.Sample e) {
            live.sample(e);
        } else if (event instanceof LiveFeed.Checkpoint e) {
            live.checkpoint(e.item(), e.checkpoint());
        } else if (event instanceof LiveFeed.Progress e) {
            show(e.progress());
        } else if (event instanceof LiveFeed.PointStarted e) {
            live.pointStarted(e.item(), e.key());
            show(e.progress());
        } else if (event instanceof LiveFeed.PointFinished e) {
            live.pointFinished(e.item(), e.result(), e.percentiles());
            if (e.result().meta().kind() == PointKind.MEASURE) {
                pointsMeasured.set(pointsMeasured.get() + 1);
            }
            if (e.result().status() == PointStatus.FAILED) {
                problems.add(e.result().error());
            }
            show(e.progress());
        } else if (event instanceof LiveFeed.Layout e) {
            current.set(String.format(Locale.ROOT, "Writing out the test file: %.0f %%",
                    100.0 * e.doneBytes() / Math.max(1, e.totalBytes())));
        } else if (event instanceof LiveFeed.SteadyState e) {
            current.set("Steady state: " + e.verdict());
        } else if (event instanceof LiveFeed.RunStarted e) {
            if (e.runId() != resumedRunId) {
                // The next target's run: its curves start afresh.
                live.clear();
                pointsMeasured.set(0);
            }
            lastRunId.set(e.runId());
            status.set("Run " + e.runId() + " going: " + e.itemCount() + " items in the plan.");
        } else if (event instanceof Earlier e) {
            resumedRunId = e.runId();
            live.showFinished(e.points(), e.kinds());
            pointsMeasured.set((int) e.points().stream().filter(p -> p.meta().kind() == PointKind.MEASURE).count());
        } else if (event instanceof LiveFeed.RunFinished e) {
            finished(e);
        } else if (event instanceof LiveFeed.TargetFailed e) {
            problems.add(e.target() + ": " + e.message());
            error.set(describeProblems());
        } else if (event instanceof LiveFeed.AllFinished) {
            running.set(false);
            current.set("");
            eta.set("");
        }
    }

    private void finished(LiveFeed.RunFinished e) {
        finishedRuns.set(finishedRuns.get() + 1);
        int points = pointsMeasured.get();
        String kept = points + (points == 1 ? " point" : " points") + " stored";
        switch (e.status()) {
            case COMPLETE -> {
                status.set("Run " + e.runId() + " complete: " + kept + ".");
                progress.set(1);
            }
            case INTERRUPTED -> status.set("Run " + e.runId() + " stopped: " + kept
                    + ". Resume it from History to measure the rest.");
            case FAILED -> {
                status.set("Run " + e.runId() + " failed: " + kept + ".");
                if (e.error() != null && !problems.contains(e.error())) {
                    problems.add(e.error());
                }
                problems.add("What to do: fix the cause, then resume run " + e.runId() + " from History; the "
                        + "points measured so far are stored and stay.");
                error.set(describeProblems());
            }
            case RUNNING -> {
            }
        }
    }

    private String describeProblems() {
        return String.join("\n", problems.stream().map(Messages::sentence).toList());
    }

    private void show(RunProgress p) {
        progress.set(p.fraction());
        position.set("Item " + Math.min(p.itemIndex() + 1, p.itemCount()) + " of " + p.itemCount());
        current.set(p.current());
        elapsed.set(Units.formatDuration(p.elapsed()));
        eta.set(Units.formatDuration(p.eta()));
    }

    /** Works out whether Start can be pressed, and why not. */
    private void recheck() {
        startBlocked.set(whyBlocked().orElse(""));
    }

    private Optional<String> whyBlocked() {
        if (running.get()) {
            return Optional.of("A run is going.");
        }
        if (engine == null) {
            return Optional.of(Messages.sentence("The engine cannot start: " + engineProblem));
        }
        Optional<String> targetProblem = targets.problem();
        if (targetProblem.isPresent()) {
            return targetProblem;
        }
        TestPlan edited = plan.plan();
        if (edited == null) {
            return Optional.of(plan.problemProperty().get());
        }
        WriteGuard guard = new WriteGuard(discovery);
        for (Target t : targets.selected()) {
            try {
                // what no confirmation allows (mounted, in use, read-only)
                TargetClearance clearance = guard.clearance(t.path(), t.planFor(edited));
                if (clearance.kind() == TargetClearance.Kind.REFUSED) {
                    return Optional.of(Messages.sentence(clearance.reason()));
                }
            } catch (RunException | IllegalArgumentException e) {
                return Optional.of(Messages.sentence(Messages.of(e)));
            }
        }
        return Optional.empty();
    }
}
