package io.drivelab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.store.StoreException;
import io.drivelab.workload.Presets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a start works out before its window, without JavaFX, on a thread of its own. */
class StartPreparationTest {
    @TempDir
    Path dir;

    private AppContext context(Path database, Path engine) {
        return new AppContext(database, engine, dir.resolve("gui.json"), 250, new DeviceDiscovery());
    }

    @Test
    void theSettingsTheThemeAndTheEngineAreReadyAndTheDatabaseIsOpenedWithoutTheCallerAsking() throws Exception {
        Files.writeString(dir.resolve("gui.json"), "{\"preset\": \"crystaldiskmark\", \"theme\": \"DARK\"}");
        Path engine = Files.createFile(dir.resolve("engine"));
        Path database = dir.resolve("data/drivelab.db");

        StartPreparation preparation = StartPreparation.begin(context(database, engine));
        StartPreparation.Ready ready = preparation.ready();
        preparation.opened().get(60, TimeUnit.SECONDS);

        assertEquals("crystaldiskmark", ready.settings().preset());
        assertEquals("crystaldiskmark", ready.plan().chosenProperty().get(), "the plan panel's, made beforehand");
        assertTrue(ready.dark(), "the remembered dark theme");
        assertEquals(engine, ready.engine());
        assertNull(ready.engineProblem());
        assertTrue(Files.isRegularFile(database), "made by the preparation: nothing else used the store");
        assertEquals(database, preparation.store().path());
        preparation.store().close();
    }

    @Test
    void aDatabaseThatCannotBeOpenedLeavesTheWindowItsSettingsAndSaysWhyThroughOpened() throws Exception {
        Files.writeString(dir.resolve("gui.json"), "{\"theme\": \"LIGHT\", \"width\": 1000, \"height\": 700}");
        Path folder = Files.createDirectory(dir.resolve("a-folder.db"));

        StartPreparation preparation = StartPreparation.begin(context(folder, Files.createFile(dir.resolve("e"))));

        assertEquals(1000, preparation.ready().settings().width());
        CompletionException failure = assertThrows(CompletionException.class, () -> preparation.opened().join());
        assertInstanceOf(StoreException.class, failure.getCause());
        assertTrue(failure.getCause().getMessage().contains(folder.toString()), failure.getCause().getMessage());
    }

    @Test
    void aDamagedSettingsFileGivesTheDefaults() throws Exception {
        Files.writeString(dir.resolve("gui.json"), "{\"width\": ");

        StartPreparation preparation = StartPreparation.begin(context(dir.resolve("d.db"),
                Files.createFile(dir.resolve("e"))));
        StartPreparation.Ready ready = preparation.ready();

        assertEquals(Settings.DEFAULT_WIDTH, ready.settings().width());
        assertEquals(Presets.QUICK, ready.plan().chosenProperty().get());
        preparation.opened().get(60, TimeUnit.SECONDS);
        preparation.store().close();
    }

    @Test
    void runsLeftRunningByAWindowThatIsGoneAreMarkedInterruptedAndSaidSo() throws Exception {
        Path database = dir.resolve("drivelab.db");
        long left;
        try (io.drivelab.store.Store store = io.drivelab.store.Store.open(database)) {
            // this JVM's pid, started at another time: a window that was killed, whose pid came round again
            left = store.createRun(new io.drivelab.store.NewRun("quick on /dev/shm/drivelab-test.img", "{}", "quick",
                    "/dev/shm/drivelab-test.img", "file", null, "lab1", "0.1.0"),
                    new io.drivelab.store.RunnerProcess(ProcessHandle.current().pid(), java.time.Instant.EPOCH));
        }

        StartPreparation preparation = StartPreparation.begin(context(database, Files.createFile(dir.resolve("e"))));
        java.util.List<io.drivelab.store.Run> marked = preparation.opened().get(60, TimeUnit.SECONDS);

        assertEquals(java.util.List.of(left), marked.stream().map(io.drivelab.store.Run::id).toList());
        // was marked without a word: the window said "Ready."
        assertEquals("Run " + left + " (quick on /dev/shm/drivelab-test.img) stopped before it finished, with the "
                + "DriveLab that ran it (ended, or the machine went down): marked interrupted, the points measured "
                + "kept. Resume it from History.", StartPreparation.leftUnfinished(marked));
        assertNull(StartPreparation.leftUnfinished(java.util.List.of()));
        preparation.store().close();
    }
}
