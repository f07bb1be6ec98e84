package io.drivelab.ui;

import java.nio.file.Path;

import io.drivelab.device.DeviceDiscovery;
import javafx.application.Application;
import javafx.stage.Stage;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real application started on headless Monocle (TestFX) with its database and settings under a test's folder,
 * so a second start finds what the first remembered.
 */
public record WindowUnderTest(Stage stage, Application app) {

    public static WindowUnderTest open(Path dir) throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        // A window's start on a loaded 2-core machine can pass TestFX's 30 s default.
        FxToolkit.toolkitContext().setSetupTimeoutInMillis(120_000);
        AppContext context = new AppContext(dir.resolve("drivelab.db"),
                Path.of(System.getProperty("drivelab.engine")), dir.resolve("config/gui.json"), 250,
                new DeviceDiscovery());
        Application app = FxToolkit.setupApplication(() -> new DriveLabApp(context, new ChosenFiles(dir)));
        WaitForAsyncUtils.waitForFxEvents();
        FxWait.waitForTheLiveView();
        return new WindowUnderTest(stage, app);
    }

    /** Closes the window as the user does: what it remembers is saved. */
    public void close() throws Exception {
        FxToolkit.cleanupApplication(app);
        FxToolkit.cleanupStages();
    }
}
