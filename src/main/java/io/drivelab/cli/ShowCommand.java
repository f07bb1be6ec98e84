package io.drivelab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.drivelab.engine.CheckpointEvent;
import io.drivelab.engine.CheckpointSummary;
import io.drivelab.run.CombinedResults;
import io.drivelab.report.DriveTelemetry;
import io.drivelab.report.GdsioGrid;
import io.drivelab.findings.Finding;
import io.drivelab.reference.RatedEndurance;
import io.drivelab.reference.ReferenceStore;
import io.drivelab.report.LibraryCurves;
import io.drivelab.report.PointFigures;
import io.drivelab.report.Reports;
import io.drivelab.export.RunSummary;
import io.drivelab.export.PointRows;
import io.drivelab.workload.PointKinds;
import io.drivelab.store.Direction;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.Drive;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointResult;
import io.drivelab.store.Run;
import io.drivelab.store.RunGroup;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.Rw;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code drivelab show RUN}: a run's header and its points' figures. */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = {"Show a run: what, where and when it ran, then one line per point and direction: IOPS, "
                + "MB/s (10^6 bytes/s), mean and 99th percentile latency in microseconds, and the point's status.",
                "",
                "A point that both read and wrote (randrw, rw) has a read line and a write line. Preconditions are "
                        + "listed in plan order with the kind \"precondition\"."})
