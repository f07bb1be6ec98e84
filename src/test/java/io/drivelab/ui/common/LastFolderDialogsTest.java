package io.drivelab.ui.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every export, report and plan dialog opened in the home folder, however often the user saved elsewhere. */
class LastFolderDialogsTest {
    @TempDir
    Path dir;

    /** Answers with {@code answer} and notes where each dialog would have opened. */
    private static final class Desktop implements FileDialogs {
        final List<Path> openedAt = new ArrayList<>();
        Path answer;

        @Override
        public Optional<Path> saveFile(String title, Path suggested, String description, String extension) {
            openedAt.add(suggested);
            return Optional.ofNullable(answer);
        }

        @Override
        public Optional<Path> openFile(String title, Path folder, String description, String extension) {
            openedAt.add(folder);
            return Optional.ofNullable(answer);
        }

        @Override
        public Optional<Path> chooseFolder(String title, Path folder) {
            openedAt.add(folder);
            return Optional.ofNullable(answer);
        }
    }

    @Test
    void theNextDialogOpensWhereTheLastFileWentTheFileStillNamedAfterTheRun() throws Exception {
        Path home = Files.createDirectory(dir.resolve("home"));
        Path reports = Files.createDirectory(dir.resolve("reports"));
        Desktop desktop = new Desktop();
        LastFolderDialogs dialogs = new LastFolderDialogs(desktop, null);
        assertNull(dialogs.lastFolder());

        desktop.answer = reports.resolve("drivelab-run-3.png");
        dialogs.saveFile("Save report", home.resolve("drivelab-run-3.png"), "PNG image", "png");
        desktop.answer = null;
        dialogs.saveFile("Export run 4", home.resolve("drivelab-run-4.csv"), "CSV file", "csv");
        dialogs.openFile("Open a plan", home, "DriveLab plan", "json");
        dialogs.chooseFolder("Folder for the test file", home);

        assertEquals(List.of(home.resolve("drivelab-run-3.png"), reports.resolve("drivelab-run-4.csv"), reports,
                home), desktop.openedAt, "the test file's folder is its own setting");
        assertEquals(reports.toString(), dialogs.lastFolder(), "a cancelled dialog changes nothing");
    }

    @Test
    void theFolderRememberedFromTheLastStartIsUsedWhileItExists() throws Exception {
        Path home = Files.createDirectory(dir.resolve("home"));
        Path plans = Files.createDirectory(dir.resolve("plans"));
        Desktop desktop = new Desktop();
        new LastFolderDialogs(desktop, plans.toString()).openFile("Open a plan", home, "DriveLab plan", "json");
        Files.delete(plans);
        new LastFolderDialogs(desktop, plans.toString()).saveFile("Save the plan", home.resolve("quick.json"),
                "DriveLab plan", "json");
        assertEquals(List.of(plans, home.resolve("quick.json")), desktop.openedAt, "a folder since removed: home");
    }
}
