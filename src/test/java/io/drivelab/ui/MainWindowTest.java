package io.drivelab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.report.TinyRuns;
import io.drivelab.run.RunSession;
import io.drivelab.store.Store;
import io.drivelab.ui.compare.CompareViewModel;
import javafx.application.Application;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** Starts the real application on headless Monocle (surefire's argLine) and looks at its window. */
@IntegrationTest
class MainWindowTest {
    @TempDir
    Path dir;
    private Stage stage;
    private Application app;
    private final FxRobot robot = new FxRobot();

    private WindowUnderTest window;

    private void open() throws Exception {
        window = WindowUnderTest.open(dir);
        stage = window.stage();
        app = window.app();
    }

    private void close() throws Exception {
        window.close();
        app = null;
    }

    @AfterEach
    void closeApp() throws Exception {
        if (app != null) {
            close();
        }
    }

    private <T extends javafx.scene.Node> T find(String query, Class<T> type) {
        return robot.lookup(query).queryAs(type);
    }

    @Test
    void theWindowOpensWithTheTestFileTickedAndTheQuickPreset() throws Exception {
        open();
        assertTrue(stage.isShowing(), "window not showing");
        assertEquals("DriveLab", stage.getTitle());
        // The default size, or the screen's where that is smaller (Monocle's headless screen is 1280 x 800).
        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        assertEquals(Math.min(Settings.DEFAULT_WIDTH, screen.getWidth()), stage.getScene().getWidth(), 1);
        assertEquals(Math.min(Settings.DEFAULT_HEIGHT, screen.getHeight()), stage.getScene().getHeight(), 1);
        assertTrue(find("#target-file", CheckBox.class).isSelected());
        assertEquals("quick", find("#preset", ComboBox.class).getValue());
        assertEquals("16 points, about 1 min 36 s per target", find("#estimate", Label.class).getText());
        assertFalse(find("#start", Button.class).isDisabled());
        assertTrue(find("#stop", Button.class).isDisabled());
        // the Targets column's buttons were cut to "Add remote h…" and "Refre…" beside the drive count
        for (String id : List.of("#add-remote", "#refresh-drives")) {
            Button button = find(id, Button.class);
            double[] widths = new double[2];
            robot.interact(() -> {
                widths[0] = button.getWidth();
                widths[1] = button.prefWidth(-1);
            });
            assertTrue(widths[0] >= widths[1] - 0.5,
                    id + " is " + widths[0] + " px wide, its text needs " + widths[1]);
        }
    }

    /** The database held by another program: the window shows at once, saying what it is still loading. */
    @Test
    void theWindowShowsBeforeTheDatabaseIsOpenAndFillsHistoryOnceItCanBeRead() throws Exception {
        Path db = dir.resolve("drivelab.db");
        try (Store store = Store.open(db)) {
            TinyRuns.twoPoints(store, dir);
        }
        try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            // No other connection reads the file until this one lets go.
            other.createStatement().execute("PRAGMA locking_mode = EXCLUSIVE");
            other.createStatement().execute("BEGIN EXCLUSIVE");
            other.createStatement().execute("UPDATE runs SET name = name");

            open();

            assertTrue(stage.isShowing(), "window not showing");
            robot.interact(() -> find("#tabs", javafx.scene.control.TabPane.class).getSelectionModel().select(2));
            TableView<?> runs = find("#runs", TableView.class);
            assertEquals("Loading the stored runs…", ((Label) runs.getPlaceholder()).getText());
            robot.interact(() -> find("#tabs", javafx.scene.control.TabPane.class).getSelectionModel().select(1));
            assertEquals(CompareViewModel.LOADING, find("#compare-message", Label.class).getText());
            other.createStatement().execute("ROLLBACK");
        }
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> runs().size() == 1);
        assertEquals("No runs yet: start one with the Start button.",
                ((Label) find("#runs", TableView.class).getPlaceholder()).getText());
    }

    /** A window killed mid-run (SIGKILL, a machine gone down): the next start says what it found. */
    @Test
    void aRunLeftRunningByAWindowThatIsGoneIsSaidOnTheStatusLine() throws Exception {
        long left;
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            left = store.createRun(new io.drivelab.store.NewRun("quick on a.img", "{}", "quick", "a.img", "file",
                    null, "lab1", "0.1.0"), new io.drivelab.store.RunnerProcess(ProcessHandle.current().pid(),
                    java.time.Instant.EPOCH));
        }
        open();

        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> robot.lookup("#status-line").queryAs(Label.class)
                .getText().startsWith("Run " + left + " (quick on a.img) stopped before it finished"));
    }

    @Test
    void compareAndHistoryJoinTheWindowWhenFirstChosen() throws Exception {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            TinyRuns.twoPoints(store, dir);
        }
        open();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> ((DriveLabApp) app).window().loadedProperty().get());

        assertTrue(robot.lookup("#runs").tryQuery().isEmpty(), "History styled and laid out at the start");
        assertTrue(robot.lookup("#compare-runs").tryQuery().isEmpty(), "Compare styled and laid out at the start");
        robot.clickOn("#tab-history");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> runs().size() == 1);
        robot.clickOn("#tab-compare");
        assertEquals(1, find("#compare-runs", javafx.scene.control.ListView.class).getItems().size());
        robot.clickOn("#tab-history");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> runs().size() == 1);
    }

    /** The GUI and `drivelab` on one database: a run the other stored is listed as Compare is chosen again. */
    @Test
    void aRunStoredByAnotherProgramIsListedWhenCompareIsChosenAgain() throws Exception {
        Path db = dir.resolve("drivelab.db");
        try (Store store = Store.open(db)) {
            TinyRuns.twoPoints(store, dir);
        }
        open();
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> ((DriveLabApp) app).window().loadedProperty().get());
        robot.clickOn("#tab-compare");
        assertEquals(1, find("#compare-runs", javafx.scene.control.ListView.class).getItems().size());
        robot.clickOn("#tab-live");

        try (Store elsewhere = Store.open(db)) {
            TinyRuns.twoPoints(elsewhere, dir);
        }
        robot.clickOn("#tab-compare");

        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> find("#compare-runs", javafx.scene.control.ListView.class).getItems().size() == 2);
    }

    /** Compare kept the run it ticked at the start: the run the window just did was not in the comparison. */
    @Test
    void theRunTheWindowJustEndedIsTickedInCompareBesideWhatWasTicked() throws Exception {
        long older;
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            older = TinyRuns.twoPoints(store, dir);
        }
        open();
        DriveLabApp window = (DriveLabApp) app;
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> window.window().loadedProperty().get());
        assertEquals(List.of(older), FxWait.fx(() -> window.window().compare().chosenRunIds()), "ticked at the start");
        robot.interact(() -> {
            find("#file-folder", TextField.class).setText(dir.toString());
            find("#file-size", TextField.class).setText("16M");
        });
        robot.clickOn("#start");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> FxWait.fx(() -> window.window().run().isRunning()));
        robot.clickOn("#stop");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> FxWait.fx(() -> !window.window().run().isRunning()));
        long ended = FxWait.fx(() -> window.window().run().lastRunIdProperty().get());

        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> FxWait.fx(() -> window.window().compare().chosenRunIds()).equals(List.of(ended, older)));
    }

    private List<?> runs() {
        return find("#runs", TableView.class).getItems();
    }

    @Test
    void aMatrixCellNamesItsDepthAndJobsWhenTheMouseComesOverIt() throws Exception {
        open();
        CheckBox cell = robot.lookup(n -> n.getId() != null && n.getId().startsWith("cell-")).queryAs(CheckBox.class);
        String[] depthAndJobs = cell.getId().split("-");

        robot.moveTo(cell);
        WaitForAsyncUtils.waitForFxEvents();

        String jobs = depthAndJobs[2].equals("1") ? " job" : " jobs";
        assertEquals("IODepth " + depthAndJobs[1] + ", " + depthAndJobs[2] + jobs, cell.getTooltip().getText());
    }

    @Test
    void aTestFileFolderKeptInRamIsSaidToMeasureMemory() throws Exception {
        open();
        Label note = find("#file-in-memory", Label.class);
        robot.interact(() -> find("#file-folder", TextField.class).setText("/dev/shm"));
        // asked off the UI thread: the answer comes a moment later
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, note::isVisible);
        assertTrue(note.getText().startsWith("In RAM (tmpfs): a run here measures memory"), note.getText());
        Path onDisk = Path.of("target").toAbsolutePath();
        org.junit.jupiter.api.Assumptions.assumeTrue(
                io.drivelab.device.DeviceDiscovery.memoryFileSystem(onDisk).isEmpty(), "the build folder is on a disk");
        robot.interact(() -> find("#file-folder", TextField.class).setText(onDisk.toString()));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !note.isVisible());
    }

    @Test
    void startIsDisabledWithTheReasonShown() throws Exception {
        open();
        robot.clickOn("#target-file");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(find("#start", Button.class).isDisabled());
        assertEquals("Start: Tick a target: the test file or a drive.", find("#start-blocked", Label.class)
                .getText());
        robot.interact(() -> find("#file-size", TextField.class).setText("a lot"));
        robot.clickOn("#target-file");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("Start: The test file's size \"a lot\" is not a size; give e.g. 512M, 4G.",
                find("#start-blocked", Label.class).getText());
    }

    @Test
    void aTimeFieldTakesWholeSecondsOnlyAndAnEmptiedOneKeepsItsValue() throws Exception {
        // "abc" in Runtime threw NumberFormatException on the UI thread and stayed shown while the run kept 5 s;
        // an emptied field set the runtime to null, which the plan then threw on
        open();
        Spinner<?> runtime = find("#runtime", Spinner.class);
        robot.doubleClickOn(runtime.getEditor()).write("abc");
        robot.clickOn("#ramp");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(5, runtime.getValue());
        assertEquals("5", runtime.getEditor().getText());

        robot.doubleClickOn(runtime.getEditor()).type(javafx.scene.input.KeyCode.BACK_SPACE);
        assertEquals("", runtime.getEditor().getText());
        robot.clickOn("#ramp");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(5, runtime.getValue());
        assertEquals("5", runtime.getEditor().getText(), "the field shows the value the run uses");
        assertEquals("16 points, about 1 min 36 s per target", find("#estimate", Label.class).getText());
        assertFalse(find("#status-line", Label.class).getText().contains("went wrong"));
    }

    @Test
    void aTimePastItsFieldsLimitIsUsedAtTheLimitAndSaidSo() throws Exception {
        // 100000 in Runtime became 86400 without a word
        open();
        Spinner<?> runtime = find("#runtime", Spinner.class);
        Label note = find("#time-limit", Label.class);
        assertFalse(note.isVisible());
        robot.doubleClickOn(runtime.getEditor()).write("100000");
        robot.clickOn("#ramp");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(86_400, runtime.getValue());
        assertEquals("86400", runtime.getEditor().getText());
        assertTrue(note.isVisible());
        assertEquals(String.format("Runtime: %,d s is more than the most it takes, %,d s; %,d s is used.", 100_000,
                86_400, 86_400), note.getText());

        Spinner<?> ramp = find("#ramp", Spinner.class);
        robot.doubleClickOn(ramp.getEditor()).write("2");
        robot.clickOn("#runtime");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(note.getText().startsWith("Runtime:"), "another field's value in range leaves it");
        robot.doubleClickOn(runtime.getEditor()).write("30");
        robot.clickOn("#ramp");
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(30, runtime.getValue());
        assertFalse(note.isVisible(), note.getText());
    }

    @Test
    void anExceptionNothingCaughtOnTheUiThreadIsSaidOnTheStatusLine() throws Exception {
        open();
        javafx.application.Platform.runLater(() -> {
            throw new IllegalStateException("a cell's value was not there");
        });
        WaitForAsyncUtils.waitForFxEvents();
        String status = find("#status-line", Label.class).getText();
        assertTrue(status.contains("Something went wrong in the window: a cell's value was not there"), status);
    }

    @SuppressWarnings("unchecked")
    @Test
    void theWindowRemembersItsSizeAndTheLastChoices() throws Exception {
        open();
        robot.interact(() -> {
            stage.setWidth(1100);
            stage.setHeight(700);
            find("#preset", ComboBox.class).setValue("crystaldiskmark");
            find("#file-size", TextField.class).setText("2G");
            ((Spinner<Integer>) find("#runtime", Spinner.class)).getValueFactory().setValue(3);
            find("#plan-save", javafx.scene.control.Button.class).fire();
            ((javafx.scene.control.ChoiceBox<RunSession.Order>) find("#run-order",
                    javafx.scene.control.ChoiceBox.class)).setValue(RunSession.Order.TOGETHER);
            find("#tabs", javafx.scene.control.TabPane.class).getSelectionModel().select(1);
        });
        // Compare's content joins the scene when chosen; its parts are made at the next pulse
        robot.interact(() -> find("#log-scale", CheckBox.class).setSelected(true));
        double width = stage.getScene().getWidth();
        double height = stage.getScene().getHeight();
        close();
        // the plan was saved in a folder of the user's: the dialogs open there after a restart
        assertEquals(dir.toString(), io.drivelab.ui.Settings.load(dir.resolve("config/gui.json")).dialogFolder());

        open();
        assertEquals(width, stage.getScene().getWidth(), 1);
        assertEquals(height, stage.getScene().getHeight(), 1);
        assertEquals("Compare", find("#tabs", javafx.scene.control.TabPane.class).getSelectionModel()
                .getSelectedItem().getText());
        assertTrue(find("#log-scale", CheckBox.class).isSelected());
        robot.interact(() -> find("#tabs", javafx.scene.control.TabPane.class).getSelectionModel().select(0));
        assertEquals("crystaldiskmark", find("#preset", ComboBox.class).getValue());
        assertEquals("2G", find("#file-size", TextField.class).getText());
        assertEquals(3, find("#runtime", Spinner.class).getValue());
        assertEquals(RunSession.Order.TOGETHER, find("#run-order", javafx.scene.control.ChoiceBox.class).getValue(),
                "the ticked targets run at the same time, as chosen last");
    }
}
