package io.drivelab.ui;

import java.nio.file.Path;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.EngineBinary;
import io.drivelab.store.Store;

/**
 * What the window works with, chosen once at start: the results database, the engine, where the settings live,
 * how often the engine reports, and where drives are found. Tests give their own (a temporary database and
 * settings file, a short status interval).
 *
 * @param engine           the engine, or null to locate it ({@link EngineBinary#locate()})
 * @param statusIntervalMs how often the engine reports a sample
 */
public record AppContext(Path database, Path engine, Path settingsFile, int statusIntervalMs,
                         DeviceDiscovery discovery) {

    /** Samples every 250 ms: the live view updates four times a second. */
    public static final int STATUS_INTERVAL_MS = 250;

    /** $DRIVELAB_DB or the XDG data folder, the engine as the command line finds it, settings in XDG config. */
    public static AppContext fromEnvironment() {
        return new AppContext(Store.defaultPath(), null, Settings.defaultPath(), STATUS_INTERVAL_MS,
                new DeviceDiscovery());
    }
}
