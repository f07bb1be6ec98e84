package io.drivelab.ui;

import static io.drivelab.ui.FxWait.fx;
import static io.drivelab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.drivelab.IntegrationTest;
import io.drivelab.engine.CpuList;
import io.drivelab.store.Run;
import io.drivelab.ui.plan.CpuChoice;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * The plan's CPUs field in the window on headless Monocle, with the real engine on a test file and the window's own
 * database: a list typed that is not CPUs keeps Start disabled saying which; a CPU of this machine runs the plan kept
 * to it (stored with the run) and is there again at the next start; with a remote host ticked it is not offered.
 */
@IntegrationTest
class CpusWindowTest {
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

    private String blocked() {
        return fx(() -> find("#start-blocked", Label.class).getText());
    }

    private void type(String cpus) {
        robot.interact(() -> find("#cpus", TextField.class).setText(cpus));
    }

    @Test
    void aListThatIsNotCpusBlocksStartAndACpuOfThisMachineRunsKeptToItAndIsRemembered() throws Exception {
        String cpu = Integer.toString(CpuList.usableNow().length() - 1);
        window = WindowUnderTest.open(dir);
        TinyFioRuns.smallTestFile(robot, dir);
        TinyFioRuns.tinyPlan(robot);
        assertEquals("", fx(() -> find("#cpus", TextField.class).getText()), "unpinned unless chosen");
        assertEquals("all (scheduler)", fx(() -> find("#cpus", TextField.class).getPromptText()));

        type("1-");
        waitUntil(() -> blocked().equals("Start: CPUs: \"1-\" is not a list of CPUs: give CPU numbers such as 1, "
                + "0-3 or 0,2."), 10);
        assertTrue(fx(() -> find("#start", Button.class).isDisabled()));
        type("9999");
        waitUntil(() -> blocked().startsWith("Start: CPUs: CPU 9999 (of 9999) is offline"), 10);
        assertTrue(fx(() -> find("#start", Button.class).isDisabled()));

        type(cpu);
        MainWindow shown = ((DriveLabApp) window.app()).window();
        List<String> statuses = new ArrayList<>();
        robot.interact(() -> shown.run().statusProperty().addListener((o, a, b) -> statuses.add(b)));
        Run run = TinyFioRuns.startAndAwait(robot, window, dir.resolve("drivelab.db"));
        assertEquals(cpu, run.cpusAllowed(), "stored with the run");
        assertTrue(fx(() -> statuses.contains("Run " + run.id() + " going: 4 points. CPUs: " + cpu + ".")),
                fx(statuses::toString));
        // remembered at the Start, not only at a close that a kill or a power loss never comes to
        waitUntil(() -> cpu.equals(Settings.load(dir.resolve("config/gui.json")).cpusAllowed()), 10);
        window.close();
        window = null;

        assertEquals(cpu, Settings.load(dir.resolve("config/gui.json")).cpusAllowed());
        window = WindowUnderTest.open(dir);
        assertEquals(cpu, fx(() -> find("#cpus", TextField.class).getText()), "there again at the next start");
    }

    @Test
    void withARemoteHostTickedTheFieldIsNotOfferedAndSaysWhy() throws Exception {
        Path settings = dir.resolve("config/gui.json");
        Files.createDirectories(settings.getParent());
        Files.writeString(settings, "{\"width\": 1200, \"height\": 800, \"cpusAllowed\": \"0\", \"remoteHosts\": "
                + "[{\"host\": \"server1\", \"path\": \"/data/a.img\", \"ticked\": true}]}");
        window = WindowUnderTest.open(dir);
        assertTrue(fx(() -> find("#cpus", TextField.class).isDisabled()));
        assertEquals("0", fx(() -> find("#cpus", TextField.class).getText()), "kept for when it is offered again");
        assertTrue(fx(() -> find("#cpus-not-offered", Label.class).isVisible()));
        assertEquals(CpuChoice.NOT_FOR_REMOTE, fx(() -> find("#cpus-not-offered", Label.class).getText()));
        assertFalse(blocked().contains("CPUs"), blocked());
    }
}
