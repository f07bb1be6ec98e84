package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.drivelab.store.NewRun;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.Point;
import io.drivelab.workload.TestPlan;

class RunsCommandTest {

    @TempDir
    Path dir;
    String db;

    @BeforeEach
    void database() {
        db = dir.resolve("drivelab.db").toString();
    }

    /** A complete quick run with 3 of its 16 points measured, then a running mixed-check run. */
    void twoRuns() {
        try (Store store = Store.open(Path.of(db))) {
            TestPlan quick = StoredRuns.quick();
            long first = StoredRuns.createRun(store, "first look", quick, "/tmp/x.img");
            StoredRuns.savePoint(store, first, quick, 0, StoredRuns.SEQWRITE_128K);
            StoredRuns.savePoint(store, first, quick, 1, StoredRuns.SEQWRITE_128K);
            StoredRuns.savePoint(store, first, quick, 10, StoredRuns.RANDREAD_4K);
            StoredRuns.saveFailedPoint(store, first, quick, 11, "engine: cannot open /tmp/x.img");
            store.updateRunStatus(first, RunStatus.COMPLETE, null);
            StoredRuns.createRun(store, "mix, second", StoredRuns.mixedPlan(), "/dev/nvme9n1");
        }
    }

    @Test
    void runsAreListedNewestFirstWithTheirCompletedPoints() {
        twoRuns();

        Cli.Result result = Cli.run("runs", "--db", db);

        assertEquals(0, result.exitCode(), result.toString());
        List<String> lines = result.lines();
        assertEquals(3, lines.size(), result.out());
        assertTrue(lines.get(0).matches(" *ID +NAME +STARTED +TARGET +PLAN +STATUS +POINTS"), lines.get(0));
        assertTrue(lines.get(1).matches(" *2  mix, second +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d  /dev/nvme9n1 +"
                + "mixed-check +running +0/1"), lines.get(1));
        // The failed point is not done.
        assertTrue(lines.get(2).matches(" *1  first look +\\S+ \\S+  /tmp/x.img +quick +complete +3/16"),
                lines.get(2));
    }

    @Test
    void jsonGivesEachRunWithItsFigures() {
        twoRuns();

        Cli.Result result = Cli.run("runs", "--db", db, "--json");

        assertEquals(0, result.exitCode(), result.toString());
        JsonNode runs = StoredRuns.parse(result.out());
        assertEquals(2, runs.size());
        JsonNode first = runs.get(1);
        assertEquals(1, first.get("id").asInt());
        assertEquals("first look", first.get("name").asText());
        assertEquals("quick", first.get("plan").asText());
        assertEquals("/tmp/x.img", first.get("target").asText());
        assertEquals("complete", first.get("status").asText());
        assertEquals(3, first.get("points_done").asInt());
        assertEquals(16, first.get("points_total").asInt());
        assertTrue(first.get("started_at").asText().matches("\\d{4}-\\d\\d-\\d\\dT.*Z"), first.toString());
        assertTrue(runs.get(0).get("ended_at").isNull(), runs.get(0).toString());
    }

    @Test
    void runsOfOnePlanEachCountTheirOwnPointsAndAnUnreadablePlanCountsWhatWasMeasured() {
        try (Store store = Store.open(Path.of(db))) {
            TestPlan quick = StoredRuns.quick();
            long one = StoredRuns.createRun(store, "one done", quick, "/tmp/x.img");
            StoredRuns.savePoint(store, one, quick, 0, StoredRuns.SEQWRITE_128K);
            long two = StoredRuns.createRun(store, "two done", quick, "/tmp/x.img");
            StoredRuns.savePoint(store, two, quick, 0, StoredRuns.SEQWRITE_128K);
            StoredRuns.savePoint(store, two, quick, 10, StoredRuns.RANDREAD_4K);
            long future = store.createRun(new NewRun("from a newer DriveLab", "{\"format\": 99}", "future",
                    "/tmp/x.img", "file", null, "host", "9.0"));
            StoredRuns.savePoint(store, future, quick, 0, StoredRuns.SEQWRITE_128K);
        }

        Cli.Result result = Cli.run("runs", "--db", db);

        assertEquals(0, result.exitCode(), result.toString());
        List<String> lines = result.lines();
        assertTrue(lines.get(1).matches(" *3  from a newer DriveLab .* +1"), lines.get(1));
        assertTrue(lines.get(2).matches(" *2  two done .* +2/16"), lines.get(2));
        assertTrue(lines.get(3).matches(" *1  one done .* +1/16"), lines.get(3));
    }

