package io.drivelab.ui;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import io.drivelab.ui.run.RunViewModel;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TextInputDialog;
import javafx.stage.Window;

/**
 * What the write guard wants confirmed before a run or a resume, asked one question after another: a device's name
 * typed back before its data is destroyed, an existing file overwritten. What was not confirmed is said.
 */
final class StartQuestions {
    private final Window owner;
    private final Consumer<String> say;

    StartQuestions(Window owner, Consumer<String> say) {
        this.owner = owner;
        this.say = say;
    }

    /** Asks each question; empty when the user declines one. */
    Optional<RunViewModel.Confirmed> ask(List<RunViewModel.Confirmation> questions) {
        Map<Path, String> typed = new HashMap<>();
        Set<Path> overwrite = new HashSet<>();
        for (RunViewModel.Confirmation c : questions) {
            if (c.kind() == RunViewModel.Confirmation.Kind.TYPE_DEVICE_NAME) {
                Optional<String> answer = askDeviceName(c);
                if (answer.isEmpty()) {
                    say.accept("Not started: " + c.target() + " was not confirmed.");
                    return Optional.empty();
                }
                typed.put(c.target(), answer.get());
            } else {
                Alert alert = new Alert(Alert.AlertType.CONFIRMATION, c.question(), ButtonType.CANCEL,
                        ButtonType.OK);
                alert.initOwner(owner);
                alert.setHeaderText("Overwrite " + c.target().getFileName() + "?");
                if (alert.showAndWait().filter(ButtonType.OK::equals).isEmpty()) {
                    say.accept("Not started: " + c.target() + " is left as it is.");
                    return Optional.empty();
                }
                overwrite.add(c.target());
            }
        }
        return Optional.of(new RunViewModel.Confirmed(typed, overwrite));
    }

    private Optional<String> askDeviceName(RunViewModel.Confirmation c) {
        TextInputDialog dialog = new TextInputDialog();
        dialog.initOwner(owner);
        dialog.setTitle("Destroy the data on " + c.target() + "?");
        dialog.setHeaderText(c.question());
        dialog.setContentText("Device:");
        return dialog.showAndWait().map(String::strip).filter(s -> s.equals(c.target().toString()));
    }
}
