package io.drivelab.ui;

import static io.drivelab.ui.FxWait.fx;
import static io.drivelab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.report.LibraryCurves;
import io.drivelab.report.ReportRenderer;
import io.drivelab.report.Reports;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointStatus;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.ui.run.LiveView;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.util.Duration;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

/**
 * The whole job in the window on headless Monocle, with the real engine on a test file and a real database: the
 * quick preset at 1 s per point starts with Ctrl+R, its chart grows, Esc stops it, Compare overlays a reference
 * drive, Ctrl+S saves the report. The engine reports 10 samples a second, and a 10 ms timeline on the UI thread
 * measures how long the UI thread is ever kept from running it.
 */
@IntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LiveRunTest {
    private Path dir;
    private DriveLabApp app;
    private final FxRobot robot = new FxRobot();
    /** Points on the scaling chart, each time it was looked at while the run went. */
    private final List<Integer> chartPointsWhileRunning = new ArrayList<>();
    private int timeSamplesSeen;
    private long runId;
    private List<TableRow<?>> percentileRowsBeforeStart;
    private List<Object> percentileItemsBeforeStart;
    private int historyRowsBeforeItsTabWasChosen;
    /** For each point's start the window showed: whether it was taken in during a frame's pulse. */
    private final List<Boolean> pointStartsTakenInAPulse = new ArrayList<>();
    /** The nice values of the engine, the run's thread and the UI thread, looked at while the run went. */
    private int[] niceOfEngineRunAndUi;
    /** The test file's badge while the run went, and after it stopped. */
    private String badgeWhileRunning;
    private String badgeAfter;

    @BeforeAll
    void runTheQuickPresetAndStopIt(@TempDir Path temp) throws Exception {
        dir = temp;
        FxToolkit.registerPrimaryStage();
        AppContext context = new AppContext(dir.resolve("drivelab.db"),
                Path.of(System.getProperty("drivelab.engine")), dir.resolve("gui.json"), 100,
                new DeviceDiscovery());
        app = (DriveLabApp) FxToolkit.setupApplication(() -> new DriveLabApp(context, new ChosenFiles(dir)));
        FxWait.waitForTheLiveView();
        robot.interact(() -> {
            find("#file-folder", TextField.class).setText(dir.toString());
            find("#file-size", TextField.class).setText("16M");
            spinner("#runtime").getValueFactory().setValue(1);
            spinner("#ramp").getValueFactory().setValue(0);
        });
        long[] lastTick = {0};
        List<Long> gaps = new ArrayList<>();
        Timeline probe = new Timeline(new KeyFrame(Duration.millis(10), e -> {
            long now = System.nanoTime();
            if (lastTick[0] != 0) {
                gaps.add(now - lastTick[0]);
            }
            lastTick[0] = now;
        }));
        probe.setCycleCount(Animation.INDEFINITE);
        robot.interact(probe::play);
        robot.interact(() -> app.window().run().live().pointTitleProperty().addListener(
                (o, was, now) -> pointStartsTakenInAPulse.add(FxWait.insideAPulse())));

        percentileRowsBeforeStart = fx(this::percentileRows);
        percentileItemsBeforeStart = fx(() -> percentileRowsBeforeStart.stream().<Object>map(r -> r.getItem()).toList());
        robot.clickOn("#time-chart");
        robot.push(KeyCode.CONTROL, KeyCode.R);
        waitUntil(() -> fx(() -> find("#stop", Button.class).isDisabled()) == Boolean.FALSE, 10);
        waitUntil(() -> {
            int points = fx(() -> items(find("#scaling-chart", ChartViewer.class), 0));
            chartPointsWhileRunning.add(points);
            if (niceOfEngineRunAndUi == null) {
                niceOfEngineRunAndUi = nicesWhileRunning();
            }
            if (badgeWhileRunning == null) {
                badgeWhileRunning = fx(() -> find("#target-file-badge", Label.class).getText());
            }
            timeSamplesSeen = Math.max(timeSamplesSeen, fx(() -> items(find("#time-chart", ChartViewer.class), 0)));
            return points >= 3;
        }, 90);
        // Esc stops the run even with the focus in a text field.
        robot.clickOn("#file-size");
        robot.push(KeyCode.ESCAPE);
        waitUntil(() -> fx(() -> find("#stop", Button.class).isDisabled()), 30);
        badgeAfter = fx(() -> find("#target-file-badge", Label.class).getText());
        // The run's end lists it in Compare; History, not on screen, lists it only once its tab is chosen.
        waitUntil(() -> fx(() -> !app.window().compare().runs().isEmpty()), 10);
        for (int i = 0; i < 5; i++) {
            org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        }
        historyRowsBeforeItsTabWasChosen = fx(() -> app.window().history().runs().size());
        robot.interact(probe::stop);
        List<Long> sorted = fx(() -> gaps.stream().sorted().toList());
                System.out.printf("LiveRunTest: UI-thread gaps during the run at 10 samples/s: %d ticks, median %d ms, "
                        + "99th percentile %d ms, worst %d ms, %d over 100 ms%n", sorted.size(),
                TimeUnit.NANOSECONDS.toMillis(sorted.get(sorted.size() / 2)),
                TimeUnit.NANOSECONDS.toMillis(sorted.get(sorted.size() * 99 / 100)),
                TimeUnit.NANOSECONDS.toMillis(sorted.get(sorted.size() - 1)),
                sorted.stream().filter(g -> g > 100_000_000L).count());
        runId = app.window().run().lastRunIdProperty().get();
    }

    /**
     * Before 2026-12-04 the engine, the run's thread and the charts' drawing ran at the UI thread's priority: on two
     * cores busy with a run they kept the window from its frames (up to 88 ms). This JVM has the launcher's
     * -XX:ThreadPriorityPolicy=1 (pom.xml), as the window has.
     */
    @Test
    @Order(3)
    void theRunAndItsEngineWorkAtALowerPriorityThanTheWindow() {
        assertEquals(0, niceOfEngineRunAndUi[2], "the UI thread");
        assertTrue(niceOfEngineRunAndUi[1] > 0, "the run's thread: nice " + niceOfEngineRunAndUi[1]);
        assertEquals(niceOfEngineRunAndUi[1], niceOfEngineRunAndUi[0], "the engine, as the thread that started it");
    }

    /** Before 2026-12-04 the targets' badges ignored this window's run: a drive it wrote to said "free". */
    @Test
    @Order(3)
    void theTargetTheRunWorksOnSaysTestingUntilItEnds() {
        assertEquals("testing", badgeWhileRunning);
        assertEquals("test file", badgeAfter);
    }

    /** {engine, drivelab-run thread, UI thread}; -1 for one not found (the engine between points). */
    private int[] nicesWhileRunning() {
        int engine = ProcessHandle.current().descendants()
                .filter(p -> p.info().command().orElse("").endsWith("drivelab-engine")).findFirst()
                .map(p -> nice(Path.of("/proc", String.valueOf(p.pid()), "stat"))).orElse(-1);
        int run = -1;
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                if (Files.readString(task.resolve("comm")).strip().equals("drivelab-run")) {
                    run = nice(task.resolve("stat"));
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        int ui = fx(() -> nice(Path.of("/proc/thread-self/stat")));
        return engine < 0 || run < 0 ? null : new int[]{engine, run, ui};
    }

    /** The nice value in a /proc stat file (its 19th field). */
    private static int nice(Path stat) {
        try {
            String text = Files.readString(stat);
            return Integer.parseInt(text.substring(text.lastIndexOf(')') + 2).split(" ")[16]);
        } catch (java.io.IOException e) {
            return -1;
        }
    }

    /** Before: the table was empty until the first point ended, and built its rows (105 nodes) in that pulse. */
    @Test
    @Order(7)
    void thePercentileTableKeepsTheRowsItWasBuiltWith() {
        assertEquals(List.of("p50", "p90", "p95", "p99", "p99.9", "p99.99"), percentileItemsBeforeStart.stream()
                .map(r -> ((LiveView.PercentileRow) r).label()).toList(), "a row for each, before the run");
        List<TableRow<?>> after = fx(this::percentileRows);
        assertEquals(new java.util.HashSet<>(percentileRowsBeforeStart), new java.util.HashSet<>(after),
                "the rows built with the window, reused");
        // Until 2026-12-02 a point's end replaced the rows, and the table rebuilt its cells in the layout pass
        List<Object> items = fx(() -> after.stream().<Object>map(r -> r.getItem()).toList());
        for (Object item : items) {
            assertTrue(percentileItemsBeforeStart.stream().anyMatch(before -> before == item),
                    "the same rows, their figures changed in place: " + item);
        }
        assertTrue(items.stream().flatMap(r -> ((LiveView.PercentileRow) r).figures().stream())
                        .anyMatch(figure -> !figure.equals("-")),
                "showing the last point's figures: " + items.stream()
                        .map(r -> ((LiveView.PercentileRow) r).figures()).toList());
        // the figures' unit, µs or ms, is the one their headers name
        String unit = fx(() -> io.drivelab.report.Percentiles.unit(app.window().run().live().percentiles()));
        assertEquals(List.of("Percentile", "Read " + unit, "Write " + unit), fx(() -> robot.lookup("#percentiles")
                .queryAs(javafx.scene.control.TableView.class).getColumns().stream()
                .map(c -> ((javafx.scene.control.TableColumn<?, ?>) c).getText()).toList()));
    }

    /**
     * Before 2026-12-03 the run's reports were taken in by a timeline, at the start of a pulse: each drain (1-7 ms)
     * delayed that frame's layout and painting, and made most gaps over 20 ms between frames.
     */
    @Test
    @Order(8)
    void theRunsReportsAreTakenInBetweenFramesNotAtTheStartOfOne() {
        List<Boolean> seen = fx(() -> List.copyOf(pointStartsTakenInAPulse));
        assertTrue(seen.size() >= 3, "points started: " + seen.size());
        assertFalse(seen.contains(true), "taken in during a pulse: " + seen);
    }

    private List<TableRow<?>> percentileRows() {
        return find("#percentiles", TableView.class).lookupAll(".table-row-cell").stream()
                .<TableRow<?>>map(n -> (TableRow<?>) n).filter(r -> r.getItem() != null).toList();
    }

    @AfterAll
    void closeApp() throws Exception {
        FxToolkit.cleanupApplication(app);
        FxToolkit.cleanupStages();
    }

    @Test
    @Order(1)
    void theChartGainsPointsWhileTheRunGoes() {
        Set<Integer> distinct = new HashSet<>(chartPointsWhileRunning);
        assertTrue(distinct.containsAll(List.of(1, 2, 3)), "seen: " + chartPointsWhileRunning);
        for (int i = 1; i < chartPointsWhileRunning.size(); i++) {
            assertTrue(chartPointsWhileRunning.get(i) >= chartPointsWhileRunning.get(i - 1),
                    "points never go away: " + chartPointsWhileRunning);
        }
        assertTrue(timeSamplesSeen >= 3, "the running point's time series had " + timeSamplesSeen + " samples");
    }

    @Test
    @Order(2)
    void stopStopsTheRunAndKeepsTheFinishedPoints() throws Exception {
        String status = fx(() -> find("#status", Label.class).getText());
        assertTrue(status.startsWith("Run " + runId + " stopped: "), status);
        // all of it on screen, not cut with an ellipsis at the window's edge ("... is kept for tha...")
        String shown = fx(() -> find("#status", Label.class).lookupAll(".text").stream()
                .map(t -> ((javafx.scene.text.Text) t).getText()).collect(java.util.stream.Collectors.joining()));
        assertEquals(status, shown.replace("\n", " "), "cut");
        assertTrue(fx(() -> !find("#start", Button.class).isDisabled()), "Start is possible again");
        long kept;
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            assertEquals(RunStatus.INTERRUPTED, store.getRun(runId).orElseThrow().status());
            List<StoredPoint> points = store.listPoints(runId);
            List<StoredPoint> complete = points.stream().filter(p -> p.point().meta().kind() == PointKind.MEASURE
                    && p.point().status() == PointStatus.COMPLETE).toList();
            assertTrue(complete.stream().filter(p -> p.point().meta().workload().equals("128K sequential write"))
                    .count() >= 3 && points.size() < 16, points.size() + " points stored");
            // the chart follows the run: it shows the workload of the last point finished
            String followed = complete.get(complete.size() - 1).point().meta().workload();
            kept = complete.stream().filter(p -> p.point().meta().workload().equals(followed)).count();
        }
        // the chart is drained four times a second: wait for the drain that brings the last finished point
        waitUntil(() -> fx(() -> items(find("#scaling-chart", ChartViewer.class), 0)) == kept, 10);
        assertEquals(kept, (long) fx(() -> items(find("#scaling-chart", ChartViewer.class), 0)),
                "the chart shows every finished point, and keeps them after the stop");
    }

    @Test
    @Order(4)
    void compareOverlaysAReferenceDriveOnTheRunsWorkload() throws Exception {
        robot.clickOn("#tab-compare");
        // The newest run is ticked for the user when Compare first lists runs.
        waitUntil(() -> fx(() -> !viewers("#compare").isEmpty()), 20);
        assertTrue(fx(() -> ((javafx.scene.control.CheckBox) robot.lookup("#compare-runs .check-box").query())
                .isSelected()), "the run is ticked");
        List<String> references = fx(() -> {
            ChartViewer first = viewers("#compare").get(0);
            XYDataset dataset = first.getChart().getXYPlot().getDataset(1);
            List<String> keys = new ArrayList<>();
            for (int i = 0; i < dataset.getSeriesCount(); i++) {
                keys.add(String.valueOf(dataset.getSeriesKey(i)));
            }
            return keys;
        });
        assertTrue(references.contains("Kingston DC3000ME 7.68TB (its review), 1 job"),
                references.toString());
        String title = fx(() -> viewers("#compare").get(0).getChart().getTitle().getText());
        assertEquals("128K sequential write: bandwidth by IODepth", title);
        assertTrue(fx(() -> items(viewers("#compare").get(0), 0)) >= 3, "the run's own points are drawn too");
    }

    @Test
    @Order(5)
    void saveReportWritesThePngOfTheRun() throws Exception {
        robot.clickOn("#tab-live");
        robot.clickOn("#time-chart");
        robot.push(KeyCode.CONTROL, KeyCode.S);
        Path png = dir.resolve("drivelab-run-" + runId + ".png");
        waitUntil(() -> fx(() -> find("#status-line", Label.class).getText()).startsWith("Report saved"), 30);
        BufferedImage image = ImageIO.read(png.toFile());
        int expectedHeight;
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            LibraryCurves library = LibraryCurves.of(ReferenceLibrary.shipped());
            expectedHeight = new ReportRenderer().size(Reports.run(store, runId,
                    library.only(library.reviewedDrives()))).height;
        }
        assertEquals(ReportRenderer.WIDTH, image.getWidth());
        assertEquals(expectedHeight, image.getHeight());
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                colours.add(image.getRGB(x, y) & 0xffffff);
            }
        }
        assertTrue(colours.size() > 50, "a blank report has few colours: " + colours.size());
        try (var charts = Files.list(dir.resolve("drivelab-run-" + runId + "-charts"))) {
            assertTrue(charts.count() >= 2, "each chart on its own");
        }
    }

    /** Before: History's table was refilled in its hidden tab at the run's end (80-110 ms of the UI thread). */
    @Test
    @Order(6)
    void historyExportsTheRunAsTheCommandLineDoes() throws Exception {
        assertEquals(0, historyRowsBeforeItsTabWasChosen, "History refilled while the live view was shown");
        robot.clickOn("#tab-history");
        waitUntil(() -> fx(() -> !find("#runs", javafx.scene.control.TableView.class).getItems().isEmpty()), 10);
        robot.interact(() -> find("#runs", javafx.scene.control.TableView.class).getSelectionModel().select(0));
        robot.clickOn("#history-csv");
        Path csv = dir.resolve("drivelab-run-" + runId + ".csv");
        waitUntil(() -> Files.exists(csv) && fx(() -> find("#status-line", Label.class).getText())
                .startsWith("Run " + runId + " exported"), 20);
        // said once, on the status line: History's own line repeated it just above
        String said = fx(() -> find("#status-line", Label.class).getText());
        assertEquals(1L, fx(() -> robot.lookup((javafx.scene.control.Labeled l) -> said.equals(l.getText()))
                .queryAll().size()).longValue(), said);
        List<String> lines = Files.readAllLines(csv);
        assertTrue(lines.get(0).startsWith("run_id,point_key,kind,workload"), lines.get(0));
        assertTrue(lines.size() >= 4, lines.size() + " lines");
        assertFalse(fx(() -> find("#history-resume", Button.class).isDisabled()), "a stopped run can be resumed");
    }

    // ------------------------------------------------------------------ helpers

    private <T extends Node> T find(String query, Class<T> type) {
        return robot.lookup(query).queryAs(type);
    }

    @SuppressWarnings("unchecked")
    private Spinner<Integer> spinner(String query) {
        return (Spinner<Integer>) find(query, Spinner.class);
    }

    private List<ChartViewer> viewers(String parent) {
        java.util.function.Predicate<Node> isViewer = n -> n instanceof ChartViewer;
        return robot.from(robot.lookup(parent).queryAll()).lookup(isViewer)
                .queryAllAs(ChartViewer.class).stream().filter(Node::isVisible).toList();
    }

    private static int items(ChartViewer viewer, int datasetIndex) {
        XYPlot plot = viewer.getChart().getXYPlot();
        XYDataset dataset = plot.getDataset(datasetIndex);
        int n = 0;
        for (int i = 0; dataset != null && i < dataset.getSeriesCount(); i++) {
            n += dataset.getItemCount(i);
        }
        return n;
    }
}
