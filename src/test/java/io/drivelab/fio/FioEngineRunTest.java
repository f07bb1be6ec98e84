package io.drivelab.fio;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.IntegrationTest;
import io.drivelab.cli.DriveLabCommand;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Run;
import io.drivelab.store.StoredPoint;
import io.drivelab.store.Store;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code drivelab run --engine fio}: a whole plan measured by the installed fio, stored as the engine's runs are. */
@IntegrationTest
@Timeout(300)
class FioEngineRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    record Ran(int exit, String out, String err) {
    }

    static Ran drivelab(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = DriveLabCommand.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new Ran(exit, out.toString(), err.toString());
    }

    @Test
    void theQuickPresetMeasuredByFioStores16PointsThatSayFioMeasuredThem() throws Exception {
        FioProcessTest.fio();
        Path db = dir.resolve("d.db");
        Path target = dir.resolve("t.img");
        Ran run = drivelab("run", "--engine", "fio", "--db", db.toString(), "--target", target.toString(),
                "--preset", "quick", "--size", "256M", "--runtime", "1", "--ramp", "0", "--idle", "0");
        assertEquals(0, run.exit(), run.err() + run.out());
        try (Store store = Store.open(db)) {
            Run stored = store.getRun(1).orElseThrow();
            assertTrue(stored.engineVersion().startsWith("fio-3."), stored.engineVersion());
            List<StoredPoint> points = store.listPoints(1);
            assertEquals(16, points.size());
            for (StoredPoint p : points) {
                assertEquals(PointStatus.COMPLETE, p.point().status(), p.point().meta().pointKey());
                assertEquals("fio", JSON.readTree(p.point().resultJson()).path("engine").asText());
                assertFalse(p.point().histograms().isEmpty(), "json+ histogram kept");
            }
        }
        assertFalse(Files.exists(target), "the test file fio created is removed with the completed run");
        Ran show = drivelab("show", "1", "--db", db.toString());
        assertTrue(show.out().contains("engine fio-3."), show.out());
    }

    /** issue 10 item 18: a run measured by fio and kept to a CPU gives fio's job that CPU, and is stored with it. */
    @Test
    void aRunKeptToACpuIsMeasuredByFioOnIt() throws Exception {
        FioProcessTest.fio();
        String db = dir.resolve("d.db").toString();
        Path plan = Files.writeString(dir.resolve("one.json"), """
                {"name": "one", "target": {"size": "16m"},
                 "steps": [{"workload": {"rw": "randread", "bs": "4k"},
                            "matrix": {"iodepths": [1], "numjobs": [1], "runtime": 1}}]}
                """);
        Ran run = drivelab("run", "--engine", "fio", "--db", db, "--target", dir.resolve("t.img").toString(),
                "--plan", plan.toString(), "--ramp", "0", "--idle", "0", "--cpus-allowed", "0");
        assertEquals(0, run.exit(), run.err() + run.out());
        try (Store store = Store.open(Path.of(db))) {
            assertEquals("0", store.getRun(1).orElseThrow().cpusAllowed());
            String job = JSON.readTree(store.listPoints(1).get(0).point().resultJson()).path("fio_run").path("job")
                    .asText();
            assertTrue(job.lines().anyMatch("cpus_allowed=0"::equals), job);
        }
    }

    @Test
    void aRunMeasuredByEachEngineOnOneFileIsShownPointByPointAgainstTheOther() throws Exception {
        FioProcessTest.fio();
        String db = dir.resolve("d.db").toString();
        Path plan = Files.writeString(dir.resolve("cross-check.json"), """
                {"name": "cross-check", "target": {"size": "32m"},
                 "steps": [{"workload": {"rw": "write", "bs": "128k"},
                            "matrix": {"iodepths": [1, 4], "numjobs": [1], "runtime": 1}},
                           {"workload": {"rw": "randread", "bs": "4k"},
                            "matrix": {"iodepths": [1, 4], "numjobs": [1], "runtime": 1}}]}
                """);
        String target = dir.resolve("t.img").toString();
        for (String engine : List.of("drivelab", "fio")) {
            Ran run = drivelab("run", "--engine", engine, "--db", db, "--target", target, "--plan", plan.toString(),
                    "--ramp", "0", "--idle", "0", "--overwrite-file");
            assertEquals(0, run.exit(), run.err() + run.out());
        }

        Ran show = drivelab("show", "1", "--against", "2", "--db", db);

        assertEquals(0, show.exit(), show.err());
        assertTrue(show.out().contains("run 1 measured by DriveLab's engine ")
                && show.out().contains("run 2 measured by fio-3."), show.out());
        List<String> rows = show.out().lines().filter(l -> l.matches("0\\d-\\S+ +(read|write) .*")).toList();
        assertEquals(4, rows.size(), show.out());
        for (String row : rows) {
            double ratio = Double.parseDouble(row.trim().split("\\s+")[4]);
            assertTrue(ratio > 0, row);
        }
        assertTrue(show.out().contains("Median ratio (run 1 / run 2 IOPS): "), show.out());
        assertFalse(show.out().contains("Only in run"), show.out());
    }

    @Test
    void anUnknownEngineIsNamedWithTheChoices() {
        Ran run = drivelab("run", "--engine", "spdk", "--db", dir.resolve("d.db").toString(), "--target",
                dir.resolve("t.img").toString(), "--preset", "quick", "--size", "16M");
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("--engine spdk is not an engine") && run.err().contains("fio"), run.err());
    }
}
