package io.drivelab.ui.run;

import io.drivelab.run.PlanPosition;
import io.drivelab.run.RunProgress;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.RunStatus;
import io.drivelab.ui.common.Messages;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Units;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the run view shows while a run goes and after: progress, ETA, the status line, what went wrong, the points
 * measured. The run's events change it, on the UI thread, through {@link #apply}; the view-model hands out read-only
 * views of these properties.
 */
final class LiveStatus {
    static final String STOPPING = "Stopping: the point going on is kept as partial.";

    final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper();
    final ReadOnlyStringWrapper startBlocked = new ReadOnlyStringWrapper("");
    final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper();
    final ReadOnlyStringWrapper position = new ReadOnlyStringWrapper("");
    final ReadOnlyStringWrapper current = new ReadOnlyStringWrapper("");
    final ReadOnlyStringWrapper elapsed = new ReadOnlyStringWrapper("");
    final ReadOnlyStringWrapper eta = new ReadOnlyStringWrapper("");
    final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("Ready.");
    final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    final ReadOnlyLongWrapper lastRunId = new ReadOnlyLongWrapper(-1);
    final ReadOnlyIntegerWrapper finishedRuns = new ReadOnlyIntegerWrapper();
    final ReadOnlyIntegerWrapper pointsMeasured = new ReadOnlyIntegerWrapper();

    private final LiveCharts live;
    private final List<String> problems = new ArrayList<>();
    /** How each measured point stored ended, by key: a point measured again on resume replaces its partial result. */
    private final Map<String, PointStatus> measured = new HashMap<>();
    /** The measured points of the plan of the run shown, as History counts them against. */
    private int planned;
    /** What each run of this start said when it ended, by run: runs at the same time end together. */
    private final Map<Long, String> ends = new LinkedHashMap<>();
    /** How each run of this start ended, by run. */
    private final Map<Long, RunStatus> endedAs = new LinkedHashMap<>();
    /** The target of each run going at the same time as others, by run. */
    private final Map<Long, String> targetOf = new HashMap<>();
    /** The test file of each run on one, by run: a run stopped unfinished keeps it for its resume. */
    private final Map<Long, String> testFileOf = new HashMap<>();
    /** Whether runs at the same time all stop when one fails. */
    private boolean stopOthersOnFailure;
    /** Whether the user asked to stop: then runs stopped are not put down to a failure. */
    private boolean stopAsked;
    private long resumedRunId = -1;
    /** What the status says of the runs going at the same time as the one shown, or "". */
    private String alongside = "";
    /** The plan items of the run shown, in order (the progress' index is into them). */
    private List<PlanItem> items = List.of();
    /** The whole second of the run's elapsed time the progress shown was taken at. */
    private long shownSecond = -1;

    /** @param plan the plan chosen, shown with the drives' published curves until the window's first run */
    LiveStatus(LiveCharts live, ObservableValue<TestPlan> plan) {
        this.live = live;
        plan.addListener((o, a, b) -> preview(b));
        preview(plan.getValue());
    }

    /**
     * Before the window's first run, the charts show the plan's workloads with the chosen reference drives' curves:
     * what the run will be measured against (issue 13), where they showed empty axes until a run started.
     */
    private void preview(TestPlan plan) {
        if (plan == null || running.get() || lastRunId.get() > 0) {
            return;
        }
        live.clear();
        live.planned(null, plan, plan.expand());
    }

    /** A run (or a resume) starts: what the last one showed goes. */
    void starting() {
        resumedRunId = -1;
        shownSecond = -1;
        items = List.of();
        countMeasured(List.of());
        ends.clear();
        endedAs.clear();
        targetOf.clear();
        testFileOf.clear();
        stopOthersOnFailure = false;
        stopAsked = false;
        alongside = "";
        problems.clear();
        error.set("");
        running.set(true);
        progress.set(0);
        status.set("Starting…");
        live.clear();
        live.follow(true);
    }

