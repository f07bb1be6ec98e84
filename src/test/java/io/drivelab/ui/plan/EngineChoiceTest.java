package io.drivelab.ui.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

import io.drivelab.fio.FioBinary;
import io.drivelab.ui.DirectTasks;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plan's engine choice, without JavaFX running. fio is checked by the core's {@link FioBinary#at}, here on
 * small programs that answer {@code --version} as a given fio release would.
 */
class EngineChoiceTest {
    @TempDir
    Path dir;

    /** A program that prints {@code version} for --version, as fio does. */
    private Path fioPrinting(String version) throws Exception {
        Path fio = dir.resolve("fio");
        Files.writeString(fio, "#!/bin/sh\necho " + version + "\n");
        Files.setPosixFilePermissions(fio, PosixFilePermissions.fromString("rwxr-xr-x"));
        return fio;
    }

    @Test
    void drivelabsEngineIsTheDefaultAndNeedsNoFio() {
        EngineChoice choice = new EngineChoice();
        assertEquals(EngineChoice.Engine.DRIVELAB, choice.chosenProperty().get());
        assertEquals(Optional.empty(), choice.problem(false));
        assertNull(choice.measuredBy());
    }

    @Test
    void fioMeasuresOnceItIsFoundAndChosen() throws Exception {
        Path fio = fioPrinting("fio-3.33");
        EngineChoice choice = new EngineChoice();
        choice.lookForFio(new DirectTasks(), () -> FioBinary.at(fio));
        assertEquals("", choice.fioProblemProperty().get());
        choice.chosenProperty().set(EngineChoice.Engine.FIO);
        assertEquals(Optional.empty(), choice.problem(true));
        assertEquals("fio-3.33", choice.measuredBy().version().text());
        assertEquals("fio-3.33 at " + fio, choice.describeFio());
    }

    @Test
    void aFioOlderThan329CannotBeChosenAndSaysWhy() throws Exception {
        Path fio = fioPrinting("fio-3.28");
        EngineChoice choice = new EngineChoice();
        choice.chosenProperty().set(EngineChoice.Engine.FIO);  // remembered from the last start
        choice.lookForFio(new DirectTasks(), () -> FioBinary.at(fio));
        assertEquals("Measuring with fio needs fio 3.29 or later; " + fio + " is fio-3.28: install a newer fio.",
                choice.fioProblemProperty().get());
        assertEquals(EngineChoice.Engine.DRIVELAB, choice.chosenProperty().get());
        assertNull(choice.measuredBy());
    }

    @Test
    void aMissingFioCannotBeChosenAndSaysWhy() {
        Path missing = dir.resolve("no-fio-here");
        EngineChoice choice = new EngineChoice();
        choice.lookForFio(new DirectTasks(), () -> FioBinary.at(missing));
        assertTrue(choice.fioProblemProperty().get().startsWith("Cannot run " + missing + ": "),
                choice.fioProblemProperty().get());
    }

    @Test
    void fioChosenBeforeItIsFoundWaitsForTheLookUp() {
        EngineChoice choice = new EngineChoice();
        choice.chosenProperty().set(EngineChoice.Engine.FIO);
        assertEquals(Optional.of("Looking for fio…"), choice.problem(false));
    }

    @Test
    void aRemoteHostNeedsFioAsTheEngine() {
        EngineChoice choice = new EngineChoice();
        assertEquals(Optional.of("A remote host is measured by its fio server: choose fio as the engine in the "
                + "plan, or untick the remote host."), choice.problem(true));
    }

    @Test
    void theChoiceIsRememberedByName() {
        assertEquals(EngineChoice.Engine.FIO, EngineChoice.Engine.named(EngineChoice.Engine.FIO.remembered()));
        assertEquals(EngineChoice.Engine.DRIVELAB,
                EngineChoice.Engine.named(EngineChoice.Engine.DRIVELAB.remembered()));
        assertEquals(EngineChoice.Engine.DRIVELAB, EngineChoice.Engine.named(null));
        assertEquals(EngineChoice.Engine.DRIVELAB, EngineChoice.Engine.named("something else"));
    }
}