    @Test
    void olderRunsWhosePlansDifferOnlyInNameAndDescriptionAreEachCountedAgainstThePlan() {
        try (Store store = Store.open(Path.of(db))) {
            TestPlan quick = StoredRuns.quick();
            String plan = PlanFiles.toJson(quick);
            long renamed = store.createRun(new NewRun("imported", plan.replaceFirst("\"quick\"", "\"fio import\""),
                    "fio import", "/tmp/x.img", "file", null, "host", "fio-3.33"));
            StoredRuns.savePoint(store, renamed, quick, 0, StoredRuns.SEQWRITE_128K);
            StoredRuns.createRun(store, "as filed", quick, "/tmp/x.img");
        }

        Cli.Result result = Cli.run("runs", "--db", db);

        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.lines().get(1).matches(" *2  as filed .* +0/16"), result.lines().get(1));
        assertTrue(result.lines().get(2).matches(" *1  imported .* +1/16"), result.lines().get(2));
    }

    @Test
    void theListStoresThePlannedPointsOfOlderRunsSoThatTheNextReadsNoPlan() {
        twoRuns();

        Cli.Result result = Cli.run("runs", "--db", db);

        assertEquals(0, result.exitCode(), result.toString());
        try (Store store = Store.open(Path.of(db))) {
            assertEquals(16, store.getRun(1).orElseThrow().plannedPoints());
            assertEquals(1, store.getRun(2).orElseThrow().plannedPoints());
            assertTrue(store.plansOfRunsWithoutPlannedPoints().isEmpty());
        }
        assertEquals(result.out(), Cli.run("runs", "--db", db).out());
    }

    @Test
    void aRunFiledWithItsPlannedPointsIsCountedWithoutReadingItsPlan() {
        try (Store store = Store.open(Path.of(db))) {
            TestPlan quick = StoredRuns.quick();
            // A plan this version cannot read: only the stored count can give the total.
            long run = store.createRun(new NewRun("filed by the runner", "{\"format\": 99}", "future", "/tmp/x.img",
                    "file", null, "host", "9.0", 16));
            StoredRuns.savePoint(store, run, quick, 0, StoredRuns.SEQWRITE_128K);
            StoredRuns.savePoint(store, run, quick, 10, StoredRuns.RANDREAD_4K);
            StoredRuns.saveFailedPoint(store, run, quick, 11, "engine: cannot open /tmp/x.img");
            Point p = quick.points().get(1);
            PointMeta precondition = new PointMeta("00-fill", 99, PointKind.PRECONDITION, "fill", "write",
                    p.workload().bs(), null, null, p.iodepth(), p.numjobs());
            store.savePoint(run, PointResult.fromEngineResult(precondition,
                    StoredRuns.parse(StoredRuns.SEQWRITE_128K), StoredRuns.T0, StoredRuns.T0.plusSeconds(6)),
                    List.of());
        }

        Cli.Result result = Cli.run("runs", "--db", db);

        assertEquals(0, result.exitCode(), result.toString());
        // The failed point and the precondition are not done.
        assertTrue(result.lines().get(1).matches(" *1  filed by the runner .* +2/16"), result.lines().get(1));
    }

    @Test
    void anEmptyDatabaseSaysSo() {
        Cli.Result result = Cli.run("runs", "--db", db);

        assertEquals(0, result.exitCode(), result.toString());
        assertEquals("No runs in " + Path.of(db).toAbsolutePath() + ".\n", result.out());
    }
}
