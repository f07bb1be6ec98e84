package io.drivelab;

import io.drivelab.cli.DriveLabCommand;

/**
 * Entry point: no arguments opens the GUI, arguments run the command line.
 *
 * <p>Deliberately not a JavaFX {@code Application}: the CLI must run on a headless server, so JavaFX
 * classes are only touched on the GUI path (through {@link io.drivelab.ui.DriveLabApp#launchGui}).
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            launchGui();
            return;
        }
        System.exit(DriveLabCommand.commandLine().execute(args));
    }

    // A separate method keeps the JavaFX reference out of the CLI path's verification and loading.
    private static void launchGui() {
        io.drivelab.ui.DriveLabApp.launchGui(new String[0]);
    }
}
