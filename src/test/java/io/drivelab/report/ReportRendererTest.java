package io.drivelab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.awt.Dimension;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import javax.imageio.ImageIO;

import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.store.Store;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Reports of real runs, rendered headless (surefire runs with java.awt.headless=true) and decoded again. */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportRendererTest {
    private Path dir;
    private Store store;
    private long fourPoints;
    private long twoPoints;
    private final ReportRenderer renderer = new ReportRenderer();
    private final ReferenceCurves kingston = LibraryCurves.of(ReferenceLibrary.shipped()).only(List.of("DC3000ME"));

    @BeforeAll
    void twoRealRuns(@TempDir Path temp) {
        dir = temp;
        store = Store.open(dir.resolve("drivelab.db"));
        fourPoints = TinyRuns.fourPoints(store, dir);
        twoPoints = TinyRuns.twoPoints(store, dir);
    }

    @AfterAll
    void close() {
        store.close();
    }

    /** Fraction of pixels that are not white, and how many colours there are. */
    private static double inked(BufferedImage image, Set<Integer> colours) {
        long inked = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                int rgb = image.getRGB(x, y) & 0xffffff;
                colours.add(rgb);
                if (rgb != 0xffffff) {
                    inked++;
                }
            }
        }
        return inked / ((image.getHeight() / 2.0) * (image.getWidth() / 2.0));
    }

    @Test
    void aRunsReportIsOnePngOfTheExpectedSizeAndNotBlank() throws IOException {
        Report report = Reports.run(store, fourPoints, kingston);
        Path png = dir.resolve("report.png");
        renderer.writePng(report, png);

        BufferedImage image = ImageIO.read(png.toFile());
        Dimension expected = renderer.size(report);
        assertEquals(ReportRenderer.WIDTH, image.getWidth());
        assertEquals(expected.height, image.getHeight());
        // Header, two panels of two charts (420 px each), a table of four points.
        assertTrue(image.getHeight() > 2 * ReportRenderer.CHART_HEIGHT + 4 * 22, "height " + image.getHeight());
        Set<Integer> colours = new HashSet<>();
        double inked = inked(image, colours);
        assertTrue(inked > 0.03 && inked < 0.6, "ink " + inked);
        assertTrue(colours.size() > 50, "colours " + colours.size());
    }

    @Test
    void aRunsReportHasItsHeaderAPanelPerWorkloadAndEveryPoint() {
        Report report = Reports.run(store, fourPoints, kingston);
        assertTrue(report.title().startsWith("DriveLab run " + fourPoints + ": tiny on "), report.title());
        assertTrue(report.header().get(0).startsWith("Target: "), report.header().get(0));
        assertTrue(report.header().get(1).startsWith("Host: "), report.header().get(1));
        assertTrue(report.header().stream().anyMatch(l -> l.equals("Plan: tiny")), report.header().toString());
        assertEquals(List.of("4K random read", "128K sequential write"),
                report.panels().stream().map(Report.Panel::workload).toList());
        assertEquals(Throughput.IOPS, report.panels().get(0).unit());
        assertEquals(Throughput.MB_S, report.panels().get(1).unit());
        assertEquals(List.of("1 job"), report.panels().get(0).scaling().stream().map(Curve::label).toList());
        assertEquals(2, report.panels().get(0).scaling().get(0).points().size());
        assertEquals(4, report.table().rows().size());
        assertEquals(List.of("4K random read", "randread", "4k", "QD1/1"),
                report.table().rows().get(0).subList(0, 4));
    }

    @Test
    void aRunIsDrawnAgainstTheReferenceDrivesOfItsWorkload() {
        Report report = Reports.run(store, fourPoints, kingston);
        List<String> randomRead = report.panels().get(0).scalingReferences().stream().map(Curve::label).toList();
        assertTrue(randomRead.contains("Kingston DC3000ME 7.68TB (its review), 16 jobs"),
                randomRead.toString());
        List<String> write = report.panels().get(1).scalingReferences().stream().map(Curve::label).toList();
        assertTrue(write.contains("Kingston DC3000ME 7.68TB (its review), 1 job"), write.toString());
        assertTrue(report.header().contains("Reference drives (dashed): Kingston DC3000ME 7.68TB"),
                report.header().toString());
    }

    @Test
    void eachChartIsAlsoWrittenOnItsOwn() throws IOException {
        Report report = Reports.run(store, fourPoints, kingston);
        List<Path> charts = renderer.writeCharts(report, dir.resolve("charts"));
        assertEquals(List.of("01-4k-random-read-scaling.png", "01-4k-random-read-latency.png",
                        "02-128k-sequential-write-scaling.png", "02-128k-sequential-write-latency.png"),
                charts.stream().map(p -> p.getFileName().toString()).toList());
        for (Path chart : charts) {
            BufferedImage image = ImageIO.read(chart.toFile());
            assertEquals(ReportRenderer.CHART_WIDTH, image.getWidth());
            assertEquals(ReportRenderer.CHART_HEIGHT, image.getHeight());
            assertTrue(inked(image, new HashSet<>()) > 0.02, chart + " is blank");
        }
    }

    @Test
    void aComparisonDrawsEveryRunPerWorkloadAndTablesThePeaks() throws IOException {
        Report report = Reports.comparison(store, List.of(fourPoints, twoPoints), kingston);
        assertEquals("4K random read", report.panels().get(0).workload());
        String tiny = store.getRun(fourPoints).orElseThrow().name();
        String tinier = store.getRun(twoPoints).orElseThrow().name();
        assertEquals(List.of(tiny + ", 1 job", tinier + ", 1 job", tinier + ", 2 jobs"),
                report.panels().get(0).scaling().stream().map(Curve::label).toList());
        List<String> sources = report.table().rows().stream().filter(r -> r.get(0).equals("4K random read"))
                .map(r -> r.get(1)).toList();
        assertEquals(List.of(tiny, tinier,
                "Kingston DC3000ME 7.68TB (its review)",
                "Kingston DC3000ME 7.68TB (its RAID review (Ukrainian))"), sources);
        Path png = dir.resolve("comparison.png");
        renderer.writePng(report, png);
        assertEquals(renderer.size(report).height, ImageIO.read(png.toFile()).getHeight());
        assertTrue(Files.size(png) > 10_000);
    }
}
