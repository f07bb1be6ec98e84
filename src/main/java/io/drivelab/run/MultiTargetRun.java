package io.drivelab.run;

import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.TestPlan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One plan on several targets at the same time (drivelab run --target A --target B): a run per target, each with
 * its own runner and engine process on a thread of its own, kept in step point by point ({@link TargetSync}), and
 * grouped in the store so that the runs can be shown side by side and summed.
 */
public final class MultiTargetRun {
    /** A target with the runner that measures it and the device the user confirmed may be destroyed, or null. */
    public record Target(Path path, PlanRunner runner, String allowDestroy) {
        public Target {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(runner, "runner");
        }
    }

    private final List<Target> targets;
    private final List<Long> runIds = new ArrayList<>();
    private long groupId;
    private boolean stopAllOnFailure;

    private MultiTargetRun(List<Target> targets) {
        this.targets = List.copyOf(targets);
    }

    /**
     * Files a run per target after every target has passed the preflight, and groups them; a target refused fails
     * the whole start with its reason, before any run is filed.
     *
     * @param name a name for the group and, with the target, its runs; null for "PLAN on A + B"
     */
    public static MultiTargetRun create(Store store, TestPlan plan, List<Target> targets, String name) {
        if (targets.size() < 2) {
            throw new IllegalArgumentException("several targets run together; give at least two");
        }
        MultiTargetRun multi = new MultiTargetRun(targets);
        String group = name != null && !name.isBlank() ? name : plan.name() + " on "
                + targets.stream().map(t -> t.path().toString()).collect(Collectors.joining(" + "));
        for (Target t : targets) {
            try {
                t.runner().preflight(plan, t.path(), t.allowDestroy());  // no run is filed while a target is refused
            } catch (TargetRefused e) {
                targets.forEach(other -> other.runner().endSession());
                throw new TargetRefused(t.path(), e.kind(), t.path() + ": " + e.getMessage(),
                        e.fittingBytes().orElse(0));
            } catch (RunException e) {
                targets.forEach(other -> other.runner().endSession());  // the engines started for the others
                throw new RunException(t.path() + ": " + e.getMessage(), e);
            }
        }
        TargetSync sync = new TargetSync();
        for (int i = 0; i < targets.size(); i++) {
            Target t = targets.get(i);
            String runName = group + " [" + (i + 1) + "/" + targets.size() + ": " + t.path() + "]";
            try {
                multi.runIds.add(t.runner().createRun(plan, t.path(), runName, t.allowDestroy()));
            } catch (RunException e) {
                targets.forEach(other -> other.runner().endSession());
                for (long filed : multi.runIds) {
                    store.updateRunStatus(filed, RunStatus.FAILED, "not started: " + t.path() + " was refused");
                }
                throw new RunException(t.path() + ": " + e.getMessage(), e);
            }
            t.runner().synchronizedWith(sync);
        }
        multi.groupId = store.createRunGroup(group, multi.runIds);
        return multi;
    }

    /** When one target's run fails, stop the others too (each keeps what it measured); by default they go on. */
    public MultiTargetRun stopAllOnFailure(boolean stop) {
        this.stopAllOnFailure = stop;
        return this;
    }

    public long groupId() {
        return groupId;
    }

    /** The runs, in the order of the targets. */
    public List<Long> runIds() {
        return List.copyOf(runIds);
    }

    /**
     * Executes every target's run on a thread of its own (the engine dies with the thread that started it) and waits
     * for all; returns their statuses in target order.
     */
    public List<RunStatus> execute() {
        RunStatus[] statuses = new RunStatus[targets.size()];
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            int k = i;
            Target t = targets.get(k);
            Thread thread = new Thread(() -> {
                try {
                    statuses[k] = t.runner().execute(runIds.get(k), t.allowDestroy());
                } catch (RuntimeException e) {
                    // the runner has stored the failure with the run; the others go on unless told to stop
                    statuses[k] = RunStatus.FAILED;
                }
                if (statuses[k] == RunStatus.FAILED && stopAllOnFailure) {
                    // each keeps why it stopped: History shows it long after the window that saw the failure
                    String why = "stopped because run " + runIds.get(k) + " on " + t.path() + ", running with it, "
                            + "failed";
                    for (int other = 0; other < targets.size(); other++) {
                        if (other != k) {
                            targets.get(other).runner().cancel(why);
                        }
                    }
                }
            }, "drivelab-target-" + (k + 1));
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            boolean joined = false;
            while (!joined) {
                try {
                    thread.join();
                    joined = true;
                } catch (InterruptedException e) {
                    cancel();  // the runners store what they measured, then end
                }
            }
        }
        return List.of(statuses);
    }

    /** Stops every target's run; each keeps what it measured. */
    public void cancel() {
        targets.forEach(t -> t.runner().cancel());
    }

    /** The overall status: COMPLETE when all completed, else INTERRUPTED when any was stopped, else FAILED. */
    public static RunStatus overall(List<RunStatus> statuses) {
        if (statuses.stream().allMatch(s -> s == RunStatus.COMPLETE)) {
            return RunStatus.COMPLETE;
        }
        return statuses.contains(RunStatus.INTERRUPTED) ? RunStatus.INTERRUPTED : RunStatus.FAILED;
    }
}
