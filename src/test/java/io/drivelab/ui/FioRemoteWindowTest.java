package io.drivelab.ui;

import static io.drivelab.ui.FxWait.fx;
import static io.drivelab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import io.drivelab.IntegrationTest;
import io.drivelab.fio.FioBinary;
import io.drivelab.fio.FioHost;
import io.drivelab.fio.FioServers;
import io.drivelab.store.Run;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
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

    @Test
    void aRemoteFileRunsThroughItsFioServerAndTheHostIsRemembered() throws Exception {
        FioHost host = servers.start(FioBinary.locate(), dir.resolve("server.log"));
        Path remoteFile = dir.resolve("remote.img");
        window = WindowUnderTest.open(dir);
        robot.interact(() -> find("#file-size", TextField.class).setText("16M"));
        TinyFioRuns.tinyPlan(robot);
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

        TinyFioRuns.pickFio(robot);
        Run run = TinyFioRuns.startAndAwait(robot, window, dir.resolve("drivelab.db"));
        assertEquals(host + ":" + remoteFile, run.target());
        assertTrue(run.engineVersion().startsWith("fio"), "measured by " + run.engineVersion());

        window.close();
        window = WindowUnderTest.open(dir);
        assertEquals(host.toString(), fx(() -> find("#remote-host-0", TextField.class).getText()));
        assertEquals(remoteFile.toString(), fx(() -> find("#remote-path-0", TextField.class).getText()));
        assertTrue(fx(() -> find("#target-remote-0", CheckBox.class).isSelected()), "still ticked");
    }

    @Test
    void eachRemoteHostSaysWhetherItsFioServerAnswersAndItsVersion() throws Exception {
        FioBinary fio = FioBinary.locate();
        FioHost host = servers.start(fio, dir.resolve("server.log"));
        int closed;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = free.getLocalPort();
        }
        window = WindowUnderTest.open(dir);
        robot.clickOn("#add-remote");
        robot.clickOn("#add-remote");
        robot.interact(() -> find("#remote-host-0", TextField.class).setText(host.toString()));
        robot.interact(() -> find("#remote-host-1", TextField.class).setText("127.0.0.1:" + closed));
        robot.clickOn("#remote-check-0");
        robot.clickOn("#remote-check-1");

        waitUntil(() -> fx(() -> find("#remote-server-0", Label.class).getText())
                .equals("fio server answers: " + fio.version()), 30);
        waitUntil(() -> fx(() -> find("#remote-server-1", Label.class).getText())
                .startsWith("fio server does not answer: connection refused"), 30);

        robot.interact(() -> find("#remote-host-0", TextField.class).setText("127.0.0.1:" + closed));
        assertEquals("", fx(() -> find("#remote-server-0", Label.class).getText()), "an edited host is asked again");
    }
}
