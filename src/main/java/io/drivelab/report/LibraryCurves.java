package io.drivelab.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;

import io.drivelab.reference.Metric;
import io.drivelab.reference.Qualifier;
import io.drivelab.run.CheckpointFigures;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Rw;
import io.drivelab.reference.ReferenceFigure;
import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.reference.Unit;
import io.drivelab.workload.BlockSizeMix;

/**
 * The reference library's published figures as curves: for a workload's access pattern and transfer size, each
 * drive's throughput against IODepth (one curve per NumJobs and review), and its mean latency against throughput
 * where the review gives both for one configuration. Figures the review gives without IODepth and NumJobs have no
 * place on these axes and are left out; IOPS and MB/s are converted into each other through the block size.
 */
public final class LibraryCurves implements ReferenceCurves {
    private final ReferenceLibrary library;
    private final Set<String> drives;

    private LibraryCurves(ReferenceLibrary library, Set<String> drives) {
        this.library = library;
        this.drives = drives;
    }

    /** Every drive of the library that has figures a measured point can stand next to. */
    public static LibraryCurves of(ReferenceLibrary library) {
        Set<String> drives = new LinkedHashSet<>();
        for (ReferenceFigure f : library.figures()) {
            if (placeable(f) || dlioPassAverage(f) != null || gdsio(f)) {
                drives.add(f.drive().label());
            }
        }
        return new LibraryCurves(library, drives);
    }

    @Override
    public List<String> drives() {
        return List.copyOf(drives);
    }

    /** The drives whose model names their review ("Kingston DC3000ME review" is about the DC3000ME). */
    @Override
    public List<String> reviewedDrives() {
        Set<String> reviewed = new LinkedHashSet<>();
        for (ReferenceFigure f : library.figures()) {
            String title = f.source().shortTitle().toLowerCase(java.util.Locale.ROOT);
            if (drives.contains(f.drive().label())
                    && title.contains(f.drive().model().toLowerCase(java.util.Locale.ROOT))) {
                reviewed.add(f.drive().label());
            }
        }
        return List.copyOf(reviewed);
    }

    /**
     * Only the drives whose name contains one of {@code names}, ignoring case ("DC3000ME" picks the Kingston
     * drive).
     */
    @Override
    public LibraryCurves only(Collection<String> names) {
        Set<String> kept = new LinkedHashSet<>();
        for (String drive : drives) {
            for (String name : names) {
                if (drive.toLowerCase(java.util.Locale.ROOT).contains(name.strip().toLowerCase(java.util.Locale.ROOT))) {
                    kept.add(drive);
                }
            }
        }
        return new LibraryCurves(library, kept);
    }

    @Override
    public io.drivelab.reference.ReferenceMatch match(io.drivelab.store.PointMeta point) {
        io.drivelab.reference.ReferenceMatch all = library.match(point);
        return new io.drivelab.reference.ReferenceMatch(
                all.same().stream().filter(f -> drives.contains(f.drive().label())).toList(),
                all.nearest().stream().filter(f -> drives.contains(f.drive().label())).toList());
    }

    @Override
    public List<Curve> scaling(WorkloadType workload) {
        List<Curve> curves = new ArrayList<>();
        configurations(workload).forEach((key, byDepth) -> {
            List<Curve.XY> points = new ArrayList<>();
            byDepth.forEach((depth, c) -> {
                if (c.throughput != null) {
                    points.add(new Curve.XY(depth, c.throughput, false, c.throughputSection + " section"));
                }
            });
            if (!points.isEmpty()) {
                curves.add(new Curve(key.source(), WorkloadResults.jobsLabel(key.numjobs()), points));
            }
        });
        return curves;
    }

    @Override
    public List<Curve> latency(WorkloadType workload) {
        List<Curve> curves = new ArrayList<>();
        configurations(workload).forEach((key, byDepth) -> {
            List<Curve.XY> points = new ArrayList<>();
            byDepth.forEach((depth, c) -> {
                if (c.throughput != null && c.latencyUs != null) {
                    points.add(new Curve.XY(c.throughput, c.latencyUs, false, c.throughputSection.equals(
                            c.latencySection) ? c.latencySection + " section" : c.throughputSection
                            + " section; latency: " + c.latencySection + " section"));
                }
            });
            if (!points.isEmpty()) {
                curves.add(new Curve(key.source(), WorkloadResults.jobsLabel(key.numjobs()), points));
            }
        });
        return curves;
    }

