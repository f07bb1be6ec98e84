package io.drivelab.ui.common;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The file dialogs opening in the folder the user last saved to or opened from (remembered between starts), the file
 * still named after what is saved; the user's home until then, or when that folder is gone. Every export, report and
 * plan went back to the home folder, however often the user saved elsewhere.
 */
public final class LastFolderDialogs implements FileDialogs {
    private final FileDialogs dialogs;
    private Path lastFolder;

    /** @param lastFolder the folder used last time, or null */
    public LastFolderDialogs(FileDialogs dialogs, String lastFolder) {
        this.dialogs = dialogs;
        this.lastFolder = lastFolder == null || lastFolder.isBlank() ? null : Path.of(lastFolder);
    }

    /** The folder the user last saved to or opened from, to remember; null when none was chosen yet. */
    public String lastFolder() {
        return lastFolder == null ? null : lastFolder.toString();
    }

    @Override
    public Optional<Path> saveFile(String title, Path suggested, String description, String extension) {
        Path folder = usable(lastFolder) ? lastFolder : suggested.toAbsolutePath().getParent();
        return remember(dialogs.saveFile(title, folder.resolve(suggested.getFileName()), description, extension));
    }

    @Override
    public Optional<Path> openFile(String title, Path folder, String description, String extension) {
        return remember(dialogs.openFile(title, usable(lastFolder) ? lastFolder : folder, description, extension));
    }

    /** The test file's folder is a setting of its own: it neither follows nor moves the last folder. */
    @Override
    public Optional<Path> chooseFolder(String title, Path folder) {
        return dialogs.chooseFolder(title, folder);
    }

    private Optional<Path> remember(Optional<Path> chosen) {
        chosen.map(Path::toAbsolutePath).map(Path::getParent).ifPresent(folder -> lastFolder = folder);
        return chosen;
    }

    private static boolean usable(Path folder) {
        return folder != null && Files.isDirectory(folder);
    }
}
