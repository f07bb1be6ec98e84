package io.drivelab.report;

import java.util.List;
import java.util.Objects;

/**
 * What a report shows, as plain data (no charts yet, so it can be made on any thread and drawn on another): a
 * header, the charts of every workload and a table of results.
 *
 * @param title  one line: "DriveLab run 3: quick on /tmp/drivelab.img"
 * @param header "Drive: ...", "Host: ...", "Plan: ...", "Started: ..." lines
 * @param panels one per workload
 */
public record Report(String title, List<String> header, List<Panel> panels, Table table) {

    public Report {
        Objects.requireNonNull(title, "title");
        header = List.copyOf(header);
        panels = List.copyOf(panels);
        Objects.requireNonNull(table, "table");
    }

    /**
     * One workload's two charts: throughput against IODepth, and mean latency against throughput; measured curves
     * and reference drives' curves apart, as the charts draw them apart.
     */
    public record Panel(String workload, Throughput unit, List<Curve> scaling, List<Curve> scalingReferences,
                        List<Curve> latency, List<Curve> latencyReferences) {
        public Panel {
            scaling = List.copyOf(scaling);
            scalingReferences = List.copyOf(scalingReferences);
            latency = List.copyOf(latency);
            latencyReferences = List.copyOf(latencyReferences);
        }

        public String scalingTitle() {
            return workload + ": " + unit.label() + " by IODepth";
        }

        public String latencyTitle() {
            return workload + ": latency against " + unit.label();
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
