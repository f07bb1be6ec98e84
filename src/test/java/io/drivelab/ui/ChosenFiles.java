package io.drivelab.ui;

import java.nio.file.Path;
import java.util.Optional;

import io.drivelab.ui.common.FileDialogs;

/** File "dialogs" for tests, which cannot drive the desktop's: every question gets a file in one folder. */
public final class ChosenFiles implements FileDialogs {
    private final Path folder;

    public ChosenFiles(Path folder) {
        this.folder = folder;
    }

    @Override
    public Optional<Path> saveFile(String title, Path suggested, String description, String extension) {
        return Optional.of(folder.resolve(suggested.getFileName()));
    }

    @Override
    public Optional<Path> openFile(String title, Path start, String description, String extension) {
        return Optional.empty();
    }

    @Override
    public Optional<Path> chooseFolder(String title, Path start) {
        return Optional.of(folder);
    }
}
