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
 * lower." A point no reference drive was measured at gets one sentence saying so, never a comparison with another
 * depth.
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
        for (PointResult p : points) {
            // Checkpoints have no counterpart in the reviews' block I/O figures.
            boolean blockIo = Rw.find(p.meta().rw()).isPresent();
            if (p.meta().kind() == PointKind.MEASURE && blockIo && throughput(p, preferred(p.meta())) > 0) {
                findings.addAll(of(p, references.apply(p.meta())));
            }
        }
        return findings;
    }

    private static List<Finding> of(PointResult point, ReferenceMatch match) {
        PointMeta meta = point.meta();
        String depth = WorkloadNames.depthAndJobs(meta.iodepth(), meta.numjobs());
        String workload = WorkloadNames.describe(meta) + " " + depth;
        // a point stopped or held up measured less than the point: its sentences say so first
        String said = workload + (point.status() == PointStatus.PARTIAL ? " (partial)" : "");
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
        if (match.same().isEmpty()) {
            Metric metric = preferred(meta);
            String unit = metric == Metric.IOPS ? " IOPS" : " MB/s";
            List<String> nearest = match.nearest().stream().filter(ReferenceFigure::configurationKnown)
                    .map(f -> WorkloadNames.depthAndJobs(f.iodepth(), f.numjobs())).distinct().limit(3).toList();
            findings.add(new Finding(workload, null, said + ": " + Figures.compact(throughput(point, metric))
                    + unit + "; no reference drive was measured at " + depth
                    + (nearest.isEmpty() ? "." : " (the nearest measured: " + String.join(", ", nearest) + ").")));
        }
        return findings;
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
            String unit = latency.unit() == io.drivelab.reference.Unit.US ? " µs" : " " + latency.unit().symbol();
            double ratio = myLatency.getAsDouble() / latency.value();
            return s.append("mean latency ").append(Figures.compact(myLatency.getAsDouble())).append(unit)
                    .append(", ").append(Math.abs(ratio - 1) < 0.05 ? "level with" : ratio < 1
                            ? Figures.times(1 / ratio) + " lower than" : Figures.times(ratio) + " higher than")
                    .append(" the ").append(any.drive().label()).append("'s ").append(qualified(latency))
                    .append(Figures.compact(latency.value())).append(unit).append(where).append('.').toString();
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
