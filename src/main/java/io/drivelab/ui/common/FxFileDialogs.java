package io.drivelab.ui.common;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** The desktop's file dialogs (GTK's on Linux). */
public final class FxFileDialogs implements FileDialogs {
    private final Window owner;

    public FxFileDialogs(Window owner) {
        this.owner = owner;
    }

    @Override
    public Optional<Path> saveFile(String title, Path suggested, String description, String extension) {
        FileChooser chooser = chooser(title, suggested.toAbsolutePath().getParent(), description, extension);
        chooser.setInitialFileName(suggested.getFileName().toString());
        return Optional.ofNullable(chooser.showSaveDialog(owner)).map(File::toPath);
    }

    @Override
    public Optional<Path> openFile(String title, Path folder, String description, String extension) {
        return Optional.ofNullable(chooser(title, folder, description, extension).showOpenDialog(owner))
                .map(File::toPath);
    }

    @Override
    public Optional<Path> chooseFolder(String title, Path folder) {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle(title);
        if (folder != null && Files.isDirectory(folder)) {
            chooser.setInitialDirectory(folder.toFile());
        }
        return Optional.ofNullable(chooser.showDialog(owner)).map(File::toPath);
    }

    private static FileChooser chooser(String title, Path folder, String description, String extension) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(description, "*." + extension));
        if (folder != null && Files.isDirectory(folder)) {
            chooser.setInitialDirectory(folder.toFile());
        }
        return chooser;
    }
}