    @Override
    public List<Curve> checkpointGbPerS() {
        Map<String, TreeMap<Integer, Double>> byDrive = new LinkedHashMap<>();
        for (ReferenceFigure f : library.figures()) {
            Integer pass = dlioPassAverage(f);
            if (pass != null && drives.contains(f.drive().label())) {
                byDrive.computeIfAbsent(source(f), k -> new TreeMap<>())
                        .putIfAbsent(pass, CheckpointFigures.reviewedGbPerS(f.value()));
            }
        }
        List<Curve> curves = new ArrayList<>();
        byDrive.forEach((source, passes) -> curves.add(new Curve("", source, passes.entrySet().stream()
                .map(e -> new Curve.XY(e.getKey(), e.getValue())).toList())));
        return curves;
    }

    @Override
    public List<Curve> gdsioThroughput(String rw, long bs) {
        return gdsio(rw, bs, Metric.BANDWIDTH);
    }

    @Override
    public List<Curve> gdsioLatency(String rw, long bs) {
        return gdsio(rw, bs, Metric.MEAN_LATENCY);
    }

    /** The chosen drives' gdsio figures at each of gdsio's thread counts ({@link ReferenceLibrary#matchGdsio}). */
    private List<Curve> gdsio(String rw, long bs, Metric metric) {
        Rw pattern = Rw.find(rw).orElse(null);
        if (pattern == null) {
            return List.of();
        }
        Map<String, TreeMap<Integer, Double>> byDrive = new LinkedHashMap<>();
        for (int threads : Presets.GDSIO_THREADS) {
            for (ReferenceFigure f : library.matchGdsio(pattern, bs, threads).same()) {
                if (f.metric() != metric || !drives.contains(f.drive().label()) || bound(f)) {
                    continue;
                }
                double value = metric == Metric.MEAN_LATENCY ? (f.unit() == Unit.MS ? f.value() * 1000 : f.value())
                        : f.unit() == Unit.GIB_S ? f.value() : f.value() * 1e6 / (1L << 30);
                byDrive.computeIfAbsent(source(f), k -> new TreeMap<>()).putIfAbsent(threads, value);
            }
        }
        List<Curve> curves = new ArrayList<>();
        String line = SuiteCharts.gdsioLine(rw, bs);
        byDrive.forEach((source, points) -> curves.add(new Curve(source, line, points.entrySet().stream()
                .map(e -> new Curve.XY(e.getKey(), e.getValue())).toList())));
        return curves;
    }

    /** The pass of a DLIO "pass N average" figure that is a time (not a bound); null for any other figure. */
    private static Integer dlioPassAverage(ReferenceFigure f) {
        if (f.kind() != ReferenceFigure.Kind.MEASURED || f.metric() != Metric.CHECKPOINT_TIME || bound(f)) {
            return null;
        }
        java.util.regex.Matcher m = PASS_AVERAGE.matcher(f.test());
        return m.find() ? Integer.valueOf(m.group(1)) : null;
    }

    private static boolean gdsio(ReferenceFigure f) {
        return f.isGdsio() && f.kind() == ReferenceFigure.Kind.MEASURED && f.rw() != null && f.bs() != null;
    }

    private static boolean bound(ReferenceFigure f) {
        return f.qualifier() == Qualifier.AT_MOST || f.qualifier() == Qualifier.AT_LEAST;
    }

    private static final java.util.regex.Pattern PASS_AVERAGE = java.util.regex.Pattern.compile(
            "pass (\\d+) average");

    private record Key(String source, int numjobs) {
        // Written out: a record's own equals and hashCode go through method handles, run by the interpreter at a
        // run's Start, where the live view looks up every reference figure by its key (a third of the UI thread's
        // busy samples in that pulse)
        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.numjobs == numjobs && Objects.equals(key.source, source);
        }

