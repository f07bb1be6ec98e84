package io.drivelab.report;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.drivelab.engine.CheckpointEvent;
import io.drivelab.engine.CheckpointSummary;
import io.drivelab.findings.Finding;
import io.drivelab.findings.Findings;
import io.drivelab.reference.RatedEndurance;
import io.drivelab.store.Drive;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointResult;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.PointKinds;
import io.drivelab.workload.Presets;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Units;
import io.drivelab.workload.WorkloadKind;
import io.drivelab.store.Run;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;

/** Reports out of the results database: one run, or several runs compared, each against reference drives. */
public final class Reports {
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss",
            Locale.ROOT);
    private static final List<String> RESULT_COLUMNS = List.of("Workload", "Pattern", "Size", "QD/Jobs", "IOPS",
            "MB/s", "Mean latency", "p99 latency", "Status");
    private static final List<Boolean> RESULT_NUMERIC = List.of(false, false, false, false, true, true, true, true,
            false);
    private static final List<String> PEAK_COLUMNS = List.of("Workload", "Run or drive", "Peak", "Unit", "At",
            "Mean latency");
    private static final List<Boolean> PEAK_NUMERIC = List.of(false, false, true, false, false, true);

    private Reports() {
    }

    /**
     * One run: its header, a panel per workload with the reference drives' figures of the same workload, and
     * every measured point.
     *
     * @throws IllegalArgumentException when there is no such run
     */
    public static Report run(Store store, long runId, ReferenceCurves references) {
        return run(store, runId, references, null);
    }

    /**
     * {@link #run(Store, long, ReferenceCurves)}, with the share of the drive's rated endurance the run wrote
     * against {@code rated} (null: the reference library's rating of the drive, if it has one).
     */
    public static Report run(Store store, long runId, ReferenceCurves references, RatedEndurance rated) {
        Run run = store.getRun(runId).orElseThrow(() -> new IllegalArgumentException("there is no run " + runId));
        List<StoredPoint> stored = store.listPoints(runId);
        PointKinds kinds = PointKinds.ofPlanJson(run.planJson());
        List<WorkloadResults> workloads = WorkloadResults.of(run, ordinary(kinds, stored));
        List<Report.Panel> panels = new ArrayList<>();
        List<String> suiteHeader = new ArrayList<>();
        for (Suite s : suites(kinds, stored, "")) {
            panels.add(s.panel(references));
            suiteHeader.addAll(s.header());
        }
        for (WorkloadResults w : workloads) {
            panels.add(new Report.Panel(w.name(), w.unit(), w.scalingCurves(""), references.scaling(w.type()),
                    w.latencyCurves(""), references.latency(w.type())));
        }
        for (LoadCurves curves : LoadCurves.of(kinds, stored)) {
            panels.add(curves.panel(""));
            suiteHeader.add(curves.summary());
        }
        suiteHeader.addAll(SustainedFigures.header(run, stored));
        List<List<String>> rows = new ArrayList<>();
        for (WorkloadResults w : WorkloadResults.of(run, stored.stream().map(StoredPoint::point).toList())) {
            for (PointFigures p : w.points()) {
                rows.add(resultRow(p));
            }
        }
        List<String> header = new ArrayList<>();
        header.add(target(store, run));
        header.add("Host: " + orDash(run.host()) + ", engine " + orDash(run.engineVersion()));
        header.add("Plan: " + orDash(run.planName()));
        header.add("Started: " + time(run.startedAt()) + ", ended: " + time(run.endedAt()) + ", "
                + run.status().dbValue() + ", " + measuredCount(stored) + " points measured");
        if (run.error() != null) {
            header.add(run.errorLabel() + ": " + run.error());
        }
        header.addAll(suiteHeader);
        DriveTelemetry telemetry = DriveTelemetry.of(store, runId, rated);
        header.addAll(telemetry.lines());
        panels.addAll(telemetry.throttledPanels());
        if (!references.drives().isEmpty()) {
            header.add("Reference drives (dashed): " + String.join(", ", references.drives()));
        }
        // Without reference drives there is nothing to find; "none was measured" would mislead.
        List<String> findings = references.drives().isEmpty() ? List.of()
                : findings(stored, references).stream().map(Finding::sentence).toList();
        return new Report("DriveLab run " + run.id() + ": " + run.name(), header, findings, panels,
                new Report.Table(RESULT_COLUMNS, RESULT_NUMERIC, rows));
    }

    /**
     * The findings of a run: a sentence per measured point and reference drive measured at the same workload, or
     * saying that none was (what the report shows at its top, and the CLI lists).
     *
     * @throws IllegalArgumentException when there is no such run
     */
    public static List<Finding> findings(Store store, long runId, ReferenceCurves references) {
        store.getRun(runId).orElseThrow(() -> new IllegalArgumentException("there is no run " + runId));
        return findings(store.listPoints(runId), references);
    }

    /** Points run at a rate are not the drive's peak: the reference drives' peaks are no measure for them. */
    private static List<Finding> findings(List<StoredPoint> stored, ReferenceCurves references) {
        return Findings.of(stored.stream().map(StoredPoint::point).filter(p -> LoadCurves.rate(p).isEmpty())
                .toList(), references::match);
    }

    /** CrystalDiskMark's grid of each run of the crystaldiskmark preset among {@code runIds}, in their order. */
    public static List<CrystalSummary> crystalSummaries(Store store, List<Long> runIds) {
        List<CrystalSummary> grids = new ArrayList<>();
        for (long id : runIds) {
            Run run = store.getRun(id).orElseThrow(() -> new IllegalArgumentException("there is no run " + id));
            if (Presets.CRYSTALDISKMARK.equals(run.planName())) {
                TestPlan plan = PlanFiles.fromJson(run.planJson(), "run " + id);
                CrystalSummary.of(run, plan, store.listPoints(id).stream().map(StoredPoint::point).toList())
                        .ifPresent(grids::add);
            }
        }
        return grids;
    }

    /**
     * Several runs side by side: a panel per workload type (access pattern and transfer size) any of them
     * measured, every run's curves and the reference drives' in it, and a table of peaks.
     */
    public static Report comparison(Store store, List<Long> runIds, ReferenceCurves references) {
        Map<WorkloadResults.Key, List<Source>> byWorkload = new LinkedHashMap<>();
        Map<String, Suite> suites = new LinkedHashMap<>();
        List<String> header = new ArrayList<>();
        List<Run> runs = runIds.stream().map(id -> store.getRun(id)
                .orElseThrow(() -> new IllegalArgumentException("there is no run " + id))).toList();
        Map<Long, String> labels = RunLabels.of(runs);
        List<String> findings = new ArrayList<>();
        List<Report.Panel> loadPanels = new ArrayList<>();
        for (Run run : runs) {
            long id = run.id();
            String label = labels.get(id);
            header.add("Run " + id + ": " + run.name() + " (" + run.status().dbValue() + ", "
                    + time(run.startedAt()) + ", " + orDash(run.host()) + ")");
            List<StoredPoint> stored = store.listPoints(id);
            PointKinds kinds = PointKinds.ofPlanJson(run.planJson());
            for (Suite suite : suites(kinds, stored, label)) {
                suites.merge(suite.name(), suite, Suite::plus);
            }
            for (Finding f : references.drives().isEmpty() ? List.<Finding>of() : findings(stored, references)) {
                findings.add((runs.size() > 1 ? label + ": " : "") + f.sentence());
            }
            for (WorkloadResults w : WorkloadResults.of(run, ordinary(kinds, stored))) {
                byWorkload.computeIfAbsent(w.key(), k -> new ArrayList<>()).add(new Source(label, w));
            }
            LoadCurves.of(kinds, stored).forEach(c -> loadPanels.add(c.panel(label)));
        }
        if (!references.drives().isEmpty()) {
            header.add("Reference drives (dashed): " + String.join(", ", references.drives()));
        }
        List<Report.Panel> panels = new ArrayList<>();
        for (Suite suite : suites.values()) {
            panels.add(suite.panel(references));
            if (suite.kind() == Report.Kind.CHECKPOINT) {
                header.add(suite.name() + ": " + SuiteCharts.SCALED_NOTE);
            }
        }
        List<List<String>> rows = new ArrayList<>();
        byWorkload.forEach((key, sources) -> {
            String name = key.name();
            WorkloadType type = key.type();
            List<Curve> scaling = new ArrayList<>();
            List<Curve> latency = new ArrayList<>();
            for (Source s : sources) {
                scaling.addAll(s.results().scalingCurves(s.name()));
                latency.addAll(s.results().latencyCurves(s.name()));
                s.results().peak().ifPresent(p -> {
                    String[] peak = Numbers.throughput(p.throughput(type.unit()), type.unit());
                    rows.add(List.of(name, s.name(), peak[0], peak[1], p.peakAt(),
                            orDash(Numbers.latency(p.latMeanUs()))));
                });
            }
            List<Curve> refScaling = references.scaling(type);
            for (Map.Entry<String, Peak> peak : peaks(refScaling).entrySet()) {
                Peak p = peak.getValue();
                String[] figure = Numbers.throughput(p.xy().y(), type.unit());
                rows.add(List.of(name, peak.getKey(), figure[0], figure[1],
                        "QD" + Math.round(p.xy().x()) + ", " + p.series(), "-"));
            }
            panels.add(new Report.Panel(name, type.unit(), scaling, refScaling, latency, references.latency(type)));
        });
        panels.addAll(loadPanels);
        String title = runIds.stream().map(id -> "run " + id).reduce((a, b) -> a + ", " + b).orElse("no runs");
        return new Report("DriveLab comparison: " + title, header, findings, panels,
                new Report.Table(PEAK_COLUMNS, PEAK_NUMERIC, rows));
    }

    private record Source(String name, WorkloadResults results) {
    }

    /**
     * A checkpoint workload's or a GDSIO sweep's curves (of one run, or of several merged): its own charts rather
     * than throughput by IODepth.
     *
     * @param lines the GDSIO lines ("read", bs) for the reference drives' figures
     */
    private record Suite(String name, Report.Kind kind, List<Curve> left, List<Curve> leftExtra,
                         List<Curve> right, List<String[]> lines, List<String> header) {
        Suite plus(Suite other) {
            List<String[]> allLines = new ArrayList<>(lines);
            for (String[] l : other.lines) {
                if (allLines.stream().noneMatch(m -> java.util.Arrays.equals(m, l))) {
                    allLines.add(l);
                }
            }
            return new Suite(name, kind, concat(left, other.left), concat(leftExtra, other.leftExtra),
                    concat(right, other.right), allLines, concat(header, other.header));
        }

        Report.Panel panel(ReferenceCurves references) {
            if (kind == Report.Kind.CHECKPOINT) {
                return new Report.Panel(name, kind, Throughput.MB_S, left, leftExtra, right,
                        references.checkpointGbPerS());
            }
            List<Curve> throughputRefs = new ArrayList<>();
            List<Curve> latencyRefs = new ArrayList<>();
            for (String[] line : lines) {
                long bs = Long.parseLong(line[1]);
                throughputRefs.addAll(references.gdsioThroughput(line[0], bs));
                latencyRefs.addAll(references.gdsioLatency(line[0], bs));
            }
            return new Report.Panel(name, kind, Throughput.MB_S, left, throughputRefs, right, latencyRefs);
        }

        private static <T> List<T> concat(List<T> a, List<T> b) {
            List<T> all = new ArrayList<>(a);
            all.addAll(b);
            return all;
        }
    }

    /** The points drawn by IODepth: those of the plan's matrix workloads. */
    private static List<PointResult> ordinary(PointKinds kinds, List<StoredPoint> stored) {
        return stored.stream().map(StoredPoint::point)
                .filter(p -> kinds.kindOf(p.meta().pointKey()) == WorkloadKind.MATRIX).toList();
    }

    /** A run's checkpoint workloads and GDSIO sweep, with {@code source} naming the run in legends ("" alone). */
    private static List<Suite> suites(PointKinds kinds, List<StoredPoint> stored, String source) {
        List<Suite> suites = new ArrayList<>();
        for (StoredPoint sp : stored) {
            PointResult p = sp.point();
            if (kinds.kindOf(p.meta().pointKey()) != WorkloadKind.CHECKPOINT || p.meta().kind() != PointKind.MEASURE) {
                continue;
            }
            CheckpointSummary summary = CheckpointSummary.fromResultJson(p.resultJson()).orElse(null);
            if (summary == null || summary.checkpoints().isEmpty()) {
                continue;
            }
            List<CheckpointEvent> all = summary.checkpoints();
            String label = source.isEmpty() ? "this run" : source;
            List<String> header = new ArrayList<>();
            header.add((source.isEmpty() ? "" : source + ": ") + p.meta().workload() + ": " + all.size()
                    + " checkpoints of " + Units.formatSize(summary.size()) + " (" + summary.ranks() + " ranks, "
                    + (summary.direct() ? "direct" : "buffered") + "), " + SuiteCharts.SCALED_NOTE);
            StringBuilder passes = new StringBuilder("Pass averages (seconds per checkpoint):");
            for (CheckpointSummary.PassAverage a : summary.passAverages()) {
                passes.append(String.format(Locale.ROOT, " pass %d %.3f s (%.3f GB/s);", a.pass(), a.meanSeconds(),
                        a.gbPerS()));
            }
            passes.append(String.format(Locale.ROOT, " all %.3f s (%.3f GB/s)", summary.meanSeconds(),
                    summary.gbPerS()));
            header.add(passes.toString());
            suites.add(new Suite(p.meta().workload(), Report.Kind.CHECKPOINT,
                    SuiteCharts.checkpointTimes(source, all), SuiteCharts.passAverageLines(source, all),
                    List.of(SuiteCharts.gbPerSByPass(label, all)), List.of(), header));
        }
        List<GdsioGrid.Series> series = GdsioGrid.sweep(stored, kinds);
        if (!series.isEmpty()) {
            List<String[]> lines = series.stream().map(s -> new String[]{s.rw(), Long.toString(s.bs())})
                    .toList();
            suites.add(new Suite("GDSIO sweep (CPU mode)", Report.Kind.GDSIO,
                    SuiteCharts.gdsioThroughput(source, series), List.of(),
                    SuiteCharts.gdsioLatency(source, series), lines, List.of()));
        }
        return suites;
    }

    private record Peak(String series, Curve.XY xy) {
    }

    /** Each source's highest point over its curves (IODepth against throughput). */
    private static Map<String, Peak> peaks(List<Curve> curves) {
        Map<String, Peak> peaks = new LinkedHashMap<>();
        for (Curve c : curves) {
            for (Curve.XY xy : c.points()) {
                peaks.merge(c.source(), new Peak(c.series(), xy), (a, b) -> b.xy().y() > a.xy().y() ? b : a);
            }
        }
        return peaks;
    }

    private static List<String> resultRow(PointFigures p) {
        List<String> row = new ArrayList<>();
        row.add(p.meta().workload());
        row.add(p.meta().rwmixread() == null ? p.meta().rw() : p.meta().rw() + " " + p.meta().rwmixread() + "% read");
        row.add(p.transfer());
        row.add(p.configuration());
        row.add(p.measured() ? Numbers.figure(p.iops()) : null);
        row.add(p.measured() ? Numbers.figure(p.megabytesPerSecond()) : null);
        row.add(Numbers.latency(p.latMeanUs()));
        row.add(Numbers.latency(p.p99Us()));
        row.add(p.status().dbValue());
        return row;
    }

    private static String target(Store store, Run run) {
        Optional<Drive> drive = run.driveId() == null ? Optional.empty() : store.getDrive(run.driveId());
        if (drive.isPresent()) {
            Drive d = drive.get();
            return "Drive: " + d.model() + ", serial " + d.serial()
                    + (d.firmware() == null ? "" : ", firmware " + d.firmware())
                    + (d.capacityBytes() == null ? "" : ", " + Numbers.capacity(d.capacityBytes()))
                    + " (" + run.target() + ")";
        }
        return "Target: " + run.target() + ("file".equals(run.targetKind()) ? " (a test file)" : "");
    }

    private static long measuredCount(List<StoredPoint> points) {
        return points.stream().filter(p -> p.point().meta().kind() == io.drivelab.store.PointKind.MEASURE).count();
    }

    private static String time(Instant instant) {
        return instant == null ? "-" : SECONDS.format(instant.atZone(ZoneId.systemDefault()));
    }

    private static String orDash(String s) {
        return s == null || s.isBlank() ? "-" : s;
    }
}
