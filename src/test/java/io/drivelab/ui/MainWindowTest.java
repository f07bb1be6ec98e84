package io.drivelab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.application.Application;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

/** Starts the real application on headless Monocle (surefire's argLine) and looks at its window. */
class MainWindowTest {
    private Stage stage;
    private Application app;

    @BeforeEach
    void startApp() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        app = FxToolkit.setupApplication(DriveLabApp.class);
    }

    @AfterEach
    void stopApp() throws Exception {
        FxToolkit.cleanupApplication(app);
        FxToolkit.cleanupStages();
    }

    @Test
    void mainWindowShowsWithItsTitle() {
        assertTrue(stage.isShowing(), "window not showing");
        assertEquals("DriveLab", stage.getTitle());
        assertEquals(1200, stage.getScene().getWidth(), 1);
        assertEquals(800, stage.getScene().getHeight(), 1);
        Label placeholder = new FxRobot().lookup("#placeholder").queryAs(Label.class);
        assertTrue(placeholder.getText().contains("GUI is coming"), placeholder.getText());
    }
}
