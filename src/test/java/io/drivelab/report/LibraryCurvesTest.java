package io.drivelab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.drivelab.reference.ReferenceLibrary;
import org.junit.jupiter.api.Test;

/** The shipped reference library as curves on a workload's axes. */
class LibraryCurvesTest {
    private static final LibraryCurves LIBRARY = LibraryCurves.of(ReferenceLibrary.shipped());
    private static final WorkloadType RANDOM_READ_4K = new WorkloadType("randread", 4096L, null);
    private static final WorkloadType SEQUENTIAL_WRITE_128K = new WorkloadType("write", 128 * 1024L, null);

    private static Curve curve(List<Curve> curves, String label) {
        return curves.stream().filter(c -> c.label().equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError(label + " not in " + curves.stream().map(Curve::label)
                        .toList()));
    }

    /** A curve's figures, without the notes their tips carry. */
    private static List<Curve.XY> figures(Curve curve) {
        return curve.points().stream().map(p -> new Curve.XY(p.x(), p.y())).toList();
    }

    /** Before: a reference point's tip said whose figure and what, not where in the review it is. */
    @Test
    void eachPublishedFigureNotesTheSectionOfItsReviewForItsTip() {
        Curve jobs16 = curve(LIBRARY.scaling(RANDOM_READ_4K), "Kingston DC3000ME 7.68TB (its review), 16 jobs");
        assertTrue(jobs16.points().stream().allMatch(p -> p.note() != null && p.note().endsWith(" section")),
                jobs16.points().toString());
        Curve latency = curve(LIBRARY.latency(RANDOM_READ_4K), "Kingston DC3000ME 7.68TB (its review), 8 jobs");
        assertTrue(latency.points().stream().allMatch(p -> p.note() != null && p.note().contains(" section")),
                latency.points().toString());

        var chart = Charts.scaling("4K random read: IOPS by IODepth", Throughput.IOPS, Charts.collection(List.of()),
                Charts.collection(List.of(jobs16)));
        var plot = chart.getXYPlot();
        String tip = plot.getRenderer(1).getToolTipGenerator(0, 0).generateToolTip(plot.getDataset(1), 0, 0);
        assertTrue(tip.startsWith("4K random read · Kingston DC3000ME 7.68TB (its review), 16 jobs: IODepth 8, "), tip);
        assertTrue(tip.endsWith("; " + jobs16.points().get(0).note()), tip);
    }

    @Test
    void aDrivesThroughputByIodepthIsOneCurvePerNumjobsAndReview() {
        Curve jobs16 = curve(LIBRARY.scaling(RANDOM_READ_4K),
                "Kingston DC3000ME 7.68TB (its review), 16 jobs");
        assertEquals(List.of(new Curve.XY(8, 1_361_320), new Curve.XY(16, 1_957_920)), figures(jobs16));
    }

    @Test
    void largeTransfersAreInMegabytesPerSecond() {
        Curve write = curve(LIBRARY.scaling(SEQUENTIAL_WRITE_128K),
                "Kingston DC3000ME 7.68TB (its review), 1 job");
        assertEquals(List.of(new Curve.XY(16, 8477.4), new Curve.XY(256, 8944.9)), figures(write));
    }

    @Test
    void theHockeyStickPairsThroughputAndLatencyOfOneConfiguration() {
        Curve jobs8 = curve(LIBRARY.latency(RANDOM_READ_4K),
                "Kingston DC3000ME 7.68TB (its review), 8 jobs");
        assertEquals(List.of(new Curve.XY(1_326_030, 99), new Curve.XY(1_923_420, 135)), figures(jobs8));
    }

    @Test
    void millisecondsBecomeMicroseconds() {
        Curve write = curve(LIBRARY.latency(SEQUENTIAL_WRITE_128K),
                "Kingston DC3000ME 7.68TB (its review), 1 job");
        assertEquals(new Curve.XY(8944.9, 3577), figures(write).get(1));
    }

    @Test
    void drivesArePickedByAnyPartOfTheirName() {
        assertEquals(List.of("Kingston DC3000ME 7.68TB"), LIBRARY.only(List.of("dc3000me")).drives());
        assertTrue(LIBRARY.only(List.of("dc3000me")).scaling(RANDOM_READ_4K).stream()
                .allMatch(c -> c.source().startsWith("Kingston DC3000ME")));
        assertEquals(List.of(), LIBRARY.only(List.of("no such drive")).scaling(RANDOM_READ_4K));
    }

    @Test
    void aWorkloadNoReviewMeasuredHasNoCurves() {
        assertEquals(List.of(), LIBRARY.scaling(new WorkloadType("randrw", 8192L, null)));
    }

    @Test
    void aDriveInAnotherDrivesReviewNamesThatReview() {
        curve(LIBRARY.scaling(SEQUENTIAL_WRITE_128K), "Micron 9550 PRO 7.68TB (Kingston DC3000ME review), 1 job");
    }

    @Test
    void theReviewedDrivesAreTheOnesTheReviewsAreAbout() {
        assertEquals(List.of("Kingston DC3000ME 7.68TB", "Solidigm D7-PS1030 12.8TB"), LIBRARY.reviewedDrives());
    }
}
