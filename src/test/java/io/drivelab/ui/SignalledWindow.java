package io.drivelab.ui;

import java.nio.file.Path;

import io.drivelab.device.DeviceDiscovery;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * Not a test: the window in a JVM of its own for {@link WindowClosedBySignalTest}, started as the desktop's is
 * (closed by SIGTERM as by its close button), with a run of the quick plan going on a test file in {@code args[1]};
 * prints "measuring" once the run's first point has begun. The database is {@code args[0]}, the remembered choices
 * {@code args[1]/gui.json}.
 */
public final class SignalledWindow {
    private SignalledWindow() {
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) {
        Path folder = Path.of(args[1]);
        AppContext context = new AppContext(Path.of(args[0]), null, folder.resolve("gui.json"), 100,
                new DeviceDiscovery());
        DriveLabApp app = new DriveLabApp(context, null);
        Platform.startup(() -> { });
        app.init();
        Platform.runLater(() -> {
            Stage stage = new Stage();
            app.closeWhenSignalled();
            app.start(stage);
            Scene scene = stage.getScene();
            ((TextField) scene.lookup("#file-folder")).setText(folder.toString());
            ((TextField) scene.lookup("#file-size")).setText("16M");
            // Start waits for what the window loads in the background (the drive list), the times for its first
            // frame (the plan's fields below the workloads join after it)
            boolean[] timed = {false};
            Timeline start = new Timeline();
            start.setCycleCount(Timeline.INDEFINITE);
            start.getKeyFrames().add(new KeyFrame(Duration.millis(100), e -> {
                if (!timed[0] && scene.lookup("#runtime") != null) {
                    ((Spinner<Integer>) scene.lookup("#runtime")).getValueFactory().setValue(30);
                    ((Spinner<Integer>) scene.lookup("#ramp")).getValueFactory().setValue(0);
                    timed[0] = true;
                }
                if (timed[0] && app.window().run().startBlockedProperty().get().isEmpty()) {
                    start.stop();
                    app.window().run().live().pointTitleProperty().addListener((o, was, title) -> {
                        if (!title.startsWith("No point")) {
                            System.out.println("measuring");
                        }
                    });
                    app.window().start();
                }
            }));
            start.play();
        });
    }
}
