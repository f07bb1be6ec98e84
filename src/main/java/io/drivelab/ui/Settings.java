package io.drivelab.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.files.OutputFile;
import io.drivelab.ui.targets.TargetsViewModel;

/**
 * What the window remembers between starts: its size and the user's last choices. A small JSON file in the XDG
 * config folder; a missing or damaged file gives the defaults.
 *
 * @param referenceDrives the ticked reference drives, or null for all
 * @param logScale        whether Compare's and the live view's curves draw throughput and latency on log scales
 *                        (null: no)
 * @param tab             the tab shown last ("Live", "Compare", "History"), or null for Live
 * @param theme           the colours chosen in View, Theme (a {@link io.drivelab.ui.common.Theme} name), or null
 *                        to follow the desktop
 * @param runTogether     whether the ticked targets run at the same time (null: one after another)
 * @param engine          what measures the plan: "drivelab" or "fio" (null: DriveLab's engine)
 * @param remoteHosts     the remote hosts in the Targets list, in order (null: none)
 * @param stopOthersOnFailure whether the targets running at the same time all stop when one fails (null: the
 *                        others go on)
 * @param cpusAllowed     the CPUs a run keeps to, as typed ("1", "0-3"), or null: the scheduler places its jobs
 * @param dialogFolder    the folder a file dialog saved to or opened from last, or null: the home folder
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Settings(double width, double height, String preset, String planFile, Integer runtime, Integer ramp,
                       Integer idle, Boolean preconditions, String folder, String fileSize,
                       List<String> referenceDrives, Boolean logScale, String tab, String theme,
                       Boolean runTogether, String engine, List<TargetsViewModel.RemoteHost> remoteHosts,
                       Boolean stopOthersOnFailure, String cpusAllowed, String dialogFolder) {

    public static final double DEFAULT_WIDTH = 1440;
    public static final double DEFAULT_HEIGHT = 900;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public static Settings defaults() {
        return new Settings(DEFAULT_WIDTH, DEFAULT_HEIGHT, null, null, null, null, null, null,
                defaultFolder(Path.of(System.getProperty("java.io.tmpdir")), Path.of("/var/tmp")), "1G", null, null,
                null, null, null, null, null, null, null, null);
    }

    /**
     * The test file's folder at first: the temporary folder, unless it keeps its files in RAM (/tmp is a tmpfs on
     * many distributions, where a run measured memory) and {@code onDisk} (/var/tmp, kept on disk by convention)
     * can take the file instead.
     */
    static String defaultFolder(Path temporary, Path onDisk) {
        boolean inMemory = DeviceDiscovery.memoryFileSystem(temporary).isPresent();
        if (inMemory && Files.isDirectory(onDisk) && Files.isWritable(onDisk)
                && DeviceDiscovery.memoryFileSystem(onDisk).isEmpty()) {
            return onDisk.toString();
        }
        return temporary.toString();
    }

    /** $XDG_CONFIG_HOME/drivelab/gui.json, else ~/.config/drivelab/gui.json. */
    public static Path defaultPath() {
        return defaultPath(System.getenv(), Path.of(System.getProperty("user.home")));
    }

    static Path defaultPath(Map<String, String> env, Path home) {
        String config = env.get("XDG_CONFIG_HOME");
        Path base = config != null && !config.isBlank() && Path.of(config).isAbsolute() ? Path.of(config)
                : home.resolve(".config");
        return base.resolve("drivelab").resolve("gui.json");
    }

    /** The settings in {@code file}, or the defaults when it is missing or unreadable. */
    public static Settings load(Path file) {
        if (!Files.isRegularFile(file)) {
            return defaults();
        }
        try {
            Settings s = JSON.readValue(file.toFile(), Settings.class);
            Settings d = defaults();
            return new Settings(s.width() >= 400 ? s.width() : d.width(), s.height() >= 300 ? s.height() : d.height(),
                    s.preset(), s.planFile(), s.runtime(), s.ramp(), s.idle(), s.preconditions(),
                    s.folder() == null ? d.folder() : s.folder(), s.fileSize() == null ? d.fileSize() : s.fileSize(),
                    s.referenceDrives(), s.logScale(), s.tab(), s.theme(), s.runTogether(), s.engine(),
                    s.remoteHosts(), s.stopOthersOnFailure(), s.cpusAllowed(), s.dialogFolder());
        } catch (IOException e) {
            // Settings are a convenience: a damaged file must not keep the window from opening.
            return defaults();
        }
    }

    /** Writes the settings through {@link OutputFile}: a link or device at the path is refused, not written. */
    public void save(Path file) {
        OutputFile.at(file).creatingFolders().write(out -> JSON.writeValue(out, this));
    }
}
