package io.drivelab.ui;

import static io.drivelab.ui.FxWait.fx;
import static io.drivelab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;

import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.ui.plan.WorkloadChoice;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ListView;
import javafx.scene.control.RadioButton;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import org.testfx.api.FxRobot;

/**
 * For window tests that run a plan (most measure with fio): a 16 MiB test file, a tiny plan (the quick preset's
 * first workload, 1 s per point, no ramp, idle or preconditions), fio picked as the engine, and the run Start
 * begins, waited for and read from the store.
 */
final class TinyFioRuns {
    private TinyFioRuns() {
    }

    /** The test file, 16 MiB, in {@code dir}. */
    static void smallTestFile(FxRobot robot, Path dir) {
        robot.interact(() -> {
            robot.lookup("#file-folder").queryAs(TextField.class).setText(dir.toString());
            robot.lookup("#file-size").queryAs(TextField.class).setText("16M");
        });
    }

    @SuppressWarnings("unchecked")
    static void tinyPlan(FxRobot robot) {
        robot.interact(() -> {
            for (String time : List.of("#runtime", "#ramp", "#idle")) {
                robot.lookup(time).queryAs(Spinner.class).getValueFactory().setValue(time.equals("#runtime") ? 1 : 0);
            }
            robot.lookup("#preconditions").queryAs(CheckBox.class).setSelected(false);
            List<WorkloadChoice> workloads = robot.lookup("#workloads").queryAs(ListView.class).getItems();
            workloads.subList(1, workloads.size()).forEach(w -> w.includedProperty().set(false));
        });
    }

    /** Waits until fio is found (it is looked for in the background), then picks it. */
    static void pickFio(FxRobot robot) throws InterruptedException {
        RadioButton fio = robot.lookup("#engine-fio").queryAs(RadioButton.class);
        waitUntil(() -> fx(() -> !fio.isDisabled()), 30);
        // the plan column scrolls: the choice is fired as a click on it would
        robot.interact(fio::fire);
    }

    /** Presses Start once it can be, waits for the run to end, and returns it as stored: complete. */
    static Run startAndAwait(FxRobot robot, WindowUnderTest window, Path database) throws InterruptedException {
        waitUntil(() -> fx(() -> !robot.lookup("#start").queryAs(Button.class).isDisabled()), 30);
        robot.clickOn("#start");
        MainWindow shown = ((DriveLabApp) window.app()).window();
        waitUntil(() -> fx(() -> shown.run().lastRunIdProperty().get() >= 0 && !shown.run().isRunning()), 180);
        long runId = fx(() -> shown.run().lastRunIdProperty().get());
        String status = fx(() -> shown.run().statusProperty().get() + " " + shown.run().errorProperty().get());
        try (Store store = Store.open(database)) {
            Run run = store.getRun(runId).orElseThrow();
            assertEquals(RunStatus.COMPLETE, run.status(), status);
            return run;
        }
    }
}
