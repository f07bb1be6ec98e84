package io.drivelab.cli;

import io.drivelab.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** drivelab run, show and export with the checkpoint preset and with several targets at once (real engine). */
@IntegrationTest
@Timeout(120)
class SuiteCommandsTest {
    @TempDir
    Path dir;

    private String db() {
        return dir.resolve("d.db").toString();
    }

    @Test
    void dlioCheckpointPrintsEveryCheckpointTheScaledSizeAndThePassAverages() {
        Cli.Result run = Cli.run("run", "--db", db(), "--preset", "dlio-checkpoint", "--target",
                dir.resolve("ckpt.img").toString(), "--size", "64M");

        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.out().contains("21.3 % of the 64m target (the reviews' 1,636 GB of a 7.68 TB drive, scaled "
                + "down: compare with them by GB/s"), run.out());
        assertEquals(36, run.lines().stream().filter(l -> l.startsWith("    checkpoint pass ")).count(), run.out());
        for (int pass = 1; pass <= 3; pass++) {
            assertTrue(run.out().contains("    pass " + pass + ": 12 checkpoints, mean "), run.out());
        }
        assertTrue(run.out().contains("all: 36 checkpoints"), run.out());

        Cli.Result show = Cli.run("show", "1", "--db", db());
        assertTrue(show.out().contains("DLIO checkpoint  checkpoint  1m"), show.out());
        assertTrue(show.out().contains("Per pass (the reviews' table):"), show.out());
        assertTrue(show.lines().stream().anyMatch(l -> l.matches(" *all +36 +[0-9.]+ +[0-9.]+")), show.out());
    }

    @Test
    void twoTargetsRunAtOnceAndShowAndExportTheirSum() throws Exception {
        Path plan = dir.resolve("plan.json");
        Files.writeString(plan, "{\"name\": \"one\", \"target\": {\"size\": \"32m\"}, \"steps\": [{\"workload\": "
                + "{\"rw\": \"randread\", \"bs\": \"4k\"}, \"matrix\": {\"iodepths\": [4], \"numjobs\": [1], "
                + "\"runtime\": 1}}]}");

        Cli.Result run = Cli.run("run", "--db", db(), "--plan", plan.toString(), "--target",
                dir.resolve("a.img").toString(), "--target", dir.resolve("b.img").toString());

        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.out().contains("Group 1: runs [1, 2]"), run.out());
        assertTrue(run.out().contains("[" + dir.resolve("b.img") + "]   01-randread-4k-qd4-j1"), run.out());
        assertTrue(run.out().contains("Combined: 2 targets run at the same time"), run.out());

        Cli.Result show = Cli.run("show", "2", "--db", db(), "--combined");
        assertTrue(show.out().contains("Group:    1 \"one on "), show.out());
        assertTrue(show.lines().stream().anyMatch(l -> l.matches("4k randread +randread +4k +4 +1 +2 +read .*")),
                show.out());
        Cli.Result export = Cli.run("export", "1", "--db", db(), "--combined");
        assertTrue(export.lines().get(0).startsWith("run_id,targets,point_key,"), export.out());
        assertTrue(export.lines().get(1).startsWith("1,2,01-randread-4k-qd4-j1,"), export.out());
    }

    @Test
    void aRunOfOneTargetHasNothingToCombine() {
        Cli.Result run = Cli.run("run", "--db", db(), "--preset", "dlio-checkpoint", "--target",
                dir.resolve("c.img").toString(), "--size", "16M");
        assertEquals(0, run.exitCode(), run.toString());

        Cli.Result show = Cli.run("show", "1", "--db", db(), "--combined");

        assertEquals(2, show.exitCode());
        assertTrue(show.err().contains("run 1 ran on one target"), show.err());
    }
}
