package io.drivelab.ui.history;

import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.drivelab.export.RunSummary;
import io.drivelab.report.Numbers;
import io.drivelab.report.PointFigures;
import io.drivelab.report.Throughput;
import io.drivelab.report.WorkloadResults;
import io.drivelab.store.PointResult;
import io.drivelab.store.Run;
import io.drivelab.store.Store;
import io.drivelab.workload.Units;

/**
 * What History shows of a run beyond its record: measured points done of those planned, its best IOPS (small
 * transfers) and best MB/s (large ones) each with the workload that reached it, and how long it ran.
 *
 * @param duration from start to end, or null while it runs (or when its end was never recorded)
 */
public record RunFigures(Points points, Peak iops, Peak bandwidth, Elapsed duration) {

    /** Sorts by points done, then by points planned. */
    public static final Comparator<Points> BY_POINTS = Comparator.nullsFirst(
            Comparator.comparingInt(Points::done).thenComparing(Points::planned,
                    Comparator.nullsFirst(Comparator.naturalOrder())));
    /** Sorts by the figure, not by its text ("9,000" before "10,000"). */
    public static final Comparator<Peak> BY_PEAK = Comparator.nullsFirst(Comparator.comparingDouble(Peak::value));
    public static final Comparator<Elapsed> BY_DURATION = Comparator.nullsFirst(
            Comparator.comparing(Elapsed::time));

    /** "12/16": measured points done of those the plan measures ({@code planned} null when it cannot be read). */
    public record Points(int done, Integer planned) {
        @Override
        public String toString() {
            return planned == null ? Integer.toString(done) : done + "/" + planned;
        }
    }

    /** A run's best throughput in one unit, and where: "1,610,000 IOPS · 4K random read QD32/8". */
    public record Peak(double value, Throughput unit, String workload) {
        @Override
        public String toString() {
            String[] figure = Numbers.throughput(value, unit);
            return figure[0] + " " + figure[1] + " · " + workload;
        }
    }

    /** How long a run took: "1 min 36 s". */
    public record Elapsed(Duration time) {
        @Override
        public String toString() {
            return Units.formatDuration(time);
        }
    }

    /**
     * The figures of each of {@code runs} by run id, from two reads of the whole database (the points counted as
     * `drivelab runs` counts them, the peaks from the points' figures without their raw results): a database call,
     * off the UI thread. A run deleted in between is left out.
     */
    public static Map<Long, RunFigures> ofEveryRun(Store store, List<Run> runs) {
        Map<Long, RunSummary> summaries = RunSummary.ofEveryRun(store).stream()
                .collect(Collectors.toMap(RunSummary::id, s -> s));
        Map<Long, List<PointResult>> points = store.pointFiguresOfEveryRun();
        Map<Long, RunFigures> figures = new HashMap<>();
        for (Run run : runs) {
            RunSummary summary = summaries.get(run.id());
            if (summary != null) {
                figures.put(run.id(), of(run, summary, points.getOrDefault(run.id(), List.of())));
            }
        }
        return figures;
    }

    private static RunFigures of(Run run, RunSummary summary, List<PointResult> points) {
        List<WorkloadResults> workloads = WorkloadResults.of(run, points);
        Elapsed duration = run.endedAt() == null ? null
                : new Elapsed(Duration.between(run.startedAt(), run.endedAt()));
        return new RunFigures(new Points(summary.pointsDone(), summary.pointsTotal()),
                peak(workloads, Throughput.IOPS), peak(workloads, Throughput.MB_S), duration);
    }

    private static Peak peak(List<WorkloadResults> workloads, Throughput unit) {
        Peak best = null;
        for (WorkloadResults w : workloads) {
            if (w.unit() != unit) {
                continue;
            }
            PointFigures p = w.peak().orElse(null);
            if (p != null && (best == null || p.throughput(unit) > best.value())) {
                best = new Peak(p.throughput(unit), unit, w.name() + " " + p.peakAt());
            }
        }
        return best;
    }
}
