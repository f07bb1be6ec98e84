package io.drivelab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.drivelab.store.PointKind;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Run;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Step;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.WorkloadStep;

/**
 * CrystalDiskMark's familiar grid for a run of the crystaldiskmark preset: a row per test (SEQ1M Q8T1 … RND4K Q1T1),
 * a tile for its read and one for its write, each with MB/s, IOPS and mean latency; a tile not measured yet is
 * empty.
 */
public record CrystalSummary(String run, List<Row> rows) {

    /**
     * One direction of one test; the figures are null until it is measured. {@code partial}: its point was
     * stopped or held up, so its figures are of less than the test (a resume measures it again).
     */
    public record Tile(Double megabytesPerSecond, Double iops, Double latMeanUs, boolean partial) {
        static final Tile EMPTY = new Tile(null, null, null, false);

        /** "1,234.5 MB/s", or "-". */
        public String headline() {
            return megabytesPerSecond == null ? "-" : Numbers.figure(megabytesPerSecond) + " MB/s";
        }

        /** "12,345 IOPS · 95.3 µs", "partial · 12,345 IOPS · 95.3 µs", or "". */
        public String detail() {
            return iops == null ? "" : (partial ? "partial · " : "") + Numbers.figure(iops) + " IOPS · "
                    + Numbers.latency(latMeanUs);
        }
    }

    /** A test: "RND4K Q32T16", with its read and write tiles. */
    public record Row(String test, Tile read, Tile write) {
    }

    /** The grid of a crystaldiskmark run (its plan's tests in order), or empty for a run of another plan. */
    public static Optional<CrystalSummary> of(Run run, TestPlan plan, List<PointResult> points) {
        if (!Presets.CRYSTALDISKMARK.equals(run.planName()) || plan == null) {
            return Optional.empty();
        }
        Map<String, Tile> measured = new LinkedHashMap<>();
        for (PointResult p : points) {
            PointFigures f = PointFigures.of(p);
            if (p.meta().kind() == PointKind.MEASURE && f.measured()) {
                // a resume's measure of a test replaces its partial one: the later point wins
                measured.put(p.meta().workload(), new Tile(f.megabytesPerSecond(), f.iops(), f.latMeanUs(),
                        p.status() == PointStatus.PARTIAL));
            }
        }
        Map<String, Row> rows = new LinkedHashMap<>();
        for (Step step : plan.steps()) {
            if (step instanceof WorkloadStep w) {
                String name = w.workload().name();
                String test = name.replaceFirst(" (read|write)$", "");
                Row row = rows.getOrDefault(test, new Row(test, Tile.EMPTY, Tile.EMPTY));
                Tile tile = measured.getOrDefault(name, Tile.EMPTY);
                rows.put(test, name.endsWith(" write") ? new Row(test, row.read(), tile)
                        : new Row(test, tile, row.write()));
            }
        }
        return Optional.of(new CrystalSummary(run.name(), new ArrayList<>(rows.values())));
    }
}
