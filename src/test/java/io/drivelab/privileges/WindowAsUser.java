package io.drivelab.privileges;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.DeviceAccess;
import io.drivelab.ui.AppContext;
import io.drivelab.ui.ChosenFiles;
import io.drivelab.ui.DriveLabApp;
import io.drivelab.workload.Presets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window as the desktop user uses it, in a JVM of theirs (started by {@link DesktopUserWindowTest} through
 * runuser, on headless Monocle): ticks the drive instead of the test file, picks the quick preset at 1 s per point,
 * presses Start, types the drive's name to confirm, and waits for the run to end. Prints what the window then says
 * ("status: ...", "error: ..."); exits 0 when the run completed, 1 when it did not, 2 when Start stayed blocked.
 *
 * <p>Arguments: the user's folder, the database, the drive (/dev/loopN).
 */
public final class WindowAsUser {
    private static final FxRobot ROBOT = new FxRobot();

    private WindowAsUser() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String drive = args[2];
        FxToolkit.registerPrimaryStage();
        // the engine as the package installs it: the only one pkexec may start
        AppContext context = new AppContext(Path.of(args[1]), DeviceAccess.INSTALLED_ENGINE, dir.resolve("gui.json"),
                AppContext.STATUS_INTERVAL_MS, new DeviceDiscovery());
        DriveLabApp app = (DriveLabApp) FxToolkit.setupApplication(() -> new DriveLabApp(context,
                new ChosenFiles(dir)));
        int exit;
        try {
            exit = runOn(app, drive);
        } finally {
            FxToolkit.cleanupApplication(app);
        }
        System.out.flush();
        System.exit(exit);
    }

    @SuppressWarnings("unchecked")
    private static int runOn(DriveLabApp app, String drive) throws Exception {
        String card = "#target-" + Path.of(drive).getFileName();
        // the plan's times join the window after its first frame
        waitUntil(() -> ROBOT.lookup(card).tryQuery().isPresent() && ROBOT.lookup("#runtime").tryQuery().isPresent(),
                60, "the drive " + drive + " is listed");
        ROBOT.interact(() -> {
            find("#target-file", CheckBox.class).setSelected(false);
            find(card, CheckBox.class).setSelected(true);
            ((ComboBox<String>) find("#preset", ComboBox.class)).setValue(Presets.QUICK);
            ((Spinner<Integer>) find("#runtime", Spinner.class)).getValueFactory().setValue(1);
            ((Spinner<Integer>) find("#ramp", Spinner.class)).getValueFactory().setValue(0);
            ((Spinner<Integer>) find("#idle", Spinner.class)).getValueFactory().setValue(0);
        });
        try {
            // the write guard's and the preflight's check runs off the UI thread
            waitUntil(() -> fx(() -> !find("#start", Button.class).isDisabled()
                    && !app.window().run().confirmationsNeeded().isEmpty()), 60, "Start asks to confirm the drive");
        } catch (AssertionError e) {
            System.out.println("start-blocked: " + fx(() -> find("#start-blocked", Label.class).getText()));
            return 2;
        }
        ROBOT.clickOn("#start");
        // the plan destroys the drive: its name is typed to confirm, as a user would
        waitUntil(() -> ROBOT.lookup(".text-input-dialog").tryQuery().isPresent(), 30, "the confirmation dialog");
        DialogPane dialog = find(".text-input-dialog", DialogPane.class);
        ROBOT.interact(() -> ROBOT.from(dialog).lookup(".text-field").queryAs(TextField.class).setText(drive));
        ROBOT.clickOn((Node) fx(() -> dialog.lookupButton(ButtonType.OK)));
        // a refused authorization ends the start within a poll of the click: the run is then never seen running
        waitUntil(() -> fx(() -> app.window().run().isRunning() || !find("#error", Label.class).getText().isEmpty()),
                30, "the run starts or says why it cannot");
        waitUntil(() -> fx(() -> !app.window().run().isRunning()), 300, "the run ends");
        String status = fx(() -> find("#status", Label.class).getText());
        System.out.println("status: " + status);
        System.out.println("error: " + fx(() -> find("#error", Label.class).getText()).replace('\n', ' '));
        return status.matches("Run \\d+ complete: .*") ? 0 : 1;
    }

    private static <T extends Node> T find(String query, Class<T> type) {
        return ROBOT.lookup(query).queryAs(type);
    }

    private static <T> T fx(Callable<T> query) {
        try {
            return WaitForAsyncUtils.asyncFx(query).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static void waitUntil(BooleanSupplier done, int seconds, String what) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("not within " + seconds + " s: " + what);
            }
            Thread.sleep(100);
        }
    }
}
