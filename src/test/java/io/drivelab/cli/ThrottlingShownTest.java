package io.drivelab.cli;

import io.drivelab.IntegrationTest;
import io.drivelab.report.ReferenceCurves;
import io.drivelab.report.Report;
import io.drivelab.report.ReportRenderer;
import io.drivelab.report.Reports;
import io.drivelab.report.ThermalCharts;
import io.drivelab.run.RunListener;
import io.drivelab.store.Store;
import io.drivelab.telemetry.HotRun;
import io.drivelab.telemetry.ReadThrottle;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.JFreeChart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run whose drive heated past its warning threshold while throughput fell: the report and `show` mark it. */
@IntegrationTest
class ThrottlingShownTest {

    @TempDir
    Path dir;

    @Test
    void theReportAndShowMarkThePointThrottledWithTheDrivesTemperatures() throws IOException {
        Assumptions.assumeTrue(ReadThrottle.available(), "needs root and the blkio cgroup");
        Path db = dir.resolve("drivelab.db");
        long runId;
        Report report;
        try (Store store = Store.open(db); HotRun hot = new HotRun(dir, RunListener.NONE)) {
            runId = hot.run(store);
            report = Reports.run(store, runId, ReferenceCurves.NONE);
        }

        String header = String.join("\n", report.header());
        assertTrue(header.contains("(Composite of nvme0n1, warning at 81.9 °C); THROTTLED from "), header);
        assertTrue(header.contains("to 83.5 °C"), header);
        Report.Panel thermal = report.panels().stream().filter(p -> p.kind() == Report.Kind.THERMAL).findFirst()
                .orElseThrow(() -> new AssertionError("no temperature chart in " + report.panels()));
        List<JFreeChart> charts = new ReportRenderer().charts(thermal);
        assertEquals(1, charts.size());
        assertTrue(ThermalCharts.throttlingMarker(charts.get(0)).isPresent(), "the chart marks the throttling");
        assertEquals("°C", charts.get(0).getXYPlot().getRangeAxis(2).getLabel());
        Path png = dir.resolve("report.png");
        new ReportRenderer().writePng(report, png);
        assertTrue(Files.size(png) > 0);
        Cli.Result show = Cli.run("show", String.valueOf(runId), "--db", db.toString());
        assertEquals(0, show.exitCode(), show.toString());
        assertTrue(show.out().contains("Temperature, ") && show.out().contains("THROTTLED from "), show.out());
        assertTrue(show.out().contains("Health (nvme0n1): nvme-cli is not installed")
                || show.out().contains("Health (nvme0n1, "), show.out());
    }
}
