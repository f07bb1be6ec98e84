package io.drivelab.ui;

import static io.drivelab.ui.FxWait.fx;
import static io.drivelab.ui.FxWait.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

import io.drivelab.IntegrationTest;
import io.drivelab.fio.FioBinary;
import io.drivelab.fio.FioHost;
import io.drivelab.fio.FioServers;
import io.drivelab.run.RunSession;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
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
 * "If one target fails, stop the others": with two remote files run at the same time and the first server killed
 * mid-run, ticked, the other host's run is stopped with it (interrupted; it resumes) and the window says why;
 * unticked, it completes.
 */
@IntegrationTest
class FioRemoteWindowTest {
    private static final long SIZE = 16L << 20;
    /** The quick preset's first workload: 128K sequential write at QD 1/32 x 1/2 jobs. */
    private static final int POINTS = 4;

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

    private boolean stopOthersEnabled() {
        return fx(() -> !find("#stop-others", CheckBox.class).isDisabled());
    }

    @SuppressWarnings("unchecked")
    private void runThem(RunSession.Order order) {
        robot.interact(() -> find("#run-order", ChoiceBox.class).setValue(order));
    }

    @Test
    void withStopTheOthersTickedAKilledHostStopsTheOtherRunSayingWhyAndItResumes() throws Exception {
        List<Run> runs = killTheFirstHostMidRun(true);
        Run onA = runs.get(0);
        Run onB = runs.get(1);
        assertEquals(RunStatus.FAILED, onA.status(), onA.error());
        assertEquals(RunStatus.INTERRUPTED, onB.status(), "stopped with its group, resumable: " + onB.error());
        assertTrue(completePoints(onB.id()) < POINTS, "B stopped before its last point");

        MainWindow shown = ((DriveLabApp) window.app()).window();
        String error = fx(() -> shown.run().errorProperty().get());
        assertTrue(error.contains("Run " + onA.id() + " on " + onA.target() + " failed, so the targets running "
                + "with it were stopped"), error);
        assertTrue(error.contains("run " + onB.id() + " on " + onB.target() + " keeps what it measured; resume it "
                + "from History"), error);
        String status = fx(() -> shown.run().statusProperty().get());
        assertTrue(status.contains("Run " + onB.id() + " stopped") && status.contains("Stopped because run "
                + onA.id() + " on " + onA.target() + " failed."), status);

        // as History's Resume does: B's host still answers, so its run goes on to the end
        robot.interact(() -> shown.run().resume(onB.id(), io.drivelab.ui.run.RunViewModel.Confirmed.NOTHING));
        waitUntil(() -> fx(() -> !shown.run().isRunning()), 120);
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            assertEquals(RunStatus.COMPLETE, store.getRun(onB.id()).orElseThrow().status(),
                    fx(() -> shown.run().errorProperty().get()));
        }
        assertEquals(POINTS, completePoints(onB.id()));
    }

    @Test
    void withStopTheOthersUntickedTheOtherHostsRunGoesOnAndCompletes() throws Exception {
        List<Run> runs = killTheFirstHostMidRun(false);
        assertEquals(RunStatus.FAILED, runs.get(0).status(), runs.get(0).error());
        assertEquals(RunStatus.COMPLETE, runs.get(1).status(), runs.get(1).error());
        assertEquals(POINTS, completePoints(runs.get(1).id()));
        String error = fx(() -> ((DriveLabApp) window.app()).window().run().errorProperty().get());
        assertFalse(error.contains("were stopped"), error);
    }

    @Test
    void stopTheOthersIsOpenOnlyWhenMoreThanOneTargetRunsAtTheSameTimeAndIsRemembered() throws Exception {
        window = WindowUnderTest.open(dir);
        runThem(RunSession.Order.TOGETHER);
        assertFalse(stopOthersEnabled(), "the test file alone: nothing else to stop");
        robot.clickOn("#add-remote");
        waitUntil(this::stopOthersEnabled, 10);
        runThem(RunSession.Order.ONE_AFTER_ANOTHER);
        assertFalse(stopOthersEnabled(), "one after another: the next one starts anyway when one fails");
        runThem(RunSession.Order.TOGETHER);
        robot.clickOn("#stop-others");
        robot.interact(() -> find("#target-remote-0", CheckBox.class).setSelected(false));
        assertFalse(stopOthersEnabled(), "one ticked target");

        window.close();
        window = WindowUnderTest.open(dir);
        assertTrue(fx(() -> find("#stop-others", CheckBox.class).isSelected()), "as chosen last");
    }

    /**
     * Two servers, a remote file on each, run at the same time with the box ticked or not; the first server is
     * killed once fio has laid its file out (it is measuring then). Returns the two runs as stored, A's first.
     */
    private List<Run> killTheFirstHostMidRun(boolean stopOthers) throws Exception {
        FioBinary fio = FioBinary.locate();
        FioHost a = servers.start(fio, dir.resolve("a.log"));
        FioHost b = servers.start(fio, dir.resolve("b.log"));
        window = WindowUnderTest.open(dir);
        robot.interact(() -> find("#file-size", TextField.class).setText("16M"));
        TinyFioRuns.tinyPlan(robot);
        robot.clickOn("#target-file");
        robot.clickOn("#add-remote");
        robot.clickOn("#add-remote");
        robot.interact(() -> {
            find("#remote-host-0", TextField.class).setText(a.toString());
            find("#remote-path-0", TextField.class).setText(dir.resolve("a.img").toString());
            find("#remote-host-1", TextField.class).setText(b.toString());
            find("#remote-path-1", TextField.class).setText(dir.resolve("b.img").toString());
        });
        TinyFioRuns.pickFio(robot);
        runThem(RunSession.Order.TOGETHER);
        if (stopOthers) {
            robot.clickOn("#stop-others");
        }
        assertEquals(stopOthers, fx(() -> find("#stop-others", CheckBox.class).isSelected()));

        waitUntil(() -> fx(() -> !find("#start", Button.class).isDisabled()), 30);
        robot.clickOn("#start");
        Path laidOut = dir.resolve("a.img");
        waitUntil(() -> Files.exists(laidOut) && size(laidOut) == SIZE, 120);
        servers.kill(0);
        MainWindow shown = ((DriveLabApp) window.app()).window();
        waitUntil(() -> fx(() -> !shown.run().isRunning()), 180);
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            List<Run> runs = store.listRuns().stream().sorted(Comparator.comparingLong(Run::id)).toList();
            assertEquals(List.of(a + ":" + dir.resolve("a.img"), b + ":" + dir.resolve("b.img")),
                    runs.stream().map(Run::target).toList());
            assertTrue(runs.get(0).error().contains(a.toString()), "the failed run names its host: "
                    + runs.get(0).error());
            return runs;
        }
    }

    private long completePoints(long runId) {
        try (Store store = Store.open(dir.resolve("drivelab.db"))) {
            return store.listPoints(runId).stream().filter(p -> p.point().status() == PointStatus.COMPLETE).count();
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (java.io.IOException gone) {
            return -1;
        }
    }
}
