package io.drivelab.run;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.CpuList;
import io.drivelab.fio.FioBinary;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoreException;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Point;
import io.drivelab.workload.TestPlan;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Executes a test plan point by point through the engine and stores every point the moment it is measured.
 *
 * <p>{@link #execute} runs on the calling thread and blocks until the run ends: give it a thread of its own that
 * lives as long as the run (the engine dies with the thread that started it). {@link #cancel()} is safe from any
 * thread. A run stopped by a cancel, a crash or a kill resumes at its first unfinished point ({@link #resume}).
 */
public final class PlanRunner {
    public static final int DEFAULT_STATUS_INTERVAL_MS = 1000;

    private final Store store;
    private final Path engine;
    private final DeviceDiscovery discovery;
    private final TargetCheck targetCheck;
    private final RunListener listener;
    private int statusIntervalMs = DEFAULT_STATUS_INTERVAL_MS;
    private boolean overwriteFile;
    private boolean keepFile;
    private FioBinary fio;
    private CpuList cpus;

    /** The target's lock and the run's engine, from the preflight to the run's end. */
    private final TargetHold hold;
    private final StopSignal stop = new StopSignal();
    /** The engine bridge of the execution going on, for {@link #cancel()}; null between executions. */
    private volatile Measurement measurement;
    /** Other targets' runners this one keeps in step with, item by item; null when it runs alone. */
    private TargetSync sync;

    public PlanRunner(Store store, Path engine, DeviceDiscovery discovery, RunListener listener) {
        this.store = store;
        this.engine = engine;
        this.discovery = discovery;
        this.targetCheck = new TargetCheck(discovery);
        this.hold = new TargetHold(engine, store.path());
        this.listener = listener == null ? RunListener.NONE : listener;
    }

    /** How often the engine reports a sample (the GUI wants at least two a second). */
    public PlanRunner statusInterval(int milliseconds) {
        this.statusIntervalMs = milliseconds;
        return this;
    }

    /**
     * The user confirmed that an existing file DriveLab did not create may be overwritten; see
     * {@link WriteGuard#check(Path, TestPlan, String, boolean)}.
     */
    public PlanRunner overwriteFile(boolean confirmed) {
        this.overwriteFile = confirmed;
        return this;
    }

    /**
     * Keep the test file this run created when the run completes; by default it is removed then. A run that stops
     * unfinished always keeps it, so that a resume measures on the same file.
     */
    public PlanRunner keepFile(boolean keep) {
        this.keepFile = keep;
        return this;
    }

    /**
     * Measure with this fio instead of DriveLab's engine; the run records fio's version as its engine. A run fio
     * measured is resumed with fio.
     */
    public PlanRunner measuredBy(FioBinary fio) {
        this.fio = fio;
        return this;
    }

    /**
     * Keep every point's jobs, and the kernel workers they hand I/O to, to these CPUs (null: the scheduler places
     * them, the default). Stored with the run: a resume keeps the run's own CPUs.
     */
    public PlanRunner keptTo(CpuList cpus) {
        this.cpus = cpus;
        return this;
    }

    /**
     * Preflight: refuses, before any run is filed, a target the plan cannot run on (missing, a region that does not
     * fit, no permission: {@link TargetRefused} says which), one another run is busy on (naming that run), or one it
     * may not write (the write guard). The target stays locked for this runner until its run ends.
     *
     * @param allowDestroy the device the user confirmed may be destroyed, or null
     */
    public void preflight(TestPlan plan, Path target, String allowDestroy) {
        Optional<RemoteTarget> remote = RemoteTarget.of(target);
        if (remote.isPresent()) {
            remote.get().guard(plan, allowDestroy);  // the host's fio server opens the target when it runs
            return;
        }
        targetCheck.check(plan, target);
        try {
            Optional<String> confirmation = new WriteGuard(discovery).check(target, plan, allowDestroy,
                    overwriteFile);
            hold.lock(target, 0);  // run 0: not filed yet
            if (fio == null) {
                hold.startEngine(target, confirmation, WriteGuard.writes(plan), unlinks(target));
            }
        } catch (RuntimeException e) {
            endSession();
            throw e;
        }
    }

    /** Whether the engine removes the checkpoint files it writes into a folder (not others) when done. */
    private boolean unlinks(Path target) {
        return Files.isDirectory(target) && !keepFile;
    }

    /** Ends the run's engine and frees its target: call it after a preflight whose run will not be executed. */
    public void endSession() {
        hold.release();
    }

    /**
     * Files a new run of {@code plan} on {@code target} after the preflight has passed; returns its id.
     *
     * @param allowDestroy the device the user confirmed may be destroyed, or null
     */
    public long createRun(TestPlan plan, Path target, String name, String allowDestroy) {
        preflight(plan, target, allowDestroy);
        try {
            long runId = new RunFiling(store, targetCheck, engine, fio).file(plan, target, name, cpus);
            hold.filedAs(runId);
            return runId;
        } catch (RuntimeException e) {
            endSession();  // no run, no engine
            throw e;
        }
    }

    /**
     * Runs in step with the other runners of {@code sync} (the same plan on other targets): every plan item starts
     * when all of them have reached it, so their points run at the same time. Call before {@link #execute}.
     */
    public PlanRunner synchronizedWith(TargetSync sync) {
        this.sync = sync;
        sync.join(this);
        return this;
    }

    /** Claims an interrupted or failed run and executes what it has not finished. */
    public RunStatus resume(long runId, String allowDestroy) {
        Optional<Run> stored = store.getRun(runId);
        if (fio == null) {
            fio = stored.map(RunFiling::fioThatMeasured).orElse(null);
        }
        try {
            stored.ifPresent(RunFiling::cpusKeptTo);  // a CPU gone from this machine: refused, the run left as it is
            // a target another run is busy on is refused before this run is claimed
            stored.map(r -> Path.of(r.target())).filter(t -> RemoteTarget.of(t).isEmpty())
                    .ifPresent(t -> hold.lock(t, runId));
            store.resumeRun(runId);
        } catch (RuntimeException e) {
            endSession();
            throw e;
        }
        return execute(runId, allowDestroy);
    }

    /** Stops the run as soon as possible: the running point ends with a partial result, which is kept. */
    public void cancel() {
        cancel(StopSignal.BY_THE_USER);
    }

    /** As {@link #cancel()}, storing {@code why} as the interrupted run's reason (the first reason given holds). */
    public void cancel(String why) {
        stop.stop(why);
        Measurement m = measurement;
        if (m != null) {
            m.stop();
        }
    }

    public boolean isCancelled() {
        return stop.stopped();
    }

    /**
     * Runs the plan of run {@code runId}, skipping the points it has finished already; returns how it ended
     * (also stored): COMPLETE, INTERRUPTED (cancelled; resumable) or FAILED (a point failed or was held up;
     * resumable).
     */
    public RunStatus execute(long runId, String allowDestroy) {
        try {
            return executeLocked(runId, allowDestroy);
        } finally {
            endSession();  // ended, failed or stopped: the target is free for the next run
        }
    }

    private RunStatus executeLocked(long runId, String allowDestroy) {
        Run run = store.getRun(runId).orElseThrow(() -> new RunException("there is no run " + runId));
        TestPlan plan = PlanFiles.fromJson(run.planJson(), "run " + runId);
        Path target = Path.of(run.target());
        List<String> engineExtras = new ArrayList<>();
        engineExtras.add("--status-interval=" + statusIntervalMs);
        Optional<RemoteTarget> remote = RemoteTarget.of(target);
        CpuList kept;
        try {
            Optional<String> confirmation = Optional.empty();
            if (remote.isPresent()) {
                remote.get().guard(plan, allowDestroy);
            } else {
                confirmation = local(plan, target, runId, allowDestroy, engineExtras);
            }
            if (remote.isEmpty() && Files.isDirectory(target) && !keepFile) {
                engineExtras.add("--unlink");  // the checkpoint files the engine wrote into the folder, not others
            }
            kept = RunFiling.cpusKeptTo(run);
            if (fio == null && remote.isEmpty()) {
                hold.startEngine(target, confirmation, WriteGuard.writes(plan), unlinks(target));  // a resumed run
            }
        } catch (RunException e) {
            store.updateRunStatus(runId, RunStatus.FAILED, e.getMessage());
            leaveSync();
            listener.runFinished(runId, RunStatus.FAILED, e.getMessage());
            throw e;
        }

        List<PlanItem> items = plan.expand();
        Set<String> finished = store.completedPointKeys(runId);
        RunClock clock = new RunClock(items, targetCheck.regionBytes(plan, target));
        TestFile testFile = new TestFile(target, store.path().toString(), runId);
        RunTelemetry telemetry = new RunTelemetry(store, runId, remote.isPresent() ? null : target);
        Measurement m = new Measurement(hold.session(), fio, remote.orElse(null), target, engineExtras, kept,
                statusIntervalMs, listener, testFile, clock::now, telemetry);
        measurement = m;
        if (stop.stopped()) {
            m.stop();
        }
        listener.runStarted(runId, items);
        telemetry.before();

        RunStatus status = RunStatus.COMPLETE;
        String error = null;
        List<String> heldUp = new ArrayList<>();
        boolean caughtUp = finished.isEmpty();
        RunEnd end = RunEnd.reserve(store, runId);
        try {
            for (int i = 0; i < items.size() && !stop.stopped(); i++) {
                PlanItem item = items.get(i);
                if (sync != null) {
                    sync.await(this, i, this::isCancelled);
                }
                clock.startItem(i);
                if (item.isIdle()) {
                    // a resumed run goes straight to its first unfinished point
                    if (caughtUp) {
                        idle(item, clock);
                    }
                } else if (finished.contains(item.point().key())) {
                    clock.skip(i);
                } else {
                    caughtUp = true;
                    Optional<String> failure = runItem(runId, i, item, m, clock, heldUp, telemetry);
                    if (failure.isPresent()) {
                        status = stop.stopped() ? RunStatus.INTERRUPTED : RunStatus.FAILED;
                        error = failure.get();
                        break;
                    }
                }
                clock.finishItem(i);
            }
            if (stop.stopped() && status == RunStatus.COMPLETE) {
                status = RunStatus.INTERRUPTED;
                error = stop.reason();
            }
            if (status == RunStatus.COMPLETE && !heldUp.isEmpty()) {
                status = RunStatus.FAILED;
                error = heldUp.size() + (heldUp.size() == 1 ? " point was" : " points were") + " held up and stored "
                        + "as partial (" + String.join(", ", heldUp) + "); resume run " + runId
                        + " to measure again";
            }
        } catch (StoreException e) {
            status = RunEnd.statusAfter(e);
            error = end.errorAfter(e);
        } catch (RuntimeException e) {
            end.close();  // not recorded: the next start marks the run interrupted
            throw e;
        } finally {
            measurement = null;
        }
        telemetry.after();
        if (status == RunStatus.COMPLETE && !keepFile) {
            testFile.removeIfOurs();
        }
        error = end.record(status, error);  // recorded even on a full disk: the room set aside is given back
        leaveSync();
        listener.runFinished(runId, status, error);
        return status;
    }

    /** A target on this machine: checked, locked for the run, judged by the write guard; its confirmation. */
    private Optional<String> local(TestPlan plan, Path target, long runId, String allowDestroy,
                                   List<String> engineExtras) {
        targetCheck.check(plan, target);
        hold.lock(target, runId);  // held since the preflight, or a run executed without one
        Optional<String> confirmation = new WriteGuard(discovery).check(target, plan, allowDestroy, overwriteFile);
        confirmation.ifPresent(engineExtras::add);
        return confirmation;
    }

    private void leaveSync() {
        if (sync != null) {
            sync.leave(this);
        }
    }

    /** Measures one plan item: all passes of a point, or a precondition (in rounds until steady). */
    private Optional<String> runItem(long runId, int seq, PlanItem planned, Measurement m, RunClock clock,
                                     List<String> heldUp, RunTelemetry telemetry) {
        Optional<PlanItem> offered = new OfferedLoads(store, runId).resolve(planned);
        if (offered.isEmpty()) {
            return Optional.of(OfferedLoads.noPeak(planned.point()));
        }
        PlanItem item = offered.get();
        Point point = item.point();
        if (item.untilSteady()) {
            return SteadyStateRounds.run(item, (p, key) -> m.measure(item, p, key, seq),
                    r -> save(runId, item, r, clock, heldUp, telemetry), listener, this::isCancelled);
        }
        List<Measured> passes = new ArrayList<>();
        for (int pass = 1; pass <= point.passes() && !stop.stopped(); pass++) {
            Measured measured = m.measure(item, point, point.key(), seq);
            if (measured.measuredNothing() && stop.stopped()) {
                break;  // stopped as it started: the engine ran nothing, so nothing is kept for it
            }
            if (measured.failed()) {
                save(runId, item, measured, clock, heldUp, telemetry);
                return Optional.of(measured.result().error());
            }
            passes.add(measured);
            if (measured.result().status() != PointStatus.COMPLETE) {
                break;  // stopped or held up during a pass: keep what it measured, as partial
            }
        }
        if (passes.isEmpty()) {
            return Optional.empty();
        }
        Measured kept = Passes.combine(passes, point.keep(), point.passes());
        save(runId, item, kept, clock, heldUp, telemetry);
        clock.sawThroughput(item, kept.result());
        return Optional.empty();
    }

    private void save(long runId, PlanItem item, Measured m, RunClock clock, List<String> heldUp,
                      RunTelemetry telemetry) {
        telemetry.save(store.savePoint(runId, m.result(), m.samples()), m);
        if (m.result().status() == PointStatus.PARTIAL && !stop.stopped()) {
            heldUp.add(m.result().meta().pointKey());
        }
        listener.pointFinished(clock.now(), item, m.result());
    }

    private void idle(PlanItem item, RunClock clock) {
        stop.idle(item.idleSeconds(), () -> listener.progress(clock.now()));
    }
}
