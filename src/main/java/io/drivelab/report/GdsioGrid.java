package io.drivelab.report;

import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointResult;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.PointKinds;
import io.drivelab.workload.WorkloadKind;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The chart data of a GDSIO sweep (the points of workloads whose plan says GDSIO_SWEEP) as the reviews chart it:
 * one series per direction and block size, threads across, in GiB/s (2^30 bytes per second, gdsio's unit), IOPS
 * and mean latency in µs.
 */
public final class GdsioGrid {
    public static final double GIB = 1L << 30;

    private GdsioGrid() {
    }

    /** One measured cell: a direction ("read"/"write"), a block size and a thread count. */
    public record Cell(String rw, long bs, int threads, double gibPerS, double iops, Double meanUs) {
    }

    /** The cells of one direction and block size, by thread count: one line of the reviews' charts. */
    public record Series(String rw, long bs, List<Cell> cells) {
        public Series {
            cells = List.copyOf(cells);
        }
    }

    /** The series of a run's GDSIO sweep workloads, as its plan's {@code kinds} say; none when it has none. */
    public static List<Series> sweep(List<StoredPoint> points, PointKinds kinds) {
        return series(points.stream()
                .filter(p -> kinds.kindOf(p.point().meta().pointKey()) == WorkloadKind.GDSIO_SWEEP).toList());
    }

    /** The measured points at IODepth 1 of sequential read or write, as series in the order measured. */
    public static List<Series> series(List<StoredPoint> points) {
        Map<String, List<Cell>> byLine = new LinkedHashMap<>();
        for (StoredPoint stored : points) {
            PointResult p = stored.point();
            String rw = p.meta().rw();
            if (p.meta().iodepth() != 1 || p.meta().bs() == null || !(rw.equals("read") || rw.equals("write"))) {
                continue;
            }
            DirectionResult d = rw.equals("read") ? p.read() : p.write();
            if (d == null) {
                continue;
            }
            Cell cell = new Cell(rw, p.meta().bs(), p.meta().numjobs(), d.bwBytes() / GIB, d.iops(),
                    d.latMeanNs() == null ? null : d.latMeanNs() / 1000);
            byLine.computeIfAbsent(rw + " " + p.meta().bs(), k -> new ArrayList<>()).add(cell);
        }
        List<Series> series = new ArrayList<>();
        for (List<Cell> cells : byLine.values()) {
            cells.sort(Comparator.comparingInt(Cell::threads));
            series.add(new Series(cells.get(0).rw(), cells.get(0).bs(), cells));
        }
        return series;
    }

    /** The thread counts present in any series, ascending. */
    public static List<Integer> threads(List<Series> series) {
        return series.stream().flatMap(s -> s.cells().stream()).map(Cell::threads).filter(Objects::nonNull)
                .distinct().sorted().toList();
    }
}
