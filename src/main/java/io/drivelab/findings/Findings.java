package io.drivelab.findings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;

import io.drivelab.reference.Metric;
import io.drivelab.reference.ReferenceFigure;
import io.drivelab.reference.ReferenceMatch;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.workload.Rw;

/**
 * Findings in words: for every measured point, a sentence per reference drive measured at the very same workload
 * (access pattern, transfer size, IODepth and NumJobs), like "4K random read QD32 × 8 jobs: 1.61 M IOPS, 17 % below
 * the Kingston DC3000ME 7.68TB's 1.95 M (Kingston DC3000ME review, 4K random read section); mean latency 2.3×
 * lower." A point no reference drive was measured at gets a sentence saying so, never a comparison with another
 * depth; a workload's points in a row without one share a sentence.
 */
public final class Findings {
    /** Up to 16K the reviews count operations; above, bandwidth (as the charts do). */
    private static final long IOPS_UP_TO_BYTES = 16 * 1024;

    private Findings() {
    }

    /**
     * The findings of a run's points, in their order.
     *
     * @param references the published figures of a point's workload, of the drives the user chose
     */
    public static List<Finding> of(List<PointResult> points, Function<PointMeta, ReferenceMatch> references) {
        List<Finding> findings = new ArrayList<>();
        List<Unmatched> unmatched = new ArrayList<>();
        for (PointResult p : points) {
            // Checkpoints have no counterpart in the reviews' block I/O figures.
            boolean blockIo = Rw.find(p.meta().rw()).isPresent();
            if (p.meta().kind() != PointKind.MEASURE || !blockIo || throughput(p, preferred(p.meta())) <= 0) {
                continue;
            }
            ReferenceMatch match = references.apply(p.meta());
            if (match.same().isEmpty()) {
                if (!unmatched.isEmpty() && !unmatched.get(0).workload().equals(WorkloadNames.describe(p.meta()))) {
                    findings.add(unmatched(unmatched));
                    unmatched.clear();
                }
                unmatched.add(new Unmatched(WorkloadNames.describe(p.meta()), p, match));
                continue;
            }
            if (!unmatched.isEmpty()) {
                findings.add(unmatched(unmatched));
                unmatched.clear();
            }
            findings.addAll(compared(p, match));
        }
        if (!unmatched.isEmpty()) {
            findings.add(unmatched(unmatched));
        }
        return findings;
    }

    /** A point of a workload no chosen reference drive was measured at, at its depth. */
    private record Unmatched(String workload, PointResult point, ReferenceMatch match) {
    }

    private static List<Finding> compared(PointResult point, ReferenceMatch match) {
        PointMeta meta = point.meta();
        String workload = WorkloadNames.describe(meta) + " " + WorkloadNames.depthAndJobs(meta.iodepth(),
                meta.numjobs());
        // a point stopped or held up measured less than the point: its sentences say so first
        String said = workload + partial(point);
        // One comparison per drive and review: its throughput figure, and its latency where it has one.
        Map<String, List<ReferenceFigure>> bySource = new LinkedHashMap<>();
        for (ReferenceFigure f : match.same()) {
            bySource.computeIfAbsent(f.drive().label() + "|" + f.source().shortTitle(),
                    k -> new ArrayList<>()).add(f);
        }
        List<Finding> findings = new ArrayList<>();
        for (List<ReferenceFigure> figures : bySource.values()) {
            String sentence = sentence(point, said, figures);
            if (sentence != null) {
                findings.add(new Finding(workload, figures.get(0).drive().label(), sentence));
            }
        }
        return findings;
    }

    /**
     * One sentence for a workload's points in a row that no reference drive was measured at: "4K random read QD4 ×
     * 1 job: 62,345 IOPS; no reference drive ..." for one, "4K random read: 62,345 IOPS at QD4 × 1 job, 98,765 IOPS
     * at QD8 × 1 job; no reference drive was measured at these depths (...)" for several (a sweep of 16 depths
     * said in 16 sentences buried the comparisons).
     */
    private static Finding unmatched(List<Unmatched> points) {
        Metric metric = preferred(points.get(0).point().meta());
        String unit = metric == Metric.IOPS ? " IOPS" : " MB/s";
        List<String> nearest = points.stream().flatMap(u -> u.match().nearest().stream())
                .filter(ReferenceFigure::configurationKnown)
                .map(f -> WorkloadNames.depthAndJobs(f.iodepth(), f.numjobs())).distinct().limit(3).toList();
        String nearestSaid = nearest.isEmpty() ? "." : " (the nearest measured: " + String.join(", ", nearest) + ").";
        if (points.size() == 1) {
            PointResult point = points.get(0).point();
            String depth = WorkloadNames.depthAndJobs(point.meta().iodepth(), point.meta().numjobs());
            String workload = points.get(0).workload() + " " + depth;
            return new Finding(workload, null, workload + partial(point) + ": "
                    + Figures.compact(throughput(point, metric)) + unit + "; no reference drive was measured at "
                    + depth + nearestSaid);
        }
        List<String> figures = points.stream().map(Unmatched::point).map(p -> Figures.compact(throughput(p, metric))
                + unit + " at " + WorkloadNames.depthAndJobs(p.meta().iodepth(), p.meta().numjobs()) + partial(p))
                .toList();
        return new Finding(points.get(0).workload(), null, points.get(0).workload() + ": " + String.join(", ", figures)
                + "; no reference drive was measured at these depths" + nearestSaid);
    }

