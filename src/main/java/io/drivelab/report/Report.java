package io.drivelab.report;

import java.util.List;
import java.util.Objects;

/**
 * What a report shows, as plain data (no charts yet, so it can be made on any thread and drawn on another): a
 * header, the charts of every workload and a table of results.
 *
 * @param title  one line: "DriveLab run 3: quick on /tmp/drivelab.img"
 * @param header "Drive: ...", "Host: ...", "Plan: ...", "Started: ..." lines
 * @param findings sentences comparing the measured points with the reference drives at the same workloads
 * @param panels   one per workload
 */
public record Report(String title, List<String> header, List<String> findings, List<Panel> panels, Table table) {

    public Report {
        Objects.requireNonNull(title, "title");
        header = List.copyOf(header);
        findings = List.copyOf(findings);
        panels = List.copyOf(panels);
        Objects.requireNonNull(table, "table");
    }

    /** A report without findings. */
    public Report(String title, List<String> header, List<Panel> panels, Table table) {
        this(title, header, List.of(), panels, table);
    }

    /** What a panel's two charts are. */
    public enum Kind {
        /** Throughput against IODepth; mean latency against throughput. */
        SCALING,
        /**
         * Seconds per checkpoint against checkpoint number (scaling: a line per pass; scalingReferences: the pass
         * averages, dashed); GB/s per pass (latency: the run's; latencyReferences: the reviewed drives' DLIO
         * figures as GB/s).
         */
        CHECKPOINT,
        /** GiB/s against threads (scaling); mean µs against threads (latency); a line per direction and size. */
        GDSIO,
        /**
         * Latency under load: p50/p99/p99.9 latency from the scheduled time against achieved IOPS (scaling);
         * achieved against offered IOPS (latency), the fully held rate dashed (latencyReferences).
         */
        LOAD_CURVE,
        /**
         * One point over time (docs/telemetry.md): its throughput (scaling) with the drive's temperature (latency)
         * on a second axis, the warning threshold and the throttling mark ({@link Panel#thermal()}); one chart.
         */
        THERMAL
    }

    /** A THERMAL panel's warning threshold (null: none) and throttling mark (null: it did not throttle). */
    public record Thermal(Double warningCelsius, io.drivelab.telemetry.Throttling.Mark throttling) {
    }

    /**
     * One workload's two charts: throughput against IODepth, and mean latency against throughput; measured curves
     * and reference drives' curves apart, as the charts draw them apart. A checkpoint or GDSIO panel has other
     * axes ({@link Kind}).
     */
    public record Panel(String workload, Kind kind, Throughput unit, List<Curve> scaling,
                        List<Curve> scalingReferences, List<Curve> latency, List<Curve> latencyReferences,
                        Thermal thermal) {
        public Panel(String workload, Kind kind, Throughput unit, List<Curve> scaling, List<Curve> scalingReferences,
                     List<Curve> latency, List<Curve> latencyReferences) {
            this(workload, kind, unit, scaling, scalingReferences, latency, latencyReferences, null);
        }

        public Panel {
            Objects.requireNonNull(kind, "kind");
            scaling = List.copyOf(scaling);
            scalingReferences = List.copyOf(scalingReferences);
            latency = List.copyOf(latency);
            latencyReferences = List.copyOf(latencyReferences);
        }

        public Panel(String workload, Throughput unit, List<Curve> scaling, List<Curve> scalingReferences,
                     List<Curve> latency, List<Curve> latencyReferences) {
            this(workload, Kind.SCALING, unit, scaling, scalingReferences, latency, latencyReferences);
        }

        public String scalingTitle() {
            return switch (kind) {
                case SCALING -> workload + ": " + unit.figure() + " by IODepth";
                case CHECKPOINT -> workload + ": seconds per checkpoint over the run";
                case GDSIO -> workload + ": GiB/s by threads";
                case LOAD_CURVE -> workload + ": latency under load";
                case THERMAL -> workload + ": " + unit.figure() + " and the drive's temperature over time";
            };
        }

        public String latencyTitle() {
            return switch (kind) {
                case SCALING -> workload + ": latency against " + unit.figure();
                case CHECKPOINT -> workload + ": GB/s per pass against the reviewed drives";
                case GDSIO -> workload + ": mean latency by threads";
                case LOAD_CURVE -> workload + ": achieved against offered IOPS";
                case THERMAL -> workload + ": the drive's temperature";
            };
        }

        /**
         * The two charts' names in file names: "scaling", "latency"; "times", "gbps"; "throughput", "latency";
         * "latency-under-load", "achieved".
         */
        public List<String> chartNames() {
            return switch (kind) {
                case SCALING -> List.of("scaling", "latency");
                case CHECKPOINT -> List.of("times", "gbps");
                case GDSIO -> List.of("throughput", "latency");
                case LOAD_CURVE -> List.of("latency-under-load", "achieved");
                case THERMAL -> List.of("temperature");
            };
        }
    }

    /**
     * Rows of text under column names.
     *
     * @param numeric which columns hold figures (drawn right-aligned)
     */
    public record Table(List<String> columns, List<Boolean> numeric, List<List<String>> rows) {
        public Table {
            columns = List.copyOf(columns);
            numeric = List.copyOf(numeric);
            rows = rows.stream().map(r -> r.stream().map(c -> c == null ? "-" : c).toList()).toList();
            if (numeric.size() != columns.size()) {
                throw new IllegalArgumentException("numeric has " + numeric.size() + " flags for "
                        + columns.size() + " columns");
            }
        }
    }
}
