package io.drivelab.safety;

import io.drivelab.cli.Cli;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.EngineException;
import io.drivelab.engine.EngineListener;
import io.drivelab.engine.EngineProcess;
import io.drivelab.run.ConfirmationNeeded;
import io.drivelab.run.PlanRunner;
import io.drivelab.run.RunException;
import io.drivelab.run.RunListener;
import io.drivelab.run.TargetClearance;
import io.drivelab.run.WriteGuard;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * File targets: DriveLab writes only files its engine created (marked user.drivelab) unless told to, and removes
 * the test file a run created when the run completes, unless kept.
 */
@Timeout(120)
class FileTargetTest {
    private static final long MIB = 1 << 20;
    private static final Path ENGINE = Path.of(System.getProperty("drivelab.engine", "target/drivelab-engine"));

    @TempDir
    Path dir;
    Store store;
    Path target;

    @BeforeEach
    void open() {
        store = Store.open(dir.resolve("d.db"));
        target = dir.resolve("test.img");
    }

    @AfterEach
    void close() {
        store.close();
    }

    private PlanRunner runner() {
        return new PlanRunner(store, ENGINE, new DeviceDiscovery(), RunListener.NONE).statusInterval(200);
    }

    /** One 1-second point of {@code rw} on a 4 MiB region. */
    private static TestPlan plan(Rw rw) {
        return new TestPlan("file-" + rw.value(), "", Region.ofSize(4 * MIB),
                List.of(new WorkloadStep(Workload.of(rw, 4096), Matrix.single(1, 1, 1, 0, 0))));
    }

    private EngineException engineFails(String... options) throws Exception {
        try (EngineProcess engine = EngineProcess.start(ENGINE, List.of(options), EngineListener.NONE)) {
            return assertThrows(EngineException.class, engine::awaitResult);
        }
    }

    // ---------------------------------------------------------------- the engine's own rule

    @Test
    void theEngineMarksTheFilesItCreates() throws Exception {
        try (EngineProcess engine = EngineProcess.start(ENGINE, List.of("--filename=" + target, "--size=1m"),
                EngineListener.NONE)) {
            engine.awaitResult();
        }

        assertTrue(WriteGuard.isDriveLabFile(target), "no user.drivelab mark on a file the engine created");
    }

    @Test
    void theEngineRefusesToWriteAFileItDidNotCreate() throws Exception {
        Loop.randomFile(target, (int) MIB, 7);
        String before = Loop.sha256(target);

        EngineException e = engineFails("--filename=" + target, "--rw=randwrite", "--size=1m");

        assertEquals("guard", e.op());
        assertTrue(e.getMessage().contains("--overwrite-file"), e.getMessage());
        assertEquals(before, Loop.sha256(target));
    }

    @Test
    void theEngineRefusesToGrowAFileItDidNotCreateEvenForReads() throws Exception {
        Loop.randomFile(target, (int) MIB, 7);
        String before = Loop.sha256(target);

        EngineException e = engineFails("--filename=" + target, "--rw=read", "--size=2m");

        assertEquals("guard", e.op());
        assertTrue(e.getMessage().contains("smaller than the region"), e.getMessage());
        assertEquals(before, Loop.sha256(target));
    }

    @Test
    void theEngineRefusesFilesAmongTheKernelsSettings() throws Exception {
        EngineException proc = engineFails("--filename=/proc/sysrq-trigger", "--rw=write", "--size=1m",
                "--overwrite-file");
        EngineException sys = engineFails("--filename=/sys/kernel/drivelab.img", "--rw=read", "--size=1m");

        assertEquals("place", proc.op(), proc.getMessage());
        assertEquals("place", sys.op(), sys.getMessage());
    }

    @Test
    void aLinkToAFileTheEngineDidNotCreateIsRefusedToo() throws Exception {
        Path precious = dir.resolve("precious.db");
        Loop.randomFile(precious, (int) MIB, 8);
        String before = Loop.sha256(precious);
        Files.createSymbolicLink(target, precious);

        EngineException e = engineFails("--filename=" + target, "--rw=write", "--size=1m");

        assertEquals("guard", e.op());
        assertEquals(before, Loop.sha256(precious));
    }

