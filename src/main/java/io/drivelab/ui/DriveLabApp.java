package io.drivelab.ui;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/** The DriveLab window. A placeholder until the GUI is built. */
public final class DriveLabApp extends Application {
    public static final String TITLE = "DriveLab";
    static final double WIDTH = 1200;
    static final double HEIGHT = 800;

    /** Opens the window and returns when it is closed. */
    public static void launchGui(String[] args) {
        Application.launch(DriveLabApp.class, args);
    }

    @Override
    public void start(Stage stage) {
        Label placeholder = new Label("DriveLab: the test lab GUI is coming. Meanwhile, run `drivelab --help`.");
        placeholder.setId("placeholder");
        BorderPane root = new BorderPane(placeholder);
        stage.setTitle(TITLE);
        stage.setScene(new Scene(root, WIDTH, HEIGHT));
        stage.show();
    }
}