    /** A latency in the review's unit; one in µs grows into ms from 10,000 µs, each figure on its own. */
    private static String latencyText(double value, io.drivelab.reference.Unit unit) {
        return unit == io.drivelab.reference.Unit.US ? Figures.micros(value)
                : Figures.compact(value) + " " + unit.symbol();
    }

    private static String partial(PointResult point) {
        return point.status() == PointStatus.PARTIAL ? " (partial)" : "";
    }

    /** "WORKLOAD: 1.61 M IOPS, 17 % below the DRIVE's 1.95 M (REVIEW, SECTION section); mean latency 2.3× lower." */
    private static String sentence(PointResult point, String workload, List<ReferenceFigure> figures) {
        ReferenceFigure throughput = figure(figures, preferred(point.meta()));
        if (throughput == null) {
            throughput = figure(figures, preferred(point.meta()) == Metric.IOPS ? Metric.BANDWIDTH : Metric.IOPS);
        }
        ReferenceFigure latency = figure(figures, Metric.MEAN_LATENCY);
        ReferenceFigure any = throughput != null ? throughput : latency;
        if (any == null) {
            return null;
        }
        StringBuilder s = new StringBuilder(workload).append(": ");
        String where = " (" + any.source().shortTitle() + ", " + any.section() + " section)";
        if (throughput != null) {
            OptionalDouble mine = throughput.comparableValue(point);
            if (mine.isEmpty()) {
                return null;
            }
            double percent = (mine.getAsDouble() - throughput.value()) / throughput.value() * 100;
            String unit = throughput.unit().symbol();
            s.append(Figures.compact(mine.getAsDouble())).append(' ').append(unit).append(", ")
                    .append(Math.abs(percent) < 0.5 ? "level with"
                            : Math.round(Math.abs(percent)) + " % " + (percent < 0 ? "below" : "above"))
                    .append(" the ").append(any.drive().label()).append("'s ")
                    .append(qualified(throughput)).append(Figures.compact(throughput.value()))
                    .append(throughput.unit() == io.drivelab.reference.Unit.IOPS ? "" : " " + unit).append(where);
        }
        OptionalDouble myLatency = latency == null ? OptionalDouble.empty() : latency.comparableValue(point);
        if (throughput == null) {
            // Only a latency to compare: "mean latency 45.2 µs, 1.9× higher than the DRIVE's 23.8 µs (...)".
            if (myLatency.isEmpty() || latency.value() <= 0) {
                return null;
            }
            double ratio = myLatency.getAsDouble() / latency.value();
            return s.append("mean latency ").append(latencyText(myLatency.getAsDouble(), latency.unit()))
                    .append(", ").append(Math.abs(ratio - 1) < 0.05 ? "level with" : ratio < 1
                            ? Figures.times(1 / ratio) + " lower than" : Figures.times(ratio) + " higher than")
                    .append(" the ").append(any.drive().label()).append("'s ").append(qualified(latency))
                    .append(latencyText(latency.value(), latency.unit())).append(where).append('.').toString();
        }
        if (myLatency.isPresent() && latency.value() > 0) {
            double ratio = myLatency.getAsDouble() / latency.value();
            s.append("; mean latency ").append(Math.abs(ratio - 1) < 0.05 ? "level"
                    : ratio < 1 ? Figures.times(1 / ratio) + " lower" : Figures.times(ratio) + " higher");
        }
        return s.append('.').toString();
    }

    private static ReferenceFigure figure(List<ReferenceFigure> figures, Metric metric) {
        return figures.stream().filter(f -> f.metric() == metric).findFirst().orElse(null);
    }

    /** "at least ", "about " where the review's figure is not exact. */
    private static String qualified(ReferenceFigure f) {
        if (f.qualifier() == null) {
            return "";
        }
        return switch (f.qualifier()) {
            case APPROXIMATE -> "about ";
            case AT_LEAST -> "at least ";
            case AT_MOST -> "at most ";
            default -> "";
        };
    }

    /** IOPS for small transfers, bandwidth for large ones and mixes, as the reviews publish them. */
    private static Metric preferred(PointMeta meta) {
        return meta.bs() != null && meta.bs() <= IOPS_UP_TO_BYTES ? Metric.IOPS : Metric.BANDWIDTH;
    }

    /** The point's IOPS or MB/s, reads and writes together. */
    private static double throughput(PointResult p, Metric metric) {
        double total = 0;
        for (DirectionResult d : new DirectionResult[]{p.read(), p.write()}) {
            if (d != null) {
                total += metric == Metric.IOPS ? d.iops() : d.bwBytes() / 1e6;
            }
        }
        return total;
    }
}
