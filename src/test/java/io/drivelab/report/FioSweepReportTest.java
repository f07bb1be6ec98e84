package io.drivelab.report;

import io.drivelab.IntegrationTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.drivelab.reference.FioImport;
import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.store.Store;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real fio sweep of 12 jobs named as job files name them ("randread-4k-qd16-j2"), imported: its points fall
 * into two workloads with IODepth x NumJobs as their matrix, in a run's report and in a comparison alike.
 */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FioSweepReportTest {
    private Store store;
    private long imported;
    private final ReferenceCurves kingston = LibraryCurves.of(ReferenceLibrary.shipped()).only(List.of("DC3000ME"));

    @BeforeAll
    void importASweep(@TempDir Path dir) throws IOException, InterruptedException {
        store = Store.open(dir.resolve("drivelab.db"));
        Path output = fioSweep(dir);
        imported = FioImport.importFiles(store, List.of(output), "Lab drive").get(0).runId();
    }

    @AfterAll
    void close() {
        store.close();
    }

    /** 12 jobs at once for a second: 4K random read and 128K sequential write, QD 1/4/16 x 1/2 jobs. */
    private static Path fioSweep(Path dir) throws IOException, InterruptedException {
        String fio = List.of(System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)).stream()
                .map(d -> Path.of(d, "fio")).filter(Files::isExecutable).map(Path::toString).findFirst()
                .orElse(null);
        Assumptions.assumeTrue(fio != null, "fio is not installed, so there is no real fio sweep to import");
        StringBuilder jobs = new StringBuilder("[global]\nioengine=libaio\nfilename=" + dir.resolve("data")
                + "\nsize=8m\nruntime=1\ntime_based\n");
        for (String[] w : new String[][]{{"randread", "4k"}, {"write", "128k"}}) {
            for (int qd : new int[]{1, 4, 16}) {
                for (int j : new int[]{1, 2}) {
                    jobs.append("[").append(w[0]).append('-').append(w[1]).append("-qd").append(qd).append("-j")
                            .append(j).append("]\nrw=").append(w[0]).append("\nbs=").append(w[1])
                            .append("\niodepth=").append(qd).append("\nnumjobs=").append(j).append('\n');
                }
            }
        }
        Path jobFile = Files.writeString(dir.resolve("sweep.fio"), jobs);
        Path out = dir.resolve("sweep.json");
        Process fioRun = new ProcessBuilder(fio, "--output-format=json", jobFile.toString())
                .redirectOutput(out.toFile()).redirectError(dir.resolve("sweep.err").toFile()).start();
        assertTrue(fioRun.waitFor(120, TimeUnit.SECONDS), "fio did not finish in 120 s");
        assertEquals(0, fioRun.exitValue(), () -> "fio failed: " + read(dir.resolve("sweep.err")));
        return out;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static List<String> jobLines(Report.Panel panel) {
        List<String> lines = new ArrayList<>();
        for (Curve c : panel.scaling()) {
            lines.add(c.series() + " at QD " + c.points().stream().map(p -> (int) p.x()).toList());
        }
        return lines;
    }

    @Test
    void aSweepsJobsBecomeWorkloadsOfIodepthByNumjobs() {
        Report report = Reports.run(store, imported, kingston);
        assertEquals(List.of("4K random read", "128K sequential write"),
                report.panels().stream().map(Report.Panel::workload).toList());
        for (Report.Panel panel : report.panels()) {
            assertEquals(List.of("1 job at QD [1, 4, 16]", "2 jobs at QD [1, 4, 16]"), jobLines(panel));
        }
        assertEquals(12, report.table().rows().size());
    }

    @Test
    void aComparisonOfTheSweepDrawsWithoutClashingSeries() {
        Report comparison = Reports.comparison(store, List.of(imported), kingston);
        assertEquals(2, comparison.panels().size());
        ReportRenderer renderer = new ReportRenderer();
        for (Report.Panel panel : comparison.panels()) {
            assertEquals(2, renderer.charts(panel).size());
            assertEquals(2, panel.scaling().size());
        }
        assertTrue(renderer.size(comparison).height < 4000, "the comparison is " + renderer.size(comparison));
    }
}
