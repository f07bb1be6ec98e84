package io.drivelab.ui.common;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The file choosers the window needs. The desktop's own dialogs in the application; tests, which cannot drive a
 * native dialog, answer with files of their choosing.
 */
public interface FileDialogs {

    /** Where to save; {@code suggested} is the proposed file (its folder and name). Empty when cancelled. */
    Optional<Path> saveFile(String title, Path suggested, String description, String extension);

    Optional<Path> openFile(String title, Path folder, String description, String extension);

    Optional<Path> chooseFolder(String title, Path folder);
}
