package io.drivelab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import javax.imageio.ImageIO;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.run.PlanRunner;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.Presets;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.Step;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;
import org.jfree.chart.JFreeChart;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The DLIO checkpoint and GDSIO sweep reports of real short runs: a dlio-checkpoint run on a 32 MiB file (36 small
 * checkpoints) and a trimmed gdsio-sweep (128K and 1M, 1/4/16 threads, 1 s a point) on a 64 MiB file.
 */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SuiteReportTest {
    private Path dir;
    private Store store;
    private long checkpointRun;
    private long sweepRun;
    private final ReportRenderer renderer = new ReportRenderer();
    private final ReferenceCurves all = LibraryCurves.of(ReferenceLibrary.shipped());

    @BeforeAll
    void twoRealRuns(@TempDir Path temp) {
        dir = temp;
        store = Store.open(dir.resolve("drivelab.db"));
        checkpointRun = run(Presets.get(Presets.DLIO_CHECKPOINT).withTarget(Region.ofSize(32L << 20)), "ckpt");
        Matrix m = Matrix.of(List.of(1), List.of(1, 4, 16), 1, 0, 0).withOuter(Matrix.Outer.NUMJOBS);
        List<Step> steps = new ArrayList<>();
        for (long bs : List.of(128 * 1024L, 1024 * 1024L)) {
            String size = bs == 1024 * 1024L ? "1M" : "128K";
            steps.add(new WorkloadStep(Workload.of(size + " sequential write (GDSIO)", Rw.WRITE, bs), m));
            steps.add(new WorkloadStep(Workload.of(size + " sequential read (GDSIO)", Rw.READ, bs), m));
        }
        sweepRun = run(new TestPlan(Presets.GDSIO_SWEEP, "a trimmed gdsio sweep", Region.ofSize(64L << 20), steps,
                null), "gdsio");
    }

    private long run(TestPlan plan, String name) {
        PlanRunner runner = new PlanRunner(store, Path.of(System.getProperty("drivelab.engine")),
                new DeviceDiscovery(), null).statusInterval(500);
        long id = runner.createRun(plan, dir.resolve(name + ".img"), null, null);
        RunStatus status = runner.execute(id, null);
        assertEquals(RunStatus.COMPLETE, status, () -> store.getRun(id).orElseThrow().error());
        return id;
    }

    @AfterAll
    void close() {
        store.close();
    }

    private static List<String> keys(XYDataset d) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; d != null && i < d.getSeriesCount(); i++) {
            keys.add(String.valueOf(d.getSeriesKey(i)));
        }
        return keys;
    }

    @Test
    void aCheckpointRunHasTimesPerPassTheirAveragesAndGbPerSAgainstTheReviewedDrives() {
        Report report = Reports.run(store, checkpointRun, all);

        Report.Panel panel = report.panels().get(0);
        assertEquals(1, report.panels().size(), report.panels().toString());
        assertEquals(Report.Kind.CHECKPOINT, panel.kind());
        List<JFreeChart> charts = renderer.charts(panel);
        XYDataset times = charts.get(0).getXYPlot().getDataset(0);
        assertEquals(List.of("pass 1", "pass 2", "pass 3"), keys(times));
        assertEquals(36, times.getItemCount(0) + times.getItemCount(1) + times.getItemCount(2));
        assertEquals(List.of("pass 1 average", "pass 2 average", "pass 3 average"),
                keys(charts.get(0).getXYPlot().getDataset(1)));
        assertEquals(List.of("this run"), keys(charts.get(1).getXYPlot().getDataset(0)));
        List<String> reviewed = keys(charts.get(1).getXYPlot().getDataset(1));
        assertTrue(reviewed.contains("Kingston DC3000ME 7.68TB (its review)"), reviewed.toString());
        assertTrue(reviewed.size() >= 5, reviewed.toString());
        // The Kingston drive's pass 1 average, 465.04 s for 1,636 GB: 3.518 GB/s.
        XYDataset refs = charts.get(1).getXYPlot().getDataset(1);
        int kingston = reviewed.indexOf("Kingston DC3000ME 7.68TB (its review)");
        assertEquals(1636 / 465.04, refs.getYValue(kingston, 0), 1e-9);
        assertTrue(report.header().stream().anyMatch(l -> l.contains("scaled down") && l.contains("GB/s")),
                report.header().toString());
        assertTrue(report.header().stream().anyMatch(l -> l.startsWith("Pass averages")), report.header().toString());
    }

    @Test
    void aSweepHasALinePerBlockSizeAndDirectionByThreadsWithTheReviewedDrivesGdsioFigures() {
        Report report = Reports.run(store, sweepRun, all);

        assertEquals(1, report.panels().size(), report.panels().toString());
        Report.Panel panel = report.panels().get(0);
        assertEquals(Report.Kind.GDSIO, panel.kind());
        List<JFreeChart> charts = renderer.charts(panel);
        XYDataset gib = charts.get(0).getXYPlot().getDataset(0);
        assertEquals(List.of("128K write", "128K read", "1M write", "1M read"), keys(gib));
        for (int s = 0; s < 4; s++) {
            assertEquals(3, gib.getItemCount(s));
            assertEquals(16, gib.getXValue(s, 2));
            assertTrue(gib.getYValue(s, 0) > 0);
        }
        List<String> refs = keys(charts.get(0).getXYPlot().getDataset(1));
        assertTrue(refs.contains("Kingston DC3000ME 7.68TB (its review), 1M read"), refs.toString());
        assertTrue(refs.stream().allMatch(k -> k.matches(".*, (128K|1M) (read|write)")), refs.toString());
        assertFalse(keys(charts.get(1).getXYPlot().getDataset(1)).isEmpty());
        assertEquals(4, charts.get(1).getXYPlot().getDataset(0).getSeriesCount());
    }

    @Test
    void bothRenderAsPngsWithInk() throws Exception {
        for (long run : List.of(checkpointRun, sweepRun)) {
            Path png = dir.resolve("report-" + run + ".png");
            Report report = Reports.run(store, run, all);
            renderer.writePng(report, png);
            BufferedImage image = ImageIO.read(png.toFile());
            assertEquals(ReportRenderer.WIDTH, image.getWidth());
            assertEquals(renderer.size(report).height, image.getHeight());
            Set<Integer> colours = new HashSet<>();
            long inked = 0;
            for (int y = 0; y < image.getHeight(); y += 2) {
                for (int x = 0; x < image.getWidth(); x += 2) {
                    int rgb = image.getRGB(x, y) & 0xffffff;
                    colours.add(rgb);
                    inked += rgb != 0xffffff ? 1 : 0;
                }
            }
            assertTrue(inked > 2000, "inked " + inked);
            assertTrue(colours.size() > 20, "colours " + colours.size());
            List<Path> files = renderer.writeCharts(report, dir.resolve("charts-" + run));
            assertEquals(2, files.size());
            assertTrue(Files.size(files.get(0)) > 5000);
            String keep = System.getenv("DRIVELAB_KEEP_PNG");
            if (keep != null) {
                Files.copy(png, Path.of(keep).resolve(png.getFileName()),
                        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
        // Compared: two runs' suites side by side.
        Report both = Reports.comparison(store, List.of(checkpointRun, sweepRun), all);
        assertEquals(List.of(Report.Kind.CHECKPOINT, Report.Kind.GDSIO),
                both.panels().stream().map(Report.Panel::kind).toList());
    }
}
