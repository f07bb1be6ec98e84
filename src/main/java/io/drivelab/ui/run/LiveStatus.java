package io.drivelab.ui.run;

import io.drivelab.run.RunProgress;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointStatus;
import io.drivelab.ui.common.Messages;
import io.drivelab.workload.Units;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the run view shows while a run goes and after: progress, ETA, the status line, what went wrong, the points
 * measured. The run's events change it, on the UI thread, through {@link #apply}; the view-model hands out read-only
 * views of these properties.
 */
final class LiveStatus {
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
    private long resumedRunId = -1;

    LiveStatus(LiveCharts live) {
        this.live = live;
    }

    /** A run (or a resume) starts: what the last one showed goes. */
    void starting() {
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

    void apply(LiveFeed.Event event) {
        if (event instanceof LiveFeed.Sample e) {
            live.sample(e);
        } else if (event instanceof LiveTemperature.Reading e) {
            live.temperature(e);
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
        } else if (event instanceof RunViewModel.Earlier e) {
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
}