    @Test
    void aCheckpointIntoAFolderNeverTruncatesAFileTheEngineDidNotWrite() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("training"));
        Path theirs = folder.resolve("ckpt-001-001-rank0.pt");
        Loop.randomFile(theirs, (int) MIB, 10);
        String before = Loop.sha256(theirs);

        EngineException e = engineFails("--filename=" + folder, "--rw=checkpoint", "--checkpoint_size=4m",
                "--checkpoints=2", "--numjobs=1", "--direct=0");

        assertEquals("guard", e.op());
        assertTrue(e.getMessage().contains(theirs.toString()), e.getMessage());
        assertEquals(before, Loop.sha256(theirs));
    }

    // ---------------------------------------------------------------- the runner and the CLI

    @Test
    void aWritePlanOnAnExistingFileDriveLabDidNotCreateIsRefusedBeforeAnythingRuns() throws Exception {
        Loop.randomFile(target, (int) (4 * MIB), 9);
        String before = Loop.sha256(target);

        ConfirmationNeeded e = assertThrows(ConfirmationNeeded.class, () -> runner().createRun(
                plan(Rw.RANDWRITE), target, null, null));

        assertTrue(e.getMessage().contains("not a DriveLab test file"), e.getMessage());
        assertEquals(TargetClearance.Kind.CONFIRM_OVERWRITE, e.clearance().kind());
        assertFalse(e.getMessage().contains("--"), "the core names no option of the CLI: " + e.getMessage());
        assertTrue(store.listRuns().isEmpty());
        assertEquals(before, Loop.sha256(target));
    }

    @Test
    void aReadPlanOnAnExistingFileRunsAndLeavesItThere() throws Exception {
        Loop.randomFile(target, (int) (4 * MIB), 9);
        String before = Loop.sha256(target);
        PlanRunner runner = runner();

        long id = runner.createRun(plan(Rw.RANDREAD), target, null, null);

        assertEquals(RunStatus.COMPLETE, runner.execute(id, null));
        assertEquals(before, Loop.sha256(target), "a file DriveLab did not create was changed or removed");
    }

    @Test
    void overwriteFileConfirmsAndTheFileIsNotRemovedAfterwards() throws Exception {
        Loop.randomFile(target, (int) (4 * MIB), 9);
        String before = Loop.sha256(target);
        PlanRunner runner = runner().overwriteFile(true);

        long id = runner.createRun(plan(Rw.RANDWRITE), target, null, null);

        assertEquals(RunStatus.COMPLETE, runner.execute(id, null));
        assertTrue(Files.exists(target), "a file DriveLab did not create was removed");
        assertFalse(before.equals(Loop.sha256(target)), "the confirmed write plan wrote nothing");
    }

    @Test
    void theTestFileARunCreatedIsRemovedWhenTheRunCompletes() {
        PlanRunner runner = runner();
        long id = runner.createRun(plan(Rw.RANDWRITE), target, null, null);

        assertEquals(RunStatus.COMPLETE, runner.execute(id, null));
        assertFalse(Files.exists(target), "the test file is left behind");
    }

    @Test
    void keepFileKeepsTheTestFile() {
        PlanRunner runner = runner().keepFile(true);
        long id = runner.createRun(plan(Rw.RANDWRITE), target, null, null);

        assertEquals(RunStatus.COMPLETE, runner.execute(id, null));
        assertTrue(WriteGuard.isDriveLabFile(target));
    }

    @Test
    void aTestFileKeptFromAnotherRunIsReusedAndNotRemoved() {
        PlanRunner first = runner().keepFile(true);
        first.execute(first.createRun(plan(Rw.RANDWRITE), target, "keeps", null), null);
        PlanRunner second = runner();

        long id = second.createRun(plan(Rw.RANDWRITE), target, "reuses", null);

        assertEquals(RunStatus.COMPLETE, second.execute(id, null));
        assertTrue(Files.exists(target), "a run removed a file another run had created");
    }

    @Test
    void anUnfinishedRunKeepsItsTestFileAndTheResumeThatCompletesItRemovesIt() throws Exception {
        // two points: the first one stores, then the run is cancelled
        TestPlan plan = new TestPlan("two", "", Region.ofSize(4 * MIB), List.of(new WorkloadStep(
                Workload.of(Rw.RANDWRITE, 4096), Matrix.of(List.of(1, 2), List.of(1), 1, 0, 0))));
        PlanRunner[] runner = new PlanRunner[1];
        runner[0] = new PlanRunner(store, ENGINE, new DeviceDiscovery(), new RunListener() {
            @Override
            public void pointFinished(io.drivelab.run.RunProgress p, io.drivelab.workload.PlanItem item,
                                      io.drivelab.store.PointResult r) {
                runner[0].cancel();
            }
        }).statusInterval(200);
        long id = runner[0].createRun(plan, target, null, null);
        assertEquals(RunStatus.INTERRUPTED, runner[0].execute(id, null));
        assertTrue(Files.exists(target), "the interrupted run's test file is gone before the resume");

        assertEquals(RunStatus.COMPLETE, runner().resume(id, null));
        assertFalse(Files.exists(target), "the test file is left behind after the resume completed the run");
    }

    @Test
    void aFilePutInPlaceOfTheTestFileDuringTheRunIsNotRemoved() {
        PlanRunner runner = new PlanRunner(store, ENGINE, new DeviceDiscovery(), new RunListener() {
            @Override
            public void pointFinished(io.drivelab.run.RunProgress p, io.drivelab.workload.PlanItem item,
                                      io.drivelab.store.PointResult r) {
                try {
                    Files.delete(target);
                    Loop.randomFile(target, (int) MIB, 11);  // someone else's file now, under the same name
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }).statusInterval(200);
        long id = runner.createRun(plan(Rw.RANDREAD), target, null, null);

        assertEquals(RunStatus.COMPLETE, runner.execute(id, null));
        assertTrue(Files.exists(target), "the run removed a file it did not create");
    }

    @Test
    void theCommandLineNamesOverwriteFileAndExits2() throws Exception {
        Loop.randomFile(target, (int) (4 * MIB), 9);

        Cli.Result r = Cli.run("run", "--db", dir.resolve("cli.db").toString(), "--target", target.toString(),
                "--preset", "quick", "--size", "4M", "--runtime", "1");

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("--overwrite-file"), r.err());
    }
}
