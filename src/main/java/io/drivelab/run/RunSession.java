package io.drivelab.run;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.CpuList;
import io.drivelab.fio.FioBinary;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.TestPlan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The one way both faces run plans: a plan on one or more targets, one after the other or at the same time as the
 * caller chooses, or a stopped run resumed. Every target is checked (preflight, write guard) before its run is
 * filed. What the runs do reaches the caller through a {@link Listener}, on the runs' threads.
 *
 * <p>{@link #run} and {@link #resume} block until the runs end: call them on a thread that lives as long (the engine
 * dies with the thread that started it). {@link #cancel()} is safe from any thread.
 */
public final class RunSession {
    public enum Order {
        /** Each target's run starts when the one before has ended; a refused target is reported and skipped. */
        ONE_AFTER_ANOTHER,
        /** All targets point by point at the same time, grouped; one refused target refuses the whole start. */
        TOGETHER
    }

    /** A target, the plan for it, and what the user confirmed for it. */
    public record Target(Path path, TestPlan plan, String allowDestroy, boolean overwriteFile) {
        public Target {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(plan, "plan");
        }
    }

    /** What a session reports besides each run's own events. */
    public interface Listener {
        /** Where the events of the run on {@code target} (the index-th) go. */
        RunListener forTarget(Path target, int index);

        /** TOGETHER: every run is filed and grouped; they start now. */
        default void filed(long groupId, List<Long> runIds) {
        }

        /** ONE_AFTER_ANOTHER: the run on {@code target} was refused or broke off; the next target still runs. */
        default void targetFailed(Path target, RuntimeException why) {
        }
    }

    private final Store store;
    private final Path engine;
    private final DeviceDiscovery discovery;
    private int statusIntervalMs = PlanRunner.DEFAULT_STATUS_INTERVAL_MS;
    private boolean keepFile;
    private boolean stopAllOnFailure;
    private FioBinary fio;
    private CpuList cpus;
    private final List<PlanRunner> runners = new ArrayList<>();
    /** Why the session was stopped; null while it was not. */
    private volatile String stoppedBecause;

    public RunSession(Store store, Path engine, DeviceDiscovery discovery) {
        this.store = store;
        this.engine = engine;
        this.discovery = discovery;
    }

    /** How often the engine reports a sample (the GUI wants at least two a second). */
    public RunSession statusInterval(int milliseconds) {
        this.statusIntervalMs = milliseconds;
        return this;
    }

    /** Keep the test files the runs create when they complete; by default they are removed then. */
    public RunSession keepFile(boolean keep) {
        this.keepFile = keep;
        return this;
    }

    /** Targets run TOGETHER: when one run fails, stop the others (resumable); by default they go on. */
    public RunSession stopAllOnFailure(boolean stop) {
        this.stopAllOnFailure = stop;
        return this;
    }

    /** Measure with this fio instead of DriveLab's engine (each point records which engine measured it). */
    public RunSession measuredBy(FioBinary fio) {
        this.fio = fio;
        return this;
    }

    /**
     * Keep every point's jobs to these CPUs (null: the scheduler places them, the default); stored with each run,
     * so a resume keeps them. Not for a target on another machine.
     */
    public RunSession keptTo(CpuList cpus) {
        this.cpus = cpus;
        return this;
    }

    /**
     * Runs {@code plan}s on the targets; returns each target's status in target order (FAILED for one refused).
     *
     * @param name a name for the run (or the group and its runs, TOGETHER); null for one made of plan and targets
     * @throws RunException TOGETHER: a target refused, before any run was filed
     */
    public List<RunStatus> run(List<Target> targets, Order order, String name, Listener listener) {
        if (order == Order.TOGETHER && targets.size() > 1) {
            return together(targets, name, listener);
        }
        List<RunStatus> statuses = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            Target t = targets.get(i);
            if (stoppedBecause != null) {
                statuses.add(RunStatus.INTERRUPTED);
                continue;
            }
            try {
                PlanRunner runner = runner(listener.forTarget(t.path(), i), t.overwriteFile());
                long id = runner.createRun(t.plan(), t.path(), name, t.allowDestroy());
                statuses.add(runner.execute(id, t.allowDestroy()));
            } catch (RuntimeException e) {
                // the preflight, the guard, the engine or the store said no: named per target, the next one runs
                statuses.add(RunStatus.FAILED);
                listener.targetFailed(t.path(), e);
            }
        }
        return statuses;
    }

    private List<RunStatus> together(List<Target> targets, String name, Listener listener) {
        List<MultiTargetRun.Target> list = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            Target t = targets.get(i);
            list.add(new MultiTargetRun.Target(t.path(), runner(listener.forTarget(t.path(), i), t.overwriteFile()),
                    t.allowDestroy()));
        }
        MultiTargetRun multi = MultiTargetRun.create(store, targets.get(0).plan(), list, name);
        listener.filed(multi.groupId(), multi.runIds());
        return multi.stopAllOnFailure(stopAllOnFailure).execute();
    }

    /** Goes on with a stopped or failed run from its first unfinished point. */
    public RunStatus resume(long runId, String allowDestroy, boolean overwriteFile, RunListener listener) {
        return runner(listener, overwriteFile).resume(runId, allowDestroy);
    }

    /** Stops every run of the session; each keeps what it measured and can be resumed. */
    public void cancel() {
        cancel(StopSignal.BY_THE_USER);
    }

    /** As {@link #cancel()}, each run storing {@code why} it was stopped. */
    public void cancel(String why) {
        List<PlanRunner> now;
        synchronized (runners) {
            // the first reason holds, as each run's own stop keeps its first
            stoppedBecause = stoppedBecause == null ? why : stoppedBecause;
            now = List.copyOf(runners);
        }
        now.forEach(r -> r.cancel(why));
    }

    public boolean isCancelled() {
        return stoppedBecause != null;
    }

    private PlanRunner runner(RunListener listener, boolean overwriteFile) {
        PlanRunner r = new PlanRunner(store, engine, discovery, listener).statusInterval(statusIntervalMs)
                .overwriteFile(overwriteFile).keepFile(keepFile)
                .measuredBy(fio).keptTo(cpus);
        synchronized (runners) {
            runners.add(r);
        }
        String why = stoppedBecause;
        if (why != null) {
            r.cancel(why);
        }
        return r;
    }
}
