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

import io.drivelab.store.Drive;
import io.drivelab.store.Run;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;

/** Reports out of the results database: one run, or several runs compared, each against reference drives. */
public final class Reports {
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss",
            Locale.ROOT);
    private static final List<String> RESULT_COLUMNS = List.of("Workload", "Pattern", "Size", "QD/Jobs", "IOPS",
            "MB/s", "Mean µs", "p99 µs", "Status");
    private static final List<Boolean> RESULT_NUMERIC = List.of(false, false, false, false, true, true, true, true,
            false);
    private static final List<String> PEAK_COLUMNS = List.of("Workload", "Run or drive", "Peak", "Unit", "At",
            "Mean µs");
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
        Run run = store.getRun(runId).orElseThrow(() -> new IllegalArgumentException("there is no run " + runId));
        List<StoredPoint> stored = store.listPoints(runId);
        List<WorkloadResults> workloads = WorkloadResults.of(stored.stream().map(StoredPoint::point).toList());
        List<Report.Panel> panels = new ArrayList<>();
        for (WorkloadResults w : workloads) {
            panels.add(new Report.Panel(w.name(), w.unit(), w.scalingCurves(""), references.scaling(w.type()),
                    w.latencyCurves(""), references.latency(w.type())));
        }
        List<List<String>> rows = new ArrayList<>();
        for (WorkloadResults w : workloads) {
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
            header.add("Error: " + run.error());
        }
        if (!references.drives().isEmpty()) {
            header.add("Reference drives (dashed): " + String.join(", ", references.drives()));
        }
        return new Report("DriveLab run " + run.id() + ": " + run.name(), header, panels,
                new Report.Table(RESULT_COLUMNS, RESULT_NUMERIC, rows));
    }

    /**
     * Several runs side by side: a panel per workload type (access pattern and transfer size) any of them
     * measured, every run's curves and the reference drives' in it, and a table of peaks.
     */
    public static Report comparison(Store store, List<Long> runIds, ReferenceCurves references) {
        Map<WorkloadType, String> names = new LinkedHashMap<>();
        Map<WorkloadType, List<Source>> byType = new LinkedHashMap<>();
        List<String> header = new ArrayList<>();
        for (long id : runIds) {
            Run run = store.getRun(id).orElseThrow(() -> new IllegalArgumentException("there is no run " + id));
            header.add("Run " + id + ": " + run.name() + " (" + run.status().dbValue() + ", "
                    + time(run.startedAt()) + ", " + orDash(run.host()) + ")");
            List<StoredPoint> stored = store.listPoints(id);
            for (WorkloadResults w : WorkloadResults.of(stored.stream().map(StoredPoint::point).toList())) {
                names.putIfAbsent(w.type(), w.name());
                byType.computeIfAbsent(w.type(), k -> new ArrayList<>()).add(new Source("run " + id, w));
            }
        }
        if (!references.drives().isEmpty()) {
            header.add("Reference drives (dashed): " + String.join(", ", references.drives()));
        }
        List<Report.Panel> panels = new ArrayList<>();
        List<List<String>> rows = new ArrayList<>();
        byType.forEach((type, sources) -> {
            String name = names.get(type);
            List<Curve> scaling = new ArrayList<>();
            List<Curve> latency = new ArrayList<>();
            for (Source s : sources) {
                scaling.addAll(s.results().scalingCurves(s.name()));
                latency.addAll(s.results().latencyCurves(s.name()));
                s.results().peak().ifPresent(p -> rows.add(List.of(name, s.name(),
                        Numbers.figure(p.throughput(type.unit())), type.unit().label(), p.configuration(),
                        Numbers.micros(p.latMeanUs()))));
            }
            List<Curve> refScaling = references.scaling(type);
            for (Map.Entry<String, Peak> peak : peaks(refScaling).entrySet()) {
                Peak p = peak.getValue();
                rows.add(List.of(name, peak.getKey(), Numbers.figure(p.xy().y()), type.unit().label(),
                        "QD" + Math.round(p.xy().x()) + ", " + p.series(), "-"));
            }
            panels.add(new Report.Panel(name, type.unit(), scaling, refScaling, latency, references.latency(type)));
        });
        String runs = runIds.stream().map(id -> "run " + id).reduce((a, b) -> a + ", " + b).orElse("no runs");
        return new Report("DriveLab comparison: " + runs, header, panels,
                new Report.Table(PEAK_COLUMNS, PEAK_NUMERIC, rows));
    }

    private record Source(String name, WorkloadResults results) {
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
        row.add(Numbers.micros(p.latMeanUs()));
        row.add(Numbers.micros(p.p99Us()));
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
