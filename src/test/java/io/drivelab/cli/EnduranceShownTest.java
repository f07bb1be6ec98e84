package io.drivelab.cli;

import io.drivelab.store.HealthSnapshot;
import io.drivelab.store.NewRun;
import io.drivelab.store.Store;
import io.drivelab.telemetry.HealthLogs;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.TestPlan;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code drivelab show}: the share of the drive's rated endurance the run wrote, by the saved nvme-cli logs. */
class EnduranceShownTest {
    private static final Instant T0 = Instant.parse("2026-12-01T18:00:00Z");

    @TempDir
    Path dir;
    String db;
    long runId;

    private static String saved(String name) throws IOException {
        try (InputStream in = EnduranceShownTest.class.getResourceAsStream("/telemetry/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A run on a drive the library does not rate, with the health logs before and after. */
    @BeforeEach
    void run() throws IOException {
        db = dir.resolve("drivelab.db").toString();
        try (Store store = Store.open(Path.of(db))) {
            long drive = store.createDrive("Samsung SSD 990 PRO 2TB", "S7", "4B2QJXD7", 2_000_398_934_016L).id();
            TestPlan quick = StoredRuns.quick();
            runId = store.createRun(new NewRun("nightly", PlanFiles.toJson(quick), quick.name(), "/dev/nvme0n1",
                    "device", drive, "lab1", "0.1.0"));
            StoredRuns.savePoint(store, runId, quick, 0, StoredRuns.SEQWRITE_128K);
            store.saveHealth(runId, HealthLogs.nvmeCli(saved("nvme-smart-log-before.json"), HealthSnapshot.BEFORE,
                    T0, "nvme0n1"));
            store.saveHealth(runId, HealthLogs.nvmeCli(saved("nvme-smart-log-after.json"), HealthSnapshot.AFTER,
                    T0.plusSeconds(60), "nvme0n1"));
        }
    }

    @Test
    void anUnratedDriveIsUnknownWithTheCommandLinesHint() {
        Cli.Result result = Cli.run("show", "--db", db, String.valueOf(runId));

        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.out().contains("the run wrote 4.30 GB to the drive, its share of the rated endurance is "
                + "unknown: no rating of Samsung SSD 990 PRO 2TB in the reference library"), result.out());
        assertTrue(result.lines().contains(RatedEnduranceOption.HINT), result.out());
    }

    @Test
    void ratedTbwGivesTheShare() {
        Cli.Result result = Cli.run("show", "--db", db, String.valueOf(runId), "--rated-tbw", "1200");

        assertEquals(0, result.exitCode(), result.toString());
        // 4,295,168,000 bytes of 1,200 TB
        assertTrue(result.out().contains("the run wrote 4.30 GB to the drive, 0.00036 % of its rated 1,200 TBW "
                + "(as given)"), result.out());
        assertTrue(!result.out().contains(RatedEnduranceOption.HINT), result.out());
    }

    @Test
    void aRatingThatIsNoPositiveNumberIsBadInput() {
        Cli.Result result = Cli.run("show", "--db", db, String.valueOf(runId), "--rated-tbw", "0");

        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.err().contains("--rated-tbw: a drive's rated endurance is a positive number of terabytes "
                + "written (TBW)"), result.err());
        assertEquals("", result.out());
    }
}
