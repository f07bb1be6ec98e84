package io.drivelab.ui.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import io.drivelab.IntegrationTest;
import io.drivelab.report.Numbers;
import io.drivelab.report.Throughput;
import io.drivelab.store.EngineLines;
import io.drivelab.store.NewRun;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.ui.DirectTasks;
import io.drivelab.ui.common.FileDialogs;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.Point;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;
import javafx.scene.Scene;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** History's table on headless Monocle over a real database: its figures, their order, and copying rows. */
@IntegrationTest
class HistoryViewTest {
    private static final TestPlan PLAN = new TestPlan("two-depths", "4K random read at QD1 and QD32",
            Region.ofSize(1L << 30), List.of(new WorkloadStep(Workload.of("4K random read", Rw.RANDREAD, 4096),
            Matrix.of(List.of(1, 32), List.of(1), 5, 0, 0))));

    @TempDir
    Path dir;
    private Store store;
    private TableView<?> table;
    private final FxRobot robot = new FxRobot();
    private long slow;
    private long middle;
    private long fast;

    @BeforeEach
    void threeRunsInHistory() throws Exception {
        store = Store.open(dir.resolve("drivelab.db"));
        // Text would order these 10,000, 100,000, 9,000.
        slow = run(9_000, 1);
        middle = run(10_000, 2);
        fast = run(100_000, 2);
        FxToolkit.registerPrimaryStage();
        HistoryViewModel model = new HistoryViewModel(new DirectTasks(), store, (id, format, file) -> {
        });
        FxToolkit.setupStage(stage -> {
            HistoryView view = new HistoryView(model, new NoDialogs(), r -> {
            }, r -> {
            });
            stage.setScene(new Scene(view, 1200, 500));
            stage.show();
            model.refresh();
        });
        WaitForAsyncUtils.waitForFxEvents();
        table = robot.lookup("#runs").queryAs(TableView.class);
    }

    @AfterEach
    void close() throws Exception {
        FxToolkit.cleanupStages();
        store.close();
    }

    /** A run of {@link #PLAN} with its first {@code points} points stored at {@code iops}. */
    private long run(int iops, int points) {
        long id = store.createRun(new NewRun("at " + iops, PlanFiles.toJson(PLAN), PLAN.name(), "/tmp/x.img",
                "file", null, "lab1", "0.1.0"));
        for (int i = 0; i < points; i++) {
            Point p = PLAN.points().get(i);
            PointMeta meta = new PointMeta(p.key(), i, PointKind.MEASURE, p.workload().name(), "randread", 4096L,
                    null, null, p.iodepth(), p.numjobs());
            String line = EngineLines.randread4k(5000, 5L * iops).replace("100000.5", Integer.toString(iops));
            Instant start = Instant.parse("2026-01-02T10:00:00Z").plusSeconds(6L * i);
            store.savePoint(id, PointResult.fromEngineResult(meta, EngineLines.parse(line), start,
                    start.plusSeconds(5)), List.of());
        }
        store.updateRunStatus(id, points == PLAN.points().size() ? RunStatus.COMPLETE : RunStatus.INTERRUPTED,
                points == PLAN.points().size() ? null : "stopped");
        return id;
    }

    private TableColumn<?, ?> column(String title) {
        return table.getColumns().stream().filter(c -> c.getText().equals(title)).findFirst().orElseThrow();
    }

    private String cell(String title, long runId) {
        for (int row = 0; row < table.getItems().size(); row++) {
            if (String.valueOf(column("Run").getCellData(row)).equals(String.valueOf(runId))) {
                return String.valueOf(column(title).getCellData(row));
            }
        }
        throw new AssertionError("run " + runId + " is not listed");
    }

    private List<Object> runsInOrder() {
        return java.util.stream.IntStream.range(0, table.getItems().size())
                .mapToObj(row -> column("Run").getCellData(row)).map(Object.class::cast).toList();
    }

    @Test
    void eachRunShowsItsPointsDoneOfPlannedItsPeakWithItsWorkloadAndItsDuration() {
        assertEquals("1/2", cell("Points", slow));
        assertEquals("2/2", cell("Points", fast));
        assertEquals(Numbers.figure(9_000) + " IOPS · 4K random read QD1/1", cell("Peak IOPS", slow));
        assertEquals(Numbers.figure(100_000) + " IOPS · 4K random read QD1/1", cell("Peak IOPS", fast));
        assertEquals("null", cell("Peak bandwidth", fast), "no large transfers measured: no bandwidth peak");
        assertTrue(cell("Duration", fast).matches("\\d+ s"), "a duration: " + cell("Duration", fast));
    }

    @Test
    void thePeakSortsByItsFigureNotByItsText() {
        TableColumn<?, ?> peak = column("Peak IOPS");
        robot.interact(() -> {
            peak.setSortType(TableColumn.SortType.ASCENDING);
            sortBy(peak);
        });
        assertEquals(List.<Object>of(slow, middle, fast), runsInOrder());
        robot.interact(() -> peak.setSortType(TableColumn.SortType.DESCENDING));
        assertEquals(List.<Object>of(fast, middle, slow), runsInOrder());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void sortBy(TableColumn column) {
        ((TableView) table).getSortOrder().setAll(column);
    }

    @Test
    void ctrlCCopiesTheSelectedRowsAsTabSeparatedTextWithAHeader() {
        robot.interact(() -> {
            table.getSelectionModel().clearSelection();
            table.getSelectionModel().selectIndices(0, 2);
            table.requestFocus();
            Clipboard.getSystemClipboard().clear();
        });
        robot.press(KeyCode.CONTROL, KeyCode.C).release(KeyCode.C, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        String[] lines = clipboard().split("\n");
        assertEquals(3, lines.length, clipboard());
        assertEquals("Run\tStarted\tName\tTarget\tPlan\tStatus\tPoints\tPeak IOPS\tPeak bandwidth\tDuration", lines[0]);
        // Newest first: run "fast", then (row 2) run "slow".
        String[] first = lines[1].split("\t", -1);
        assertEquals(10, first.length, lines[1]);
        assertEquals(String.valueOf(fast), first[0]);
        assertEquals("at 100000", first[2]);
        assertEquals("2/2", first[6]);
        assertTrue(lines[2].startsWith(slow + "\t"), lines[2]);
        assertTrue(lines[2].contains("\t1/2\t"), lines[2]);
    }

    @Test
    void theContextMenuCopiesTheSelectedRow() {
        robot.interact(() -> {
            table.getSelectionModel().clearAndSelect(1);
            Clipboard.getSystemClipboard().clear();
        });
        MenuItem copy = table.getContextMenu().getItems().get(0);
        assertEquals("Copy", copy.getText());
        robot.interact(copy::fire);
        String[] lines = clipboard().split("\n");
        assertEquals(2, lines.length, clipboard());
        assertTrue(lines[1].startsWith(middle + "\t"), lines[1]);
        assertTrue(lines[1].contains("\tat 10000\t"), lines[1]);
    }

    private String clipboard() {
        AtomicReference<String> text = new AtomicReference<>();
        robot.interact(() -> text.set(Clipboard.getSystemClipboard().getString()));
        return text.get() == null ? "" : text.get();
    }

    private static final class NoDialogs implements FileDialogs {
        @Override
        public Optional<Path> saveFile(String title, Path suggested, String description, String extension) {
            return Optional.empty();
        }

        @Override
        public Optional<Path> openFile(String title, Path folder, String description, String extension) {
            return Optional.empty();
        }

        @Override
        public Optional<Path> chooseFolder(String title, Path folder) {
            return Optional.empty();
        }
    }
}
