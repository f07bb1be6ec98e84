package io.drivelab.ui;

import static io.drivelab.ui.FxWait.fx;
import static io.drivelab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import io.drivelab.IntegrationTest;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * The live view of a CrystalDiskMark run on headless Monocle (1280 x 800): its grid of tiles takes room, which the
 * workload charts under it gave up with the time chart above it, down to a plot a reference point was cut in half by.
 */
@IntegrationTest
class LiveCrystalLayoutTest {
    @TempDir
    Path dir;
    private final FxRobot robot = new FxRobot();
    private WindowUnderTest window;

    @AfterEach
    void closeWindow() throws Exception {
        if (window != null) {
            window.close();
        }
    }

    private double height(String query) {
        return fx(() -> robot.lookup(query).queryAs(Node.class).getLayoutBounds().getHeight());
    }

    @SuppressWarnings("unchecked")
    @Test
    void withTheGridShownTheWorkloadChartsKeepTheirHeightAndEveryPercentileRowShows() throws Exception {
        window = WindowUnderTest.open(dir);
        TinyFioRuns.smallTestFile(robot, dir);
        robot.interact(() -> {
            robot.lookup("#preset").queryAs(ComboBox.class).setValue("crystaldiskmark");
            robot.lookup("#runtime").queryAs(Spinner.class).getValueFactory().setValue(1);
            robot.lookup("#idle").queryAs(Spinner.class).getValueFactory().setValue(0);
        });
        double chartsWithout = height("#scaling-chart");
        robot.interact(() -> robot.lookup("#start").queryAs(Button.class).fire());
        waitUntil(() -> fx(() -> robot.lookup("#live-crystal").queryAs(Node.class).isVisible()
                && !robot.lookup("#stop").queryAs(Button.class).isDisabled()), 30);
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        double charts = height("#scaling-chart");
        double time = height("#time-chart");
        double table = height("#percentiles");
        System.out.printf("LiveCrystalLayoutTest: charts %.0f px without the grid, %.0f with it; time chart %.0f, "
                + "percentiles %.0f%n", chartsWithout, charts, time, table);
        robot.interact(() -> robot.lookup("#stop").queryAs(Button.class).fire());
        waitUntil(() -> fx(() -> robot.lookup("#stop").queryAs(Button.class).isDisabled()), 30);

        assertTrue(charts >= 0.7 * chartsWithout, "the workload charts shrank from " + chartsWithout + " to "
                + charts + " px for the grid");
        // the header and p50 to p99.99: six rows of 24 px
        assertTrue(table >= 7 * 24, "the percentile table is " + table + " px: rows are cut");
        assertTrue(fx(() -> robot.lookup("#percentiles").queryAs(TableView.class).getItems().size()) == 6);
    }
}