public final class ShowCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    RunArgument stored;


    @Mixin
    RatedEnduranceOption endurance;

    @Option(names = "--combined", description = "For a run of several targets at once (drivelab run --target A "
            + "--target B): the group's runs summed point by point (IOPS and MB/s add up; mean latency weighted by "
            + "IOPS; P99 the slowest target's).")
    boolean combined;

    @Option(names = "--findings", description = "Instead of the points, list the findings: each measured point "
            + "against every reference drive measured at the same workload (access pattern, size, IODepth and "
            + "NumJobs), in sentences, as the top of `drivelab report --compare all` writes them.")
    boolean findings;

    @Option(names = "--against", paramLabel = "RUN2", description = "Put the run's points beside those of RUN2 "
            + "with the same key (the same point of the same plan): IOPS and mean latency of both, the ratio RUN / "
            + "RUN2 per point and its median, and which engine measured each run (e.g. one run measured by DriveLab's "
            + "engine and one by fio on the same target).")
    Long against;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        RatedEndurance rated = endurance.rated();
        try (Store s = stored.open()) {
            Run run = stored.in(s);
            List<StoredPoint> points = s.listPoints(stored.id());
            header(out, s, run);
            if (against != null) {
                if (combined || findings) {
                    throw CommandException.badInput("--against puts two runs side by side; give it without "
                            + (combined ? "--combined" : "--findings"));
                }
                ShowAgainst.print(out, s, run, StoreOption.run(s, against));
                return 0;
            }
            java.util.Optional<RunGroup> group = s.findRunGroup(stored.id());
            group.ifPresent(g -> out.println("Group:    " + groupLine(s, g)));
            if (combined) {
                RunGroup g = group.orElseThrow(() -> CommandException.badInput("run " + stored.id() + " ran on one "
                        + "target; --combined sums the runs of several targets run at once"));
                out.println();
                printCombined(out, s, g);
                out.flush();
                return 0;
            }
            out.println();
            if (findings) {
                List<Finding> list = Reports.findings(s, run.id(), LibraryCurves.of(ReferenceStore.load(s)));
                out.println(list.isEmpty() ? "No measured points to compare yet." : "Findings:");
                list.forEach(f -> out.println("- " + f.sentence()));
                out.flush();
                return 0;
            }
            if (points.isEmpty()) {
                out.println("No points measured yet.");
                out.flush();
                return 0;
            }
            boolean preconditions = points.stream().anyMatch(p -> p.point().meta().kind() == PointKind.PRECONDITION);
            pointTable(points, preconditions).print(out);
            for (StoredPoint p : points) {
                if (p.point().error() != null) {
                    out.println("Point " + p.point().meta().pointKey() + ": " + p.point().error());
                }
            }
            for (StoredPoint p : points) {
                CheckpointSummary.fromResultJson(p.point().resultJson())
                        .ifPresent(c -> checkpoints(out, p.point(), c));
            }
            ReferenceStore.sync(s);  // the endurance share rates the drive from the library: the shipped one if newer
            DriveTelemetry drive = DriveTelemetry.of(s, run.id(), rated);
            List<String> telemetry = drive.lines();
            if (!telemetry.isEmpty()) {
                out.println();
                telemetry.forEach(out::println);
                String share = drive.endurance().sentence();
                if (drive.endurance().rated().isEmpty() && telemetry.stream().anyMatch(l -> l.contains(share))) {
                    out.println(RatedEnduranceOption.HINT);
                }
            }
            List<GdsioGrid.Series> sweep = GdsioGrid.sweep(points, PointKinds.ofPlanJson(run.planJson()));
            if (!sweep.isEmpty()) {
                gdsio(out, sweep);
            }
            out.flush();
            return 0;
        }
    }

    private static void header(PrintWriter out, Store store, Run run) {
        out.println("Run " + run.id() + ": " + run.name());
        out.println("Plan:     " + (run.planName() == null ? "-" : run.planName()));
        out.println("Target:   " + run.target() + " (" + run.targetKind() + ")");
        if (run.driveId() != null) {
            store.getDrive(run.driveId()).ifPresent(d -> out.println("Drive:    " + drive(d)));
        }
        out.println("Host:     " + (run.host() == null ? "-" : run.host())
                + (run.engineVersion() == null ? "" : ", engine " + run.engineVersion()));
        if (run.cpusAllowed() != null) {
            out.println("CPUs:     " + run.cpusAllowed() + " (--cpus-allowed)");
        }
        out.println("Started:  " + Format.seconds(run.startedAt()));
        out.println("Ended:    " + (run.endedAt() == null ? "-" : Format.seconds(run.endedAt())));
        out.println("Status:   " + run.status().dbValue() + ", " + RunSummary.progress(store, run)
                + " measured points complete");
        if (run.error() != null) {
            out.println(String.format(java.util.Locale.ROOT, "%-10s", run.errorLabel() + ":") + run.error());
        }
    }

    /** "3 \"dlio-checkpoint on /a + /b\": runs 3 (/a), 4 (/b)". */
    static String groupLine(Store store, RunGroup g) {
        List<String> runs = new ArrayList<>();
        for (long id : g.runIds()) {
            runs.add(id + " (" + store.getRun(id).map(Run::target).orElse("deleted") + ")");
        }
        return g.id() + " \"" + g.name() + "\": runs " + String.join(", ", runs) + ", run at the same time";
    }

    /** The group's runs summed point by point, with how many targets each point has. */
    static void printCombined(PrintWriter out, Store store, RunGroup g) {
        List<List<StoredPoint>> runs = new ArrayList<>();
        for (long id : g.runIds()) {
            runs.add(store.listPoints(id));
        }
        out.println("Combined: " + g.runIds().size() + " targets run at the same time, summed point by point "
                + "(IOPS and MB/s add up; mean latency weighted by IOPS; P99 the slowest target's; a checkpoint "
                + "takes as long as the slowest target's)");
        Table table = new Table("WORKLOAD", "RW", "BS", "QD", "JOBS", "TARGETS", "DIR", "IOPS", "MB/S", "MEAN µs",
                "P99 µs", "STATUS").alignRight(3, 4, 5, 7, 8, 9, 10);
        for (CombinedResults.Point p : CombinedResults.combine(runs, PointKinds.ofPlanJson(
                store.getRun(g.runIds().get(0)).map(Run::planJson).orElse(null)))) {
            for (Direction direction : directions(new PointResult(p.meta(), p.status(), null, p.read(), p.write(),
                    null, List.of(), null, java.time.Instant.EPOCH, java.time.Instant.EPOCH))) {
                DirectionResult d = direction == Direction.READ ? p.read() : p.write();
                table.row(p.meta().workload(), Format.rw(p.meta()), PointFigures.transfer(p.meta()),
                        p.meta().iodepth(), p.meta().numjobs(), p.targets(), direction.jsonName(),
                        Format.iops(d.iops()), Format.megabytesPerSecond(d.bwBytes()),
                        Format.microsOfNanos(d.latMeanNs()), Format.microsOfNanos(d.p99Ns()), p.status().dbValue());
            }
        }
        table.print(out);
    }

    /** A checkpoint point: every checkpoint's time, then the per-pass averages the reviews tabulate. */
    private static void checkpoints(PrintWriter out, PointResult p, CheckpointSummary c) {
        out.println();
        out.printf(java.util.Locale.ROOT, "Checkpoints of %s: %d of %s (%.3f GB) by %d ranks in %s writes, %s; "
                        + "%d fsyncs%n", p.meta().pointKey(), c.checkpoints().size(),
                io.drivelab.workload.Units.formatSize(c.size()), c.size() / 1e9, c.ranks(),
                io.drivelab.workload.Units.formatSize(c.bs()), c.direct() ? "direct" : "buffered", c.fsyncs());
        Table each = new Table("PASS", "#", "SECONDS", "WRITE S", "FSYNC S", "GB/S", "DELETED").alignRight(0, 1, 2, 3, 4,
                5);
        for (CheckpointEvent e : c.checkpoints()) {
            each.row(e.pass(), e.index(), seconds(e.seconds()), seconds(e.writeSeconds()), seconds(e.fsyncSeconds()),
                    String.format(java.util.Locale.ROOT, "%.3f", e.gbPerS()),
                    e.deleted().isEmpty() ? null : String.join(" ", e.deleted()));
        }
        each.print(out);
        out.println("Per pass (the reviews' table):");
        Table passes = new Table("PASS", "CHECKPOINTS", "MEAN SECONDS", "GB/S").alignRight(0, 1, 2, 3);
        for (CheckpointSummary.PassAverage a : c.passAverages()) {
            passes.row(a.pass(), a.checkpoints(), seconds(a.meanSeconds()),
                    String.format(java.util.Locale.ROOT, "%.3f", a.gbPerS()));
        }
        passes.row("all", c.checkpoints().size(), seconds(c.meanSeconds()),
                String.format(java.util.Locale.ROOT, "%.3f", c.gbPerS()));
        passes.print(out);
    }

    /** Seconds as the reviews give them (465.04); a small checkpoint's in milliseconds too (0.042). */
    private static String seconds(double s) {
        return String.format(java.util.Locale.ROOT, s < 10 ? "%.3f" : "%.2f", s);
    }

    /** The GDSIO sweep as the reviews chart it: GiB/s, IOPS and mean µs by thread count, a row per series. */
    private static void gdsio(PrintWriter out, List<GdsioGrid.Series> series) {
        if (series.isEmpty()) {
            return;
        }
        List<Integer> threads = GdsioGrid.threads(series);
        for (String figure : List.of("GiB/s", "IOPS", "mean µs")) {
            out.println();
            out.println("GDSIO " + figure + " by threads (IODepth 1 per thread, CPU transfer mode):");
            List<String> headers = new ArrayList<>(List.of("RW", "BS"));
            threads.forEach(t -> headers.add(String.valueOf(t)));
            int[] right = new int[threads.size()];
            for (int i = 0; i < right.length; i++) {
                right[i] = i + 2;
            }
            Table table = new Table(headers.toArray(String[]::new)).alignRight(right);
            for (GdsioGrid.Series line : series) {
                List<Object> cells = new ArrayList<>(List.of(line.rw(),
                        io.drivelab.workload.Units.formatSize(line.bs()).toUpperCase(java.util.Locale.ROOT)));
                for (int t : threads) {
                    GdsioGrid.Cell c = line.cells().stream().filter(x -> x.threads() == t).findFirst().orElse(null);
                    cells.add(c == null ? null : switch (figure) {
                        case "GiB/s" -> String.format(java.util.Locale.ROOT, "%.2f", c.gibPerS());
                        case "IOPS" -> Format.iops(c.iops());
                        default -> c.meanUs() == null ? null : String.format(java.util.Locale.ROOT, "%.1f",
                                c.meanUs());
                    });
                }
                table.row(cells.toArray());
            }
            table.print(out);
        }
    }

    private static String drive(Drive d) {
        return d.model() + ", serial " + d.serial()
                + (d.firmware() == null ? "" : ", firmware " + d.firmware())
                + (d.capacityBytes() == null ? "" : ", " + Format.capacity(d.capacityBytes()));
    }

    private static Table pointTable(List<StoredPoint> points, boolean withKind) {
        List<String> headers = new ArrayList<>(List.of("WORKLOAD", "RW", "BS", "QD", "JOBS", "DIR", "IOPS", "MB/S",
                "MEAN µs", "P99 µs", "STATUS"));
        if (withKind) {
            headers.add(0, "KIND");
        }
        int shift = withKind ? 1 : 0;
        Table table = new Table(headers.toArray(String[]::new))
                .alignRight(3 + shift, 4 + shift, 6 + shift, 7 + shift, 8 + shift, 9 + shift);
        for (StoredPoint stored : points) {
            PointResult p = stored.point();
            List<Direction> directions = directions(p);
            if (directions.isEmpty()) {
                // Failed before measuring: no figures, but the point is listed.
                addRow(table, withKind, p, null, null);
            }
            for (Direction direction : directions) {
                addRow(table, withKind, p, direction, direction == Direction.READ ? p.read() : p.write());
            }
        }
        return table;
    }

    private static void addRow(Table table, boolean withKind, PointResult p, Direction direction,
                               DirectionResult figures) {
        List<Object> cells = new ArrayList<>(List.of(p.meta().workload(), Format.rw(p.meta()),
                PointFigures.transfer(p.meta()), p.meta().iodepth(), p.meta().numjobs()));
        cells.add(direction == null ? null : direction.jsonName());
        cells.add(figures == null ? null : Format.iops(figures.iops()));
        cells.add(figures == null ? null : Format.megabytesPerSecond(figures.bwBytes()));
        cells.add(figures == null ? null : Format.microsOfNanos(figures.latMeanNs()));
        cells.add(figures == null ? null : Format.microsOfNanos(figures.p99Ns()));
        cells.add(p.status().dbValue());
        if (withKind) {
            cells.add(0, p.meta().kind().dbValue());
        }
        table.row(cells.toArray());
    }

    /**
     * The directions that did I/O; when none did, those the access pattern asks for (a stalled point shows its
     * zeros); none when the engine measured nothing at all.
     */
    static List<Direction> directions(PointResult p) {
        if (p.read() == null && p.write() == null) {
            return List.of();
        }
        List<Direction> did = new ArrayList<>();
        if (p.read() != null && PointRows.didIo(p.read())) {
            did.add(Direction.READ);
        }
        if (p.write() != null && PointRows.didIo(p.write())) {
            did.add(Direction.WRITE);
        }
        if (!did.isEmpty()) {
            return did;
        }
        Rw rw = Rw.find(p.meta().rw()).orElse(null);
        if (rw == null || rw.reads()) {
            did.add(Direction.READ);
        }
        if (rw == null || rw.writes()) {
            did.add(Direction.WRITE);
        }
        return did;
    }

    /** Latencies are recorded only for a direction that completed I/O. */
}
