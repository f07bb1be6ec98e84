package io.drivelab.ui;

import static io.drivelab.ui.FxWait.fx;
import static io.drivelab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import io.drivelab.IntegrationTest;
import io.drivelab.store.Run;
import javafx.scene.control.RadioButton;
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

    @Test
    void fioPickedAsTheEngineMeasuresTheRunAndIsRemembered() throws Exception {
        window = WindowUnderTest.open(dir);
        TinyFioRuns.smallTestFile(robot, dir);
        TinyFioRuns.tinyPlan(robot);
        TinyFioRuns.pickFio(robot);
        Run run = TinyFioRuns.startAndAwait(robot, window, dir.resolve("drivelab.db"));
        assertTrue(run.engineVersion().startsWith("fio"), "measured by " + run.engineVersion());

        window.close();
        window = WindowUnderTest.open(dir);
        RadioButton fio = robot.lookup("#engine-fio").queryAs(RadioButton.class);
        waitUntil(() -> fx(() -> !fio.isDisabled()), 30);
        assertTrue(fx(fio::isSelected), "fio chosen again");
    }
}