    void apply(LiveFeed.Event event) {
        if (event instanceof LiveFeed.Sample e) {
            live.sample(e);
        } else if (event instanceof LiveFeed.AlongsideSample e) {
            live.alongsideSample(e.target(), e.sample());
        } else if (event instanceof LiveFeed.AlongsidePointStarted e) {
            live.alongsidePointStarted(e.target());
        } else if (event instanceof LiveTemperature.Reading e) {
            live.temperature(e);
        } else if (event instanceof LiveFeed.Checkpoint e) {
            live.checkpoint(e.item(), e.checkpoint());
        } else if (event instanceof LiveFeed.Progress e) {
            // Every sample reports progress: the bar moves once a second, as the elapsed time does, because each
            // move of a progress bar lays the window's whole branch above it out again.
            if (e.progress().elapsed().getSeconds() != shownSecond || e.progress().fraction() >= 1) {
                show(e.progress());
            }
        } else if (event instanceof LiveFeed.PointStarted e) {
            live.pointStarted(e.item(), e.key());
            show(e.progress());
        } else if (event instanceof LiveFeed.PointFinished e) {
            live.pointFinished(e.item(), e.result(), e.percentiles());
            if (e.result().meta().kind() == PointKind.MEASURE) {
                measured.put(e.result().meta().pointKey(), e.result().status());
                pointsMeasured.set(measured.size());
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
                countMeasured(List.of());
                ends.clear();
                endedAs.clear();
            }
            live.planned(e.run(), e.plan(), e.items());
            items = e.items();
            planned = e.run() != null && e.run().plannedPoints() != null ? e.run().plannedPoints()
                    : (int) e.items().stream().filter(PlanItem::isMeasure).count();
            lastRunId.set(e.runId());
            if (e.run() != null && "file".equals(e.run().targetKind())) {
                testFileOf.put(e.runId(), e.run().target());
            }
            // a run kept to CPUs says so; a resumed one keeps the CPUs it began with
            String cpus = e.run() == null || e.run().cpusAllowed() == null ? "" : " CPUs: " + e.run().cpusAllowed()
                    + ".";
            // a resumed run says what it resumes from, as History counts it
            status.set("Run " + e.runId() + (e.runId() == resumedRunId ? " resumed: " + count(PointStatus.COMPLETE)
                    + " of " + planned + " points complete before it; it measures the rest."
                    : " going: " + PlanPosition.inThePlan(e.items()) + ".") + cpus + alongside);
        } else if (event instanceof RunViewModel.Earlier e) {
            resumedRunId = e.runId();
            live.showFinished(e.points(), e.kinds());
            countMeasured(e.points());
        } else if (event instanceof LiveFeed.RunFinished e) {
            finished(e.runId(), e.status(), e.error(), e.status() == RunStatus.COMPLETE
                    ? stored(pointsMeasured.get()) : measuredSoFar());
        } else if (event instanceof LiveFeed.Together e) {
            List<String> others = e.runIds().stream().skip(1).map(String::valueOf).toList();
            alongside = " At the same time: run " + String.join(", ", others) + " (its line on the time chart; its "
                    + "points when it ends).";
            for (int i = 0; i < e.runIds().size(); i++) {
                targetOf.put(e.runIds().get(i), e.targets().get(i));
            }
            stopOthersOnFailure = e.stopOthersOnFailure();
        } else if (event instanceof LiveFeed.AlongsideFinished e) {
            finished(e.runId(), e.status(), e.error(), stored(e.points()));
        } else if (event instanceof LiveFeed.TargetFailed e) {
            problems.add(e.target() + ": " + e.message());
            error.set(describeProblems());
        } else if (event instanceof LiveFeed.AllFinished) {
            sayWhyTheOthersStopped();
            running.set(false);
            current.set("");
            eta.set("");
        }
    }

