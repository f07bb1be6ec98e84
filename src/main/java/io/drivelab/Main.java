package io.drivelab;

import io.drivelab.cli.DriveLabCommand;
import io.drivelab.store.Store;

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
            if (!hasDisplay()) {
                // Rather than JavaFX's "Unable to open DISPLAY" stack trace, on a server most of all.
                System.err.println("drivelab: no display to open the GUI on (DISPLAY is not set); "
                        + "run `drivelab --help` for the command line");
                System.exit(1);
            }
            launchGui();
            return;
        }
        if (DriveLabCommand.opensDatabase(args)) {
            // SQLite's driver and library load on the other core while picocli builds the command (README,
            // "Responsiveness and scale"); nothing is opened, the command opens its database as before.
            Thread warmUp = new Thread(Store::warmUp, "drivelab-sqlite-warm-up");
            warmUp.setDaemon(true);
            warmUp.start();
        }
        System.exit(DriveLabCommand.commandLine(args).execute(args));
    }

    private static boolean hasDisplay() {
        // An explicitly chosen glass platform (e.g. Monocle for headless tests) needs no X or Wayland display.
        return System.getProperty("glass.platform") != null
                || !System.getenv().getOrDefault("DISPLAY", "").isEmpty()
                || !System.getenv().getOrDefault("WAYLAND_DISPLAY", "").isEmpty();
    }

    // A separate method keeps the JavaFX reference out of the CLI path's verification and loading.
    private static void launchGui() {
        try {
            io.drivelab.ui.DriveLabApp.launchGui(new String[0]);
        } catch (UnsupportedOperationException e) {
            // JavaFX's words when no X server answers or it refuses this user (`su`, another session's display):
            // its stack trace said nothing more
            if (!String.valueOf(e.getMessage()).contains("Unable to open DISPLAY")) {
                throw e;
            }
            System.err.println("drivelab: cannot open the display " + System.getenv("DISPLAY") + ": no X server "
                    + "answers there, or it refused this user (a display of another user or session); start "
                    + "DriveLab from your desktop session, or run `drivelab --help` for the command line");
            System.exit(1);
        }
    }
}