        @Override
        public int hashCode() {
            return 31 * Objects.hashCode(source) + numjobs;
        }
    }

    /** Throughput and latency a review gives for one drive at one configuration. */
    private static final class Figures {
        Double throughput;
        Double latencyUs;
        /** Where in the review the figures are ("4K random read"): a point's tip says it. */
        String throughputSection;
        String latencySection;
    }

    /** The chosen drives' figures of this workload, by drive and review and NumJobs, then by IODepth. */
    private Map<Key, TreeMap<Integer, Figures>> configurations(WorkloadType workload) {
        BlockSizeMix mix = workload.bsMix() == null ? null : parseMix(workload.bsMix());
        Map<Key, TreeMap<Integer, Figures>> result = new LinkedHashMap<>();
        for (ReferenceFigure f : library.figures()) {
            if (!placeable(f) || !drives.contains(f.drive().label()) || !f.rw().value().equals(workload.rw())
                    || !sameTransfer(f, workload.bs(), mix)) {
                continue;
            }
            Key key = new Key(source(f), f.numjobs());
            Figures figures = result.computeIfAbsent(key, k -> new TreeMap<>())
                    .computeIfAbsent(f.iodepth(), d -> new Figures());
            OptionalDouble throughput = throughput(f, workload.unit(), workload.bs());
            // The first figure of a configuration counts; a review repeating one (a summary) adds nothing.
            if (throughput.isPresent() && figures.throughput == null) {
                figures.throughput = throughput.getAsDouble();
                figures.throughputSection = f.section();
            }
            if (f.metric() == Metric.MEAN_LATENCY && figures.latencyUs == null) {
                figures.latencyUs = f.unit() == Unit.MS ? f.value() * 1000 : f.value();
                figures.latencySection = f.section();
            }
        }
        return result;
    }

    /**
     * The drive and where its figures come from: "Micron 9550 PRO 7.68TB (Kingston DC3000ME review)", or for the
     * drive a review is about, "Kingston DC3000ME 7.68TB (its review)", short enough for a chart's legend.
     */
    static String source(ReferenceFigure f) {
        String title = f.source().shortTitle();
        String name = f.drive().name();
        if (title.regionMatches(true, 0, name, 0, name.length())) {
            return f.drive().label() + " (its" + title.substring(name.length()) + ")";
        }
        return f.drive().label() + " (" + title + ")";
    }

    private static boolean placeable(ReferenceFigure f) {
        return f.comparableWithPoints() && f.configurationKnown()
                && (f.metric() == Metric.IOPS || f.metric() == Metric.BANDWIDTH || f.metric() == Metric.MEAN_LATENCY);
    }

    private static boolean sameTransfer(ReferenceFigure f, Long bs, BlockSizeMix mix) {
        return bs != null ? bs.equals(f.bs()) : mix != null && f.mix() != null && f.mix().matches(mix);
    }

    /** The figure in the workload's unit, or empty when it is not a throughput or cannot be converted. */
    static OptionalDouble throughput(ReferenceFigure f, Throughput unit, Long bs) {
        double megabytesPerSecond;
        if (f.metric() == Metric.BANDWIDTH) {
            megabytesPerSecond = f.unit() == Unit.GIB_S ? f.value() * (1L << 30) / 1e6 : f.value();
            if (unit == Throughput.MB_S) {
                return OptionalDouble.of(megabytesPerSecond);
            }
            return bs == null ? OptionalDouble.empty() : OptionalDouble.of(megabytesPerSecond * 1e6 / bs);
        }
        if (f.metric() == Metric.IOPS) {
            if (unit == Throughput.IOPS) {
                return OptionalDouble.of(f.value());
            }
            return bs == null ? OptionalDouble.empty() : OptionalDouble.of(f.value() * bs / 1e6);
        }
        return OptionalDouble.empty();
    }

    private static BlockSizeMix parseMix(String spec) {
        try {
            return BlockSizeMix.parse(spec);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
