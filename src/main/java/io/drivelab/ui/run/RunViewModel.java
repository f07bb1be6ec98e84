package io.drivelab.ui.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.drivelab.workload.PointKinds;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.EngineProcess;
import io.drivelab.run.RemoteTarget;
import io.drivelab.run.RunListener;
import io.drivelab.run.RunSession;
import io.drivelab.run.TargetRefused;
import io.drivelab.store.PointResult;
import io.drivelab.store.Run;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.ui.common.Messages;
import io.drivelab.ui.common.Tasks;
import io.drivelab.ui.plan.PlanViewModel;
import io.drivelab.ui.targets.Target;
import io.drivelab.ui.targets.TargetsViewModel;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.TestPlan;
import javafx.beans.InvalidationListener;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyStringProperty;

/**
 * Start, Stop and what a run shows while it goes. Start is possible only when the targets, the plan and the write
 * guard agree ({@link #startBlockedProperty()} says why not; the guard is asked off the UI thread); a plan that
 * destroys a drive needs its name typed ({@link #confirmationsNeeded()}). The ticked targets run one after another
 * or at the same time through the core's {@link RunSession} on a thread of their own (at the same time, one failing
 * stops the others if the targets say so); what they report reaches this view-model only through {@link #drain()},
 * which the UI thread calls at its own pace.
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
    private final LiveFeed feed;
    private final LiveCharts live = new LiveCharts();

    private final LiveStatus shown;

    private final StartCheck startCheck;
    private volatile RunSession session;
    private Thread thread;
    /** Counts checks of the targets, so that only the latest one's answer is shown. */
    private long checks;
    private List<Confirmation> confirmations = List.of();

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
        this.feed = new LiveFeed(store);
        this.startCheck = new StartCheck(discovery);
        this.shown = new LiveStatus(live, plan.planProperty());
        targets.targets().addListener((InvalidationListener) o -> recheck());
        plan.planProperty().addListener(o -> recheck());
        plan.cpus().textProperty().addListener(o -> recheck());
        plan.engine().chosenProperty().addListener(o -> recheck());
        plan.engine().fioProperty().addListener(o -> recheck());
        shown.running.addListener(o -> recheck());
        recheck();
    }

    public LiveCharts live() {
        return live;
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return shown.running.getReadOnlyProperty();
    }

    public boolean isRunning() {
        return shown.running.get();
    }

    /** Why Start cannot be pressed, or "" when it can. */
    public ReadOnlyStringProperty startBlockedProperty() {
        return shown.startBlocked.getReadOnlyProperty();
    }

    /** 0..1 of the estimated work of the running target's plan. */
    public ReadOnlyDoubleProperty progressProperty() {
        return shown.progress.getReadOnlyProperty();
    }

    /** "Point 3 of 16", "Pause after point 3 of 8", "Precondition 1 of 2". */
    public ReadOnlyStringProperty positionProperty() {
        return shown.position.getReadOnlyProperty();
    }

    /** What goes on now: "measure 01-write-128k-qd32-j1: write 128k QD32/1, 5 s + 1 s ramp". */
    public ReadOnlyStringProperty currentProperty() {
        return shown.current.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty elapsedProperty() {
        return shown.elapsed.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty etaProperty() {
        return shown.eta.getReadOnlyProperty();
    }

    /** One line about the run: "Running quick on /tmp/drivelab-test.img", "Run 4 complete: 16 points stored". */
    public ReadOnlyStringProperty statusProperty() {
        return shown.status.getReadOnlyProperty();
    }

    /** What failed, where, and what to do; "" when nothing did. */
    public ReadOnlyStringProperty errorProperty() {
        return shown.error.getReadOnlyProperty();
    }

    /** The run shown (running or last run), or -1. */
    public ReadOnlyLongProperty lastRunIdProperty() {
        return shown.lastRunId.getReadOnlyProperty();
    }

    /** Counts runs that ended, so that lists of runs know to refresh. */
    public ReadOnlyIntegerProperty finishedRunsProperty() {
        return shown.finishedRuns.getReadOnlyProperty();
    }

    /** Measured points stored by the run shown (stopped and failed ones included). */
    public ReadOnlyIntegerProperty pointsMeasuredProperty() {
        return shown.pointsMeasured.getReadOnlyProperty();
    }

    /**
     * What the user must confirm before Start goes on: drives the plan destroys, files it overwrites (as the last
     * check of the targets found, off the UI thread).
     */
    public List<Confirmation> confirmationsNeeded() {
        return confirmations;
    }

    /**
     * Runs the plan on every ticked target, one after another or at the same time as the targets say.
     *
     * @param confirmed the answers to {@link #confirmationsNeeded()}
     */
    public void start(Confirmed confirmed) {
        if (shown.running.get() || !shown.startBlocked.get().isEmpty()) {
            return;
        }
        Optional<String> cpuProblem = plan.cpus().problem();
        if (cpuProblem.isPresent()) {
            // a CPU went offline since the last check
            shown.startBlocked.set(cpuProblem.get());
            return;
        }
        TestPlan edited = plan.plan();
        List<RunSession.Target> jobs = new ArrayList<>();
        for (Target t : targets.selected()) {
            jobs.add(new RunSession.Target(t.path(), t.planFor(edited), confirmed.typed(t.confirmedAs()),
                    confirmed.overwrite().contains(t.path())));
        }
        RunSession.Order order = targets.orderProperty().get();
        boolean stopOthers = targets.stopOthersOnFailureProperty().get();
        List<String> names = jobs.stream().map(j -> j.path().toString()).toList();
        RunSession s = begin().measuredBy(plan.engine().measuredBy()).stopAllOnFailure(stopOthers)
                .keptTo(plan.cpus().chosen());
        thread = tasks.startThread("drivelab-run", () -> {
            try {
                s.run(jobs, order, null, new RunSession.Listener() {
                    @Override
                    public RunListener forTarget(Path target, int index) {
                        // at the same time, the live view follows the first target; the others add their line to
                        // the time chart and report their end
                        return order == RunSession.Order.TOGETHER && index > 0 ? feed.alongside(target.toString())
                                : feed;
                    }

                    @Override
                    public void filed(long groupId, List<Long> runIds) {
                        feed.post(new LiveFeed.Together(runIds, names, stopOthers));
                    }

                    @Override
                    public void targetFailed(Path target, RuntimeException why) {
                        feed.post(new LiveFeed.TargetFailed(target.toString(), describe(why)));
                    }
                });
            } catch (RuntimeException e) {
                // at the same time, one target refused refuses them all before any run is filed
                feed.post(new LiveFeed.TargetFailed("Not started", describe(e)));
            } finally {
                feed.post(new LiveFeed.AllFinished());
            }
        });
    }

    /** What resuming a run needs confirmed, as {@link #confirmationsNeeded()}. */
    public Optional<Confirmation> resumeConfirmation(Run run) {
        TestPlan stored;
        try {
            stored = PlanFiles.fromJson(run.planJson(), "run " + run.id());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        return startCheck.confirmation(Path.of(run.target()), stored, "Run " + run.id(), run.target());
    }

    /** Goes on with an interrupted or failed run from its first unfinished point. */
    public void resume(long runId, Confirmed confirmed) {
        if (shown.running.get()) {
            return;
        }
        if (engine == null) {
            shown.error.set(Messages.sentence("The engine cannot start: " + engineProblem));
            return;
        }
        RunSession s = begin();
        thread = tasks.startThread("drivelab-run", () -> {
            try {
                Run stored = store.getRun(runId).orElseThrow(() -> new IllegalStateException(Messages.runGone(runId)));
                feed.post(new Earlier(runId, store.listPoints(runId).stream().map(StoredPoint::point).toList(),
                        PointKinds.ofPlanJson(stored.planJson())));
                Path target = Path.of(stored.target());
                // a remote device is confirmed as HOST:/dev/X
                Path confirmedAs = RemoteTarget.of(target).map(r -> Path.of(r.confirmation())).orElse(target);
                s.resume(runId, confirmed.typed(confirmedAs), confirmed.overwrite().contains(target), feed);
            } catch (RuntimeException e) {
                feed.post(new LiveFeed.TargetFailed("run " + runId, describe(e)));
            } finally {
                feed.post(new LiveFeed.AllFinished());
            }
        });
    }

    /** Stops the run as soon as the engine can; the point going on is kept as partial, the run is resumable. */
    public void stop() {
        RunSession s = session;
        if (s != null) {
            s.cancel();
        }
        shown.stopping();
    }

    /**
     * Stops the run and waits for it to end, at most {@code millis}: when the window closes, so that the run is
     * stored as interrupted (resumable), not left marked running. {@code unseenBecause} null: the user's stop, said
     * in the window; else stored as the run's reason, unsaid, for a JVM that ends (SIGTERM) without a UI thread.
     */
    public void stopAndWait(long millis, String unseenBecause) throws InterruptedException {
        if (unseenBecause == null) {
            stop();
        } else {
            Optional.ofNullable(session).ifPresent(s -> s.cancel(unseenBecause));
        }
        Thread t = thread;
        if (t != null) {
            t.join(millis);
        }
        // the window goes: no engine may outlive it, even one that did not obey the stop
        EngineProcess.killAll(1000);
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
            shown.apply(event);
        }
        return live.flush();
    }

    /** The points a resumed run had measured before. */
    record Earlier(long runId, List<PointResult> points, PointKinds kinds) implements LiveFeed.Event {
    }

    private RunSession begin() {
        shown.starting();
        session = new RunSession(store, engine, discovery).statusInterval(statusIntervalMs);
        return session;
    }

    /** The core's message, with the GUI's own hint where the core says what would mend it. */
    static String describe(RuntimeException e) {
        if (e instanceof TargetRefused r && r.kind() == TargetRefused.Kind.REGION_TOO_LARGE) {
            return Messages.of(e) + ". Use the whole device: choose a plan that tests the whole drive, or one whose "
                    + "region fits it";
        }
        return Messages.of(e);
    }

    /**
     * Works out whether Start can be pressed, and why not: what the view-models know at once here, what the write
     * guard says (it reads sysfs) in the background; only the latest check's answer is shown.
     */
    private void recheck() {
        plan.cpus().offeredProperty().set(!targets.remoteTicked());  // CPUs are this machine's
        long generation = ++checks;
        Optional<String> now = blockedNow();
        if (now.isPresent()) {
            shown.startBlocked.set(now.get());
            confirmations = List.of();
            return;
        }
        TestPlan edited = plan.plan();
        List<StartCheck.Candidate> candidates = targets.selected().stream()
                .map(t -> new StartCheck.Candidate(t.path(), t.planFor(edited),
                        t instanceof Target.Drive ? t.title() : t.path().toString()))
                .toList();
        tasks.create(() -> startCheck.check(candidates)).onSuccess(verdict -> {
            if (generation == checks) {
                confirmations = verdict.confirmations();
                shown.startBlocked.set(verdict.blocked());
            }
        }).onError(e -> {
            if (generation == checks) {
                shown.startBlocked.set(Messages.sentence("Cannot check the targets: " + e.getMessage()));
            }
        }).start();
    }

    private Optional<String> blockedNow() {
        if (shown.running.get()) {
            return Optional.of("A run is going.");
        }
        if (engine == null) {
            return Optional.of(Messages.sentence("The engine cannot start: " + engineProblem));
        }
        Optional<String> targetProblem = targets.problem();
        if (targetProblem.isPresent()) {
            return targetProblem;
        }
        Optional<String> engineChoice = plan.engine().problem(targets.remoteTicked());
        if (engineChoice.isPresent()) {
            return engineChoice;
        }
        Optional<String> cpus = plan.cpus().problem();
        if (cpus.isPresent()) {
            return cpus;
        }
        return plan.plan() == null ? Optional.of(plan.problemProperty().get()) : Optional.empty();
    }

}
