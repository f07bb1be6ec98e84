package io.drivelab.ui;

import static io.drivelab.ui.FxWait.fx;
import static io.drivelab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.drivelab.IntegrationTest;
import java.nio.file.Path;

import io.drivelab.device.DeviceDiscovery;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

/** Esc, then Resume from History, in the window on headless Monocle with the real engine on a test file. */
@IntegrationTest
class ResumeAfterStopTest {
    @TempDir
    Path dir;
    private Application app;
    private final FxRobot robot = new FxRobot();

    @AfterEach
    void closeApp() throws Exception {
        if (app != null) {
            FxToolkit.cleanupApplication(app);
            FxToolkit.cleanupStages();
        }
    }

    @SuppressWarnings("unchecked")
    @Test
    void theResumedRunNoLongerSaysItIsStopping() throws Exception {
        FxToolkit.registerPrimaryStage();
        AppContext context = new AppContext(dir.resolve("drivelab.db"),
                Path.of(System.getProperty("drivelab.engine")), dir.resolve("gui.json"), 100,
                new DeviceDiscovery());
        app = FxToolkit.setupApplication(() -> new DriveLabApp(context, new ChosenFiles(dir)));
        FxWait.waitForTheLiveView();
        robot.interact(() -> {
            find("#file-folder", TextField.class).setText(dir.toString());
            find("#file-size", TextField.class).setText("16M");
            ((Spinner<Integer>) find("#runtime", Spinner.class)).getValueFactory().setValue(1);
            ((Spinner<Integer>) find("#ramp", Spinner.class)).getValueFactory().setValue(0);
        });
        robot.clickOn("#time-chart");
        robot.push(KeyCode.CONTROL, KeyCode.R);
        waitUntil(() -> fx(() -> text("#status").startsWith("Run ") && text("#status").contains(" going")), 30);
        robot.push(KeyCode.ESCAPE);
        waitUntil(() -> fx(() -> text("#status").contains(" stopped: ")), 30);

        robot.clickOn("#tab-history");
        waitUntil(() -> fx(() -> !find("#runs", TableView.class).getItems().isEmpty()), 10);
        robot.interact(() -> find("#runs", TableView.class).getSelectionModel().select(0));
        robot.clickOn("#history-resume");
        waitUntil(() -> fx(() -> text("#status").contains(" resumed: ")), 30);
        assertFalse(fx(() -> find("#stop", Button.class).isDisabled()), "the resumed run goes");
        assertEquals("testing", fx(() -> text("#target-file-badge")), "the target the resumed run works on");
        assertFalse(fx(() -> text("#status-line")).contains("Stopping"), "left over from the stop");
        assertFalse(fx(() -> text("#status")).contains("Stopping"), fx(() -> text("#status")));

        robot.push(KeyCode.ESCAPE);
        waitUntil(() -> fx(() -> find("#stop", Button.class).isDisabled()), 30);
        assertEquals("test file", fx(() -> text("#target-file-badge")), "the run ended");
    }

    private String text(String query) {
        return find(query, Label.class).getText();
    }

    private <T extends Node> T find(String query, Class<T> type) {
        return robot.lookup(query).queryAs(type);
    }
}
