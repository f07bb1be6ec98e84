package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import io.drivelab.report.ReportRenderer;
import io.drivelab.report.TinyRuns;
import io.drivelab.store.Store;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** {@code drivelab report}: the GUI's report of a real run, headless. */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportCommandTest {
    private Path dir;
    private Path db;
    private long runId;

    @BeforeAll
    void aRealRun(@TempDir Path temp) {
        dir = temp;
        db = dir.resolve("drivelab.db");
        try (Store store = Store.open(db)) {
            runId = TinyRuns.fourPoints(store, dir);
        }
    }

    @Test
    void writesTheRunsReportAsAPng() throws IOException {
        Path png = dir.resolve("run.png");
        Cli.Result r = Cli.run("report", String.valueOf(runId), "--png", png.toString(), "--db", db.toString());
        assertEquals(0, r.exitCode(), r.toString());
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(ReportRenderer.WIDTH, image.getWidth());
        assertTrue(r.out().startsWith("Report of run " + runId + ": " + png + " (1600 x " + image.getHeight()
                + " px, 2 workloads)"), r.out());
    }

    @Test
    void compareDrawsTheNamedReferenceDrivesAndChartsGoToAFolder() throws IOException {
        Path png = dir.resolve("compared.png");
        Path charts = dir.resolve("charts");
        Cli.Result r = Cli.run("report", String.valueOf(runId), "--png", png.toString(), "--db", db.toString(),
                "--compare", "DC3000ME", "micron 9550", "--charts", charts.toString());
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.out().contains("4 charts in " + charts), r.out());
        try (var files = Files.list(charts)) {
            assertEquals(4, files.count());
        }
        // The header names the drives drawn (one line more than without --compare), then come the findings.
        Path plain = dir.resolve("plain.png");
        Cli.run("report", String.valueOf(runId), "--png", plain.toString(), "--db", db.toString());
        try (io.drivelab.store.Store store = io.drivelab.store.Store.open(db)) {
            var compared = io.drivelab.report.Reports.run(store, runId, io.drivelab.report.LibraryCurves
                    .of(io.drivelab.reference.ReferenceStore.load(store)).only(List.of("DC3000ME", "micron 9550")));
            assertTrue(!compared.findings().isEmpty());
            assertEquals(new io.drivelab.report.ReportRenderer().size(compared).height,
                    ImageIO.read(png.toFile()).getHeight());
        }
        assertTrue(ImageIO.read(plain.toFile()).getHeight() + 22 < ImageIO.read(png.toFile()).getHeight());
    }

    @Test
    void aDriveNotInTheLibraryIsBadInputListingTheDrives() {
        Cli.Result r = Cli.run("report", String.valueOf(runId), "--png", dir.resolve("x.png").toString(), "--db",
                db.toString(), "--compare", "Floppy");
        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("no reference drive matches \"Floppy\"; the drives are: Kingston DC3000ME"),
                r.err());
    }

    @Test
    void anUnknownRunIsBadInput() {
        Cli.Result r = Cli.run("report", "999", "--png", dir.resolve("x.png").toString(), "--db", db.toString());
        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("no run 999"), r.err());
    }
}
