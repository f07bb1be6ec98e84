package io.drivelab.ui;

import static io.drivelab.ui.FxWait.fx;
import static io.drivelab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import io.drivelab.IntegrationTest;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.ui.plan.WorkloadChoice;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ListView;
import javafx.scene.control.RadioButton;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * fio picked as the engine in the plan, in the window on headless Monocle: a tiny plan on a test file is measured
 * by the installed fio (the stored run says so), and the choice is there again at the next start.
 */
@IntegrationTest
class FioEngineWindowTest {
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

    private <T extends Node> T find(String query, Class<T> type) {
        return robot.lookup(query).queryAs(type);
    }

    @SuppressWarnings("unchecked")
    private Spinner<Integer> spinner(String query) {
        return find(query, Spinner.class);
    }

    @SuppressWarnings("unchecked")
    @Test
    void fioPickedAsTheEngineMeasuresTheRunAndIsRemembered() throws Exception {
        window = WindowUnderTest.open(dir);
        // fio is looked for in the background: its choice can be picked once it is found
        waitUntil(() -> fx(() -> !find("#engine-fio", RadioButton.class).isDisabled()), 30);
        robot.interact(() -> {
            find("#file-folder", TextField.class).setText(dir.toString());
            find("#file-size", TextField.class).setText("16M");
            spinner("#runtime").getValueFactory().setValue(1);
            spinner("#ramp").getValueFactory().setValue(0);
            spinner("#idle").getValueFactory().setValue(0);
            find("#preconditions", CheckBox.class).setSelected(false);
            List<WorkloadChoice> workloads = find("#workloads", ListView.class).getItems();
            workloads.subList(1, workloads.size()).forEach(w -> w.includedProperty().set(false));
        });
        // the plan column scrolls: the choice is fired as a click on it would
        robot.interact(() -> find("#engine-fio", RadioButton.class).fire());
        waitUntil(() -> fx(() -> !find("#start", Button.class).isDisabled()), 30);
        robot.clickOn("#start");
        MainWindow shown = ((DriveLabApp) window.app()).window();
        waitUntil(() -> fx(() -> shown.run().lastRunIdProperty().get() >= 0 && !shown.run().isRunning()), 180);
        long runId = fx(() -> shown.run().lastRunIdProperty().get());
        String status = fx(() -> shown.run().statusProperty().get() + " " + shown.run().errorProperty().get());
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            Run run = store.getRun(runId).orElseThrow();
            assertEquals(RunStatus.COMPLETE, run.status(), status);
            assertTrue(run.engineVersion().startsWith("fio"), "measured by " + run.engineVersion());
            assertTrue(store.listPoints(runId).size() >= 1, "points stored");
        }

        window.close();
        window = WindowUnderTest.open(dir);
        waitUntil(() -> fx(() -> !find("#engine-fio", RadioButton.class).isDisabled()), 30);
        assertTrue(fx(() -> find("#engine-fio", RadioButton.class).isSelected()), "fio chosen again");
    }
}
