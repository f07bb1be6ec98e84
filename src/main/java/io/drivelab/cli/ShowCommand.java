package io.drivelab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.drivelab.store.Direction;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.Drive;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointResult;
import io.drivelab.store.Run;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.Rw;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
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
    StoreOption store;

    @Parameters(paramLabel = "RUN", description = "The run's id (see `drivelab runs`).")
    long runId;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (Store s = store.open()) {
            Run run = StoreOption.run(s, runId);
            List<StoredPoint> points = s.listPoints(runId);
            header(out, s, run);
            out.println();
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
        out.println("Started:  " + Format.seconds(run.startedAt()));
        out.println("Ended:    " + (run.endedAt() == null ? "-" : Format.seconds(run.endedAt())));
        out.println("Status:   " + run.status().dbValue() + ", " + RunsCommand.progress(store, run)
                + " measured points complete");
        if (run.error() != null) {
            out.println("Error:    " + run.error());
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
                Format.transfer(p.meta()), p.meta().iodepth(), p.meta().numjobs()));
        cells.add(direction == null ? null : direction.jsonName());
        cells.add(figures == null ? null : Format.iops(figures.iops()));
        cells.add(figures == null ? null : Format.megabytesPerSecond(figures.bwBytes()));
        cells.add(figures == null ? null : Format.micros(figures.latMeanNs()));
        cells.add(figures == null ? null : Format.micros(figures.p99Ns()));
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
        if (p.read() != null && didIo(p.read())) {
            did.add(Direction.READ);
        }
        if (p.write() != null && didIo(p.write())) {
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
    static boolean didIo(DirectionResult d) {
        return d.latMeanNs() != null || d.iops() > 0 || d.bwBytes() > 0;
    }
}