    /** A run ended: its line joins those of the runs that went at the same time (one line each). */
    private void finished(long runId, RunStatus how, String why, String kept) {
        finishedRuns.set(finishedRuns.get() + 1);
        String line = switch (how) {
            case COMPLETE -> "Run " + runId + " complete: " + kept + ".";
            case INTERRUPTED -> "Run " + runId + " stopped: " + kept + ". Resume it from History to measure the rest."
                    + (testFileOf.containsKey(runId) ? " Its test file " + testFileOf.get(runId) + " is kept for that "
                    + "(deleting the run in History removes it)." : "");
            case FAILED -> "Run " + runId + " failed: " + kept + ".";
            case RUNNING -> "";
        };
        ends.put(runId, line);
        endedAs.put(runId, how);
        status.set(String.join(" ", ends.values()));
        if (how == RunStatus.COMPLETE) {
            progress.set(1);
        }
        if (how == RunStatus.FAILED) {
            if (why != null && !problems.contains(why)) {
                problems.add(why);
            }
            problems.add("What to do: fix the cause, then resume run " + runId + " from History; the "
                    + "points measured so far are stored and stay.");
            error.set(describeProblems());
        }
    }

    /**
     * Runs at the same time, one failed, and the others were stopped with it as the user chose: says which failed,
     * and that the others keep what they measured and can be resumed.
     */
    private void sayWhyTheOthersStopped() {
        List<Long> failed = runsThatEnded(RunStatus.FAILED);
        List<Long> stopped = runsThatEnded(RunStatus.INTERRUPTED);
        if (!stopOthersOnFailure || stopAsked || failed.isEmpty() || stopped.isEmpty()) {
            return;
        }
        boolean one = stopped.size() == 1;
        problems.add(named(failed) + " failed, so the targets running with it were stopped (\"If one target "
                + "fails, stop the others\" is ticked): " + named(stopped) + (one ? " keeps" : " keep") + " what "
                + (one ? "it" : "they") + " measured; resume " + (one ? "it" : "them") + " from History to measure "
                + "the rest");
        error.set(describeProblems());
        status.set(status.get() + " Stopped because " + named(failed) + " failed.");
    }

    private List<Long> runsThatEnded(RunStatus how) {
        return endedAs.entrySet().stream().filter(e -> e.getValue() == how).map(Map.Entry::getKey).toList();
    }

    /** "run 4 on /tmp/a.img, run 5 on host:/dev/nvme1n1". */
    private String named(List<Long> runIds) {
        return String.join(", ", runIds.stream().map(id -> "run " + id + (targetOf.containsKey(id) ? " on "
                + targetOf.get(id) : "")).toList());
    }

    /** Stop was asked for: said until the run ends (a new start says otherwise). */
    void stopping() {
        stopAsked = true;
        if (running.get()) {
            status.set(STOPPING);
        }
    }

    private void countMeasured(List<PointResult> stored) {
        measured.clear();
        stored.stream().filter(p -> p.meta().kind() == PointKind.MEASURE).forEach(p -> measured.put(
                p.meta().pointKey(), p.status()));
        pointsMeasured.set(measured.size());
    }

    private static String stored(int points) {
        return points + (points == 1 ? " point" : " points") + " stored";
    }

    /** "2 of 16 points complete, 1 partial": complete of planned as History counts them, then the rest kept. */
    private String measuredSoFar() {
        StringBuilder text = new StringBuilder(count(PointStatus.COMPLETE) + " of " + planned + " points complete");
        for (PointStatus other : List.of(PointStatus.PARTIAL, PointStatus.FAILED)) {
            if (count(other) > 0) {
                text.append(", ").append(count(other)).append(' ').append(other.name().toLowerCase(Locale.ROOT));
            }
        }
        return text.toString();
    }

    private long count(PointStatus status) {
        return measured.values().stream().filter(status::equals).count();
    }

    private String describeProblems() {
        return String.join("\n", problems.stream().map(Messages::sentence).toList());
    }

    private void show(RunProgress p) {
        shownSecond = p.elapsed().getSeconds();
        progress.set(p.fraction());
        position.set(PlanPosition.of(items, p));
        current.set(p.current());
        elapsed.set(Units.formatDuration(p.elapsed()));
        eta.set(Units.formatDuration(p.eta()));
    }
}
