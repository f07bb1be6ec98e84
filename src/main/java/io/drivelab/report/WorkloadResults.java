package io.drivelab.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

import io.drivelab.findings.WorkloadNames;
import io.drivelab.reference.FioImport;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Run;

/**
 * The measured points of one workload of a run, and the curves drawn from them: throughput against IODepth with
 * one line per NumJobs, and mean latency against throughput (the "hockey stick"), one line per NumJobs.
 *
 * @param meta the first point's description: access pattern and transfer size are the workload's
 */
public record WorkloadResults(String name, PointMeta meta, List<PointFigures> points) {

    public WorkloadResults {
        points = List.copyOf(points);
    }

    /**
     * What a workload is, in a run's report, in a comparison of runs and in the live view alike: what it ran and
     * the plan's name for it (CrystalDiskMark's "RND4K Q32T16 read" and "RND4K Q1T1 read" both run 4K random reads
     * and stay two workloads).
     */
    public record Key(WorkloadType type, Integer rwmixread, String name) {
        // Written out, as LibraryCurves' key: a record's own go through method handles, interpreted at first use
        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && Objects.equals(key.type, type)
                    && Objects.equals(key.rwmixread, rwmixread) && Objects.equals(key.name, name);
        }

        @Override
        public int hashCode() {
            return Objects.hash(type, rwmixread, name);
        }
    }

    /**
     * The measured points (not preconditions) grouped by the plan's workloads, in the order the run measured them.
     */
    public static List<WorkloadResults> of(List<PointResult> results) {
        return of(results, p -> p.meta().workload());
    }

    /**
     * {@link #of(List)} for a stored run. An imported fio run names every job on its own
     * ("randread-4k-qd32-j8"), so its points are grouped by what they ran instead, with IODepth x NumJobs as the
     * matrix, as a native run's are.
     */
    public static List<WorkloadResults> of(Run run, List<PointResult> results) {
        boolean imported = FioImport.TARGET_KIND.equals(run.targetKind());
        return imported ? of(results, p -> WorkloadNames.describe(p.meta())) : of(results);
    }

    private static List<WorkloadResults> of(List<PointResult> results, Function<PointResult, String> workloadName) {
        Map<Key, List<PointResult>> byWorkload = new LinkedHashMap<>();
        for (PointResult p : results) {
            if (p.meta().kind() == PointKind.MEASURE) {
                Key key = new Key(WorkloadType.of(p.meta()), p.meta().rwmixread(), workloadName.apply(p));
                byWorkload.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
            }
        }
        List<WorkloadResults> workloads = new ArrayList<>();
        byWorkload.forEach((key, points) -> workloads.add(new WorkloadResults(key.name(), points.get(0).meta(),
                points.stream().map(PointFigures::of).toList())));
        return workloads;
    }

    /** Which workloads of other runs this one is drawn with. */
    public Key key() {
        return new Key(type(), meta.rwmixread(), name);
    }

    public WorkloadType type() {
        return WorkloadType.of(meta);
    }

    public Throughput unit() {
        return type().unit();
    }

    /** Throughput against IODepth, one curve per NumJobs ("1 job", "2 jobs"), of {@code source}. */
    public List<Curve> scalingCurves(String source) {
        return curves(source, p -> new Curve.XY(p.meta().iodepth(), p.throughput(unit())));
    }

    /** Mean latency (µs) against throughput, one curve per NumJobs, in IODepth order. */
    public List<Curve> latencyCurves(String source) {
        return curves(source, p -> p.latMeanUs() == null ? null : new Curve.XY(p.throughput(unit()), p.latMeanUs()));
    }

    /** The point with the highest throughput. */
    public Optional<PointFigures> peak() {
        return points.stream().filter(PointFigures::measured)
                .max(Comparator.comparingDouble(p -> p.throughput(unit())));
    }

    /** "1 job", "4 jobs". */
    public static String jobsLabel(int numjobs) {
        return WorkloadNames.jobs(numjobs);
    }

    /** {@code xy} drawn as its point ended: hollow for a point stopped or held up. */
    private static Curve.XY marked(Curve.XY xy, PointFigures p) {
        return xy == null || p.status() != PointStatus.PARTIAL ? xy : new Curve.XY(xy.x(), xy.y(), true);
    }

    private List<Curve> curves(String source, java.util.function.Function<PointFigures, Curve.XY> xy) {
        Map<Integer, List<PointFigures>> byJobs = new TreeMap<>();
        for (PointFigures p : points) {
            if (p.measured()) {
                byJobs.computeIfAbsent(p.meta().numjobs(), k -> new ArrayList<>()).add(p);
            }
        }
        List<Curve> curves = new ArrayList<>();
        byJobs.forEach((jobs, points) -> {
            List<Curve.XY> xys = points.stream().sorted(Comparator.comparingInt(p -> p.meta().iodepth()))
                    .map(p -> marked(xy.apply(p), p)).filter(java.util.Objects::nonNull).toList();
            if (!xys.isEmpty()) {
                curves.add(new Curve(source, jobsLabel(jobs), xys));
            }
        });
        return curves;
    }
}
