package io.drivelab.export;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import io.drivelab.run.CombinedResults;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.workload.Units;

/**
 * A run's points as export rows, one per point, under {@link #columns()}: exact decimals (MB/s are 10^6 bytes per
 * second, latencies microseconds), null where a direction did no I/O.
 */
public final class PointRows {
    public static final List<String> DIRECTION_COLUMNS = List.of("iops", "mb_s", "lat_mean_us", "p50_us", "p99_us",
            "p99_9_us");

    private PointRows() {
    }

    public static List<String> columns() {
        List<String> columns = new ArrayList<>(List.of("run_id", "point_key", "kind", "workload", "rw", "rwmixread",
                "bs", "bssplit", "iodepth", "numjobs", "status", "runtime_ms", "iops", "mb_s"));
        for (String direction : List.of("read_", "write_")) {
            DIRECTION_COLUMNS.forEach(c -> columns.add(direction + c));
        }
        columns.add("error");
        return columns;
    }

    /** {@link #columns()} with "targets" after run_id: how many of the group's targets have the point. */
    public static List<String> combinedColumns() {
        List<String> columns = new ArrayList<>(columns());
        columns.add(1, "targets");
        return columns;
    }

    /** A point summed over a group's runs, under {@link #combinedColumns()}. */
    public static Map<String, Object> combinedRow(long runId, CombinedResults.Point p) {
        Map<String, Object> plain = row(runId, new PointResult(p.meta(), p.status(), null, p.read(), p.write(), null,
                List.of(), null, Instant.EPOCH, Instant.EPOCH));
        Map<String, Object> row = new LinkedHashMap<>();
        plain.forEach((column, value) -> {
            row.put(column, value);
            if (column.equals("run_id")) {
                row.put("targets", p.targets());
            }
        });
        return row;
    }

    /** One point under {@link #columns()}, in that order. */
    public static Map<String, Object> row(long runId, PointResult p) {
        PointMeta meta = p.meta();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("run_id", runId);
        row.put("point_key", meta.pointKey());
        row.put("kind", meta.kind().dbValue());
        row.put("workload", meta.workload());
        row.put("rw", meta.rw());
        row.put("rwmixread", meta.rwmixread());
        row.put("bs", meta.bs() == null ? null : Units.formatSize(meta.bs()));
        row.put("bssplit", meta.bsMix());
        row.put("iodepth", meta.iodepth());
        row.put("numjobs", meta.numjobs());
        row.put("status", p.status().dbValue());
        row.put("runtime_ms", p.runtimeMs());
        boolean measured = p.read() != null || p.write() != null;
        row.put("iops", measured ? iops(sum(p.read(), DirectionResult::iops) + sum(p.write(), DirectionResult::iops))
                : null);
        row.put("mb_s", measured ? megabytes(sum(p.read(), d -> (double) d.bwBytes())
                + sum(p.write(), d -> (double) d.bwBytes())) : null);
        direction(row, "read_", p.read());
        direction(row, "write_", p.write());
        row.put("error", p.error());
        return row;
    }

    /** Whether a direction did any I/O (the write side of a randread did not). */
    public static boolean didIo(DirectionResult d) {
        return d.latMeanNs() != null || d.iops() > 0 || d.bwBytes() > 0;
    }

    /** A value rounded to {@code scale} decimals without trailing zeros: 409.602048 → 409.602. */
    public static BigDecimal exact(double value, int scale) {
        BigDecimal rounded = BigDecimal.valueOf(value).setScale(scale, RoundingMode.HALF_UP).stripTrailingZeros();
        // stripTrailingZeros turns 500 into 5E+2; keep it a plain integer.
        return rounded.scale() < 0 ? rounded.setScale(0) : rounded;
    }

    private static void direction(Map<String, Object> row, String prefix, DirectionResult d) {
        boolean did = d != null && didIo(d);
        row.put(prefix + "iops", did ? iops(d.iops()) : null);
        row.put(prefix + "mb_s", did ? megabytes(d.bwBytes()) : null);
        row.put(prefix + "lat_mean_us", did ? microsOfNanos(d.latMeanNs()) : null);
        row.put(prefix + "p50_us", did ? microsOfNanos(d.p50Ns()) : null);
        row.put(prefix + "p99_us", did ? microsOfNanos(d.p99Ns()) : null);
        row.put(prefix + "p99_9_us", did ? microsOfNanos(d.p999Ns()) : null);
    }

    private static double sum(DirectionResult d, ToDoubleFunction<DirectionResult> figure) {
        return d == null ? 0 : figure.applyAsDouble(d);
    }

    private static BigDecimal iops(double iops) {
        return exact(iops, 3);
    }

    private static BigDecimal megabytes(double bytesPerSecond) {
        return exact(bytesPerSecond / 1e6, 3);
    }

    private static BigDecimal microsOfNanos(Number nanoseconds) {
        return nanoseconds == null ? null : exact(nanoseconds.doubleValue() / 1000, 3);
    }
}
