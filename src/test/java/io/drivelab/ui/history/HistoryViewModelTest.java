package io.drivelab.ui.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.drivelab.report.TinyRuns;
import io.drivelab.store.NewRun;
import io.drivelab.store.Run;
import io.drivelab.store.Store;
import io.drivelab.ui.DirectTasks;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** History on a real database with real runs, without JavaFX running. */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HistoryViewModelTest {
    private Path dir;
    private Store store;
    private long first;
    private long second;
    private final List<String> exports = new java.util.ArrayList<>();
    private HistoryViewModel vm;

    @BeforeAll
    void twoRuns(@TempDir Path temp) {
        dir = temp;
        store = Store.open(dir.resolve("drivelab.db"));
        first = TinyRuns.twoPoints(store, dir);
        second = TinyRuns.twoPoints(store, dir);
        vm = new HistoryViewModel(new DirectTasks(), store, (id, format, file) -> {
            exports.add(id + " " + format);
            Files.writeString(file, "exported " + id);
        });
    }

    @AfterAll
    void close() {
        store.close();
    }

    private Run run(long id) {
        return vm.runs().stream().filter(r -> r.id() == id).findFirst().orElseThrow();
    }

    @Test
    void theRunsAreListedNewestFirst() {
        vm.refresh();
        assertEquals(List.of(second, first), vm.runs().stream().map(Run::id).toList());
    }

    @Test
    void eachRunsPointsPeakAndDurationAreReadAfterTheList() {
        vm.refresh();
        RunFigures f = vm.figuresProperty().get().get(first);
        assertEquals("2/2", f.points().toString());
        assertTrue(f.iops().value() > 0, f.iops().toString());
        assertTrue(f.iops().workload().startsWith("4K random read QD1/"), f.iops().workload());
        assertEquals(null, f.bandwidth(), "no large transfers: no MB/s peak");
        assertTrue(f.duration() != null && !f.duration().time().isNegative(), String.valueOf(f.duration()));
        assertEquals(java.util.Set.of(first, second), vm.figuresProperty().get().keySet());
    }

    @Test
    void aPeakOfAPointStoppedPartWayIsSaidPartial(@TempDir Path other) {
        // an interrupted crystaldiskmark run's peak was its stopped test's figure, said as any other
        try (Store stopped = Store.open(other.resolve("drivelab.db"))) {
            Run tiny = store.getRun(first).orElseThrow();
            long id = stopped.createRun(new NewRun("stopped", tiny.planJson(), tiny.planName(), tiny.target(),
                    tiny.targetKind(), null, null, null, null, null));
            store.listPoints(first).forEach(p -> stopped.savePoint(id, p.point().withStatus(
                    io.drivelab.store.PointStatus.PARTIAL, "stopped by the user"), List.of()));
            HistoryViewModel history = new HistoryViewModel(new DirectTasks(), stopped, (i, format, file) -> { });
            history.refresh();

            RunFigures f = history.figuresProperty().get().get(id);
            assertTrue(f.iops().workload().endsWith(" (partial)"), f.iops().workload());
            vm.refresh();
            assertFalse(vm.figuresProperty().get().get(first).iops().workload().contains("partial"));
        }
    }

    /** Read in slices of 25 (before), 30 runs' figures came in two changes, each sorting and redrawing the table. */
    @Test
    void theFiguresOfManyRunsArriveInOneChange(@TempDir Path other) {
        try (Store many = Store.open(other.resolve("drivelab.db"))) {
            Run tiny = store.getRun(first).orElseThrow();
            for (int i = 0; i < 30; i++) {
                long id = many.createRun(new NewRun("copy " + i, tiny.planJson(), tiny.planName(), tiny.target(),
                        tiny.targetKind(), null, null, null, null, null));
                store.listPoints(first).forEach(p -> many.savePoint(id, p.point(), List.of()));
            }
            HistoryViewModel history = new HistoryViewModel(new DirectTasks(), many, (id, format, file) -> { });
            List<Map<Long, RunFigures>> changes = new ArrayList<>();
            history.figuresProperty().addListener((o, was, now) -> changes.add(now));

            history.refresh();

            assertEquals(1, changes.size(), "one change of the figures");
            assertEquals(30, changes.get(0).size());
            for (RunFigures f : changes.get(0).values()) {
                assertEquals("2/2", f.points().toString(), "counted from the plan stored with the run");
                assertTrue(f.iops().workload().startsWith("4K random read QD1/"), f.iops().workload());
            }
        }
    }

    @Test
    void aRunCanBeRenamed() {
        vm.refresh();
        vm.rename(run(first), "  baseline before the firmware update ");
        assertEquals("baseline before the firmware update", run(first).name());
        assertEquals("Run " + first + " renamed.", vm.messageProperty().get());
    }

    @Test
    void anEmptyNameIsRefused() {
        vm.refresh();
        String before = run(first).name();
        vm.rename(run(first), " ");
        assertEquals("A run's name cannot be empty.", vm.messageProperty().get());
        assertEquals(before, run(first).name());
    }

    @Test
    void anExportIsWrittenAndReported() throws Exception {
        vm.refresh();
        Path file = dir.resolve("run.csv");
        vm.export(run(second), HistoryViewModel.ExportFormat.CSV, file);
        assertEquals("exported " + second, Files.readString(file));
        assertEquals("Run " + second + " exported to " + file + ".", vm.messageProperty().get());
    }

    @Test
    void aFailedExportSaysWhyWithoutAStackTrace() {
        HistoryViewModel failing = new HistoryViewModel(new DirectTasks(), store, (id, format, file) -> {
            throw new IllegalStateException("cannot write /nope/run.json: its folder does not exist");
        });
        failing.refresh();
        failing.export(failing.runs().get(0), HistoryViewModel.ExportFormat.JSON, Path.of("/nope/run.json"));
        assertEquals("Cannot write /nope/run.json: its folder does not exist.", failing.messageProperty().get());
    }

    @Test
    void onlyInterruptedAndFailedRunsCanBeResumed() {
        vm.refresh();
        assertFalse(HistoryViewModel.resumable(run(first)), "a complete run");
        assertFalse(HistoryViewModel.resumable(null));
    }

    @Test
    void aDeletedRunIsGoneWithItsPoints() {
        long third = TinyRuns.twoPoints(store, dir);
        vm.refresh();
        vm.delete(run(third));
        assertTrue(vm.runs().stream().noneMatch(r -> r.id() == third));
        assertEquals(List.of(), store.listPoints(third));
        assertEquals("Run " + third + " deleted.", vm.messageProperty().get());
    }

    @Test
    void anActionOnARunDeletedElsewhereSaysSoAndListsTheRunsAgain() {
        // `drivelab delete` in a terminal while the window listed the run: "No run 7." and the run stayed listed
        long third = TinyRuns.twoPoints(store, dir);
        HistoryViewModel vm = new HistoryViewModel(new DirectTasks(), store, (id, format, file) ->
                io.drivelab.export.RunExport.write(store, id, io.drivelab.export.RunExport.Format.CSV, false, file));
        vm.refresh();
        Run listed = vm.runs().stream().filter(r -> r.id() == third).findFirst().orElseThrow();
        store.deleteRun(third);
        for (Runnable action : List.<Runnable>of(() -> vm.rename(listed, "new name"), () -> vm.delete(listed),
                () -> vm.export(listed, HistoryViewModel.ExportFormat.CSV, dir.resolve("gone.csv")))) {
            vm.refresh();
            assertTrue(vm.runs().contains(listed) || vm.runs().stream().noneMatch(r -> r.id() == third));
            action.run();
            assertEquals("Run " + third + " is no longer stored: it was deleted since this list was read (by "
                    + "`drivelab delete` or another DriveLab window). The list is read again.",
                    vm.messageProperty().get());
            assertTrue(vm.runs().stream().noneMatch(r -> r.id() == third));
        }
    }

    @Test
    void deletingAnInterruptedRunOnATestFileRemovesTheFileItKeptForItsResume() throws Exception {
        Path file = dir.resolve("drivelab-test.img");
        long id = store.createRun(new NewRun("quick on " + file, "{}", "quick", file.toString(), "file", null,
                "host", "test"));
        store.updateRunStatus(id, io.drivelab.store.RunStatus.INTERRUPTED, "stopped by the user");
        Files.write(file, new byte[4096]);
        io.drivelab.run.TestFileTags.tag(file, store, id);
        vm.refresh();

        assertEquals("Run " + id + " (quick on " + file + ") and all its points will be deleted from the results "
                + "database. The test file it kept for its resume, " + file + ", is removed with it.",
                HistoryViewModel.deletion(run(id)));
        vm.delete(run(id));
        assertFalse(Files.exists(file), "the test file stayed behind its run");
        assertEquals("Run " + id + " deleted, with the test file it kept for its resume, " + file + ".",
                vm.messageProperty().get());
        assertEquals("Run " + first + " (" + run(first).name() + ") and all its points will be deleted from the "
                + "results database.", HistoryViewModel.deletion(run(first)), "a complete run keeps no file");
    }
}
