package io.drivelab.report;

import java.util.List;
import java.util.Objects;

/**
 * One line of a chart: a run's points at one NumJobs, or a reference drive's published figures at one NumJobs.
 *
 * @param source whose figures they are: "" for the one run of a run's own report, "run 3", or a reference drive
 *               with its review, "Kingston DC3000ME 7.68TB (Kingston DC3000ME review)"
 * @param series which line of that source: "2 jobs"
 * @param points in drawing order
 */
public record Curve(String source, String series, List<XY> points) {

    /**
     * A point of the line; {@code partial}: its point was stopped or held up (drawn hollow, said in its tip);
     * {@code note}: where a published figure comes from in its review ("4K random read section"), said in its tip,
     * or null.
     */
    public record XY(double x, double y, boolean partial, String note) {
        public XY(double x, double y) {
            this(x, y, false, null);
        }

        public XY(double x, double y, boolean partial) {
            this(x, y, partial, null);
        }
    }

    public Curve {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(series, "series");
        points = List.copyOf(points);
    }

    /** The legend's text: "2 jobs", "run 3, 2 jobs". */
    public String label() {
        return source.isEmpty() ? series : source + ", " + series;
    }
}
