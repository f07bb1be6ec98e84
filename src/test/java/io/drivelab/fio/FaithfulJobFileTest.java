package io.drivelab.fio;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.IntegrationTest;
import io.drivelab.workload.FioJobFile;
import io.drivelab.workload.Point;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code drivelab fio-job}'s job file measures what the engine measures: the quick preset, point by point, once by
 * the engine and once by fio running the job file, on one file. Ratios on a busy machine wander; their median
 * does not (issue 14: with refill_buffers, 128K writes got 0.27-0.67 x).
 */
@IntegrationTest
@Timeout(300)
class FaithfulJobFileTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void fioOnTheJobFileMeasuresWhatTheEngineMeasures() throws Exception {
        FioBinary fio = FioProcessTest.fio();
        Path target = dir.resolve("target.img");
        List<Point> points = FioPointRuns.quickPoints(128L << 20);
        // A busy machine moves single points by +-50 % (CI saw 0.38-2.15 beside other tests): up to three
        // rounds, the order of the tools swapped each round, each point judged by its median over the rounds.
        java.util.Map<String, List<Double>> ratios = new java.util.LinkedHashMap<>();
        StringBuilder table = new StringBuilder();
        double median = Double.NaN;
        for (int round = 0; round < 3 && !(median >= 0.85 && median <= 1.15); round++) {
            for (Point point : points) {
                // alternating the two tools point by point keeps a change in the machine's load out of the ratio
                double engine;
                double byFio;
                if (round % 2 == 0) {
                    engine = FioPointRuns.engineIops(point, target);
                    byFio = jobFileIops(fio, point, target);
                } else {
                    byFio = jobFileIops(fio, point, target);
                    engine = FioPointRuns.engineIops(point, target);
                }
                ratios.computeIfAbsent(point.key(), k -> new ArrayList<>()).add(byFio / engine);
                table.append(String.format(Locale.ROOT, "round %d %-40s engine %10.0f  fio %10.0f  ratio %.2f%n",
                        round + 1, point.key(), engine, byFio, byFio / engine));
            }
            median = FioPointRuns.median(ratios.values().stream().map(FioPointRuns::median).toList());
        }
        System.out.print(table);
        assertEquals(16, points.size());
        assertTrue(median >= 0.85 && median <= 1.15, "median fio/engine " + median + "\n" + table);
    }

    /** IOPS of fio running the point's section of {@code drivelab fio-job}'s file. */
    private double jobFileIops(FioBinary fio, Point point, Path target) throws Exception {
        Path job = dir.resolve("point.fio");
        Files.writeString(job, FioJobFile.renderPoints(List.of(point), target.toString()));
        Process p = new ProcessBuilder(fio.path().toString(), "--output-format=json", job.toString())
                .redirectErrorStream(false).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        JsonNode entry = JSON.readTree(out).path("jobs").get(0);
        return entry.path("read").path("iops").asDouble() + entry.path("write").path("iops").asDouble();
    }
}
