package io.drivelab.ui;

import static io.drivelab.ui.FxWait.fx;
import static io.drivelab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import io.drivelab.IntegrationTest;
import io.drivelab.fio.FioBinary;
import io.drivelab.fio.FioHost;
import io.drivelab.fio.FioServers;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.ui.plan.WorkloadChoice;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.RadioButton;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * A remote host in the Targets list, in the window on headless Monocle, against a real {@code fio --server} on a
 * loopback port chosen free (stopped at the end): bad input keeps Start disabled saying why; a ticked remote file
 * runs like a local one and is stored as measured by fio on HOST:PORT:/path; the host is there at the next start.
 */
@IntegrationTest
class FioRemoteWindowTest {
    @TempDir
    Path dir;
    private final FxRobot robot = new FxRobot();
    private final FioServers servers = new FioServers();
    private WindowUnderTest window;

    @AfterEach
    void stopEverything() throws Exception {
        if (window != null) {
            window.close();
        }
        servers.close();
    }

    private <T extends Node> T find(String query, Class<T> type) {
        return robot.lookup(query).queryAs(type);
    }

    private String blocked() {
        return fx(() -> find("#start-blocked", Label.class).getText());
    }

    @SuppressWarnings("unchecked")
    @Test
    void aRemoteFileRunsThroughItsFioServerAndTheHostIsRemembered() throws Exception {
        FioHost host = servers.start(FioBinary.locate(), dir.resolve("server.log"));
        Path remoteFile = dir.resolve("remote.img");
        window = WindowUnderTest.open(dir);
        waitUntil(() -> fx(() -> !find("#engine-fio", RadioButton.class).isDisabled()), 30);
        robot.interact(() -> {
            find("#file-size", TextField.class).setText("16M");
            ((Spinner<Integer>) find("#runtime", Spinner.class)).getValueFactory().setValue(1);
            ((Spinner<Integer>) find("#ramp", Spinner.class)).getValueFactory().setValue(0);
            ((Spinner<Integer>) find("#idle", Spinner.class)).getValueFactory().setValue(0);
            find("#preconditions", CheckBox.class).setSelected(false);
            List<WorkloadChoice> workloads = find("#workloads", ListView.class).getItems();
            workloads.subList(1, workloads.size()).forEach(w -> w.includedProperty().set(false));
        });
        robot.clickOn("#target-file");
        robot.clickOn("#add-remote");
        waitUntil(() -> blocked().equals("Start: A remote host has no name: give HOST or HOST:PORT, e.g. server1 "
                + "or 10.0.0.5:8765."), 10);
        robot.interact(() -> find("#remote-host-0", TextField.class).setText(host.host() + ":70000"));
        waitUntil(() -> blocked().startsWith("Start: Remote host \"" + host.host() + ":70000\": port 70000 is not"),
                10);
        robot.interact(() -> find("#remote-host-0", TextField.class).setText(host.toString()));
        waitUntil(() -> blocked().startsWith("Start: Give the path on " + host + " of the file or device"), 10);
        robot.interact(() -> find("#remote-path-0", TextField.class).setText(remoteFile.toString()));
        waitUntil(() -> blocked().startsWith("Start: A remote host is measured by its fio server"), 10);

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
            assertEquals(host + ":" + remoteFile, run.target());
            assertTrue(run.engineVersion().startsWith("fio"), "measured by " + run.engineVersion());
        }

        window.close();
        window = WindowUnderTest.open(dir);
        assertEquals(host.toString(), fx(() -> find("#remote-host-0", TextField.class).getText()));
        assertEquals(remoteFile.toString(), fx(() -> find("#remote-path-0", TextField.class).getText()));
        assertTrue(fx(() -> find("#target-remote-0", CheckBox.class).isSelected()), "still ticked");
    }
}
