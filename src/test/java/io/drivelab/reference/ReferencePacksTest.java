package io.drivelab.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.drivelab.files.InputFileException;
import io.drivelab.store.Store;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class ReferencePacksTest {
    public static final String PACK = """
            {"format": 1, "version": 1,
             "review": {"title": "Colleague's bench of the Acme X9", "short": "Acme X9 bench",
                        "seeds": [{"file": "bench-notes.txt", "language": "en", "use": "measured by Ana, lab 2"}]},
             "drives": {"acme-x9-2tb": {"vendor": "Acme", "model": "X9", "capacity": "2TB"}},
             "figures": [
              {"drive": "acme-x9-2tb", "section": "4K random read", "suite": "fio", "test": "4K random read",
               "rw": "randread", "bs": "4k", "iodepth": 32, "numjobs": 1, "metric": "IOPS", "value": 412000,
               "unit": "IOPS"}],
             "disagreements": []}
            """;

    @TempDir
    Path dir;

    Store open() {
        return Store.open(dir.resolve("drivelab.db"));
    }

    @Test
    void anAddedPackIsInTheLibraryWithItsSourceAndSurvivesASync() throws Exception {
        Path file = Files.writeString(dir.resolve("acme.json"), PACK);
        try (Store store = open()) {
            ReferenceStore.sync(store);
            ReferencePacks.Added added = ReferencePacks.add(store, file);
            assertEquals(new ReferencePacks.Added("acme.json", 1, false), added);
            ReferenceLibrary library = ReferenceStore.load(store);
            List<ReferenceFigure> acme = library.select("Acme X9", null);
            assertEquals(1, acme.size());
            assertEquals("pack:acme.json", acme.get(0).source().file());
            assertEquals("Colleague's bench of the Acme X9", acme.get(0).source().title());
            assertEquals(412000, acme.get(0).value());
            assertTrue(library.figures().size() > 1, "the shipped figures stay");
            assertEquals(List.of("acme.json"), ReferencePacks.names(store));
            assertTrue(ReferencePacks.add(store, file).replaced());
        }
    }

    @Test
    void aBadPackIsRefusedWithEveryProblemAndNothingStored() throws Exception {
        String bad = PACK.replace("\"value\": 412000", "\"value\": -1").replace("\"unit\": \"IOPS\"",
                "\"unit\": \"furlongs\"").replace("\"bs\": \"4k\"", "\"bs\": \"4q\"");
        Path file = Files.writeString(dir.resolve("bad.json"), bad);
        try (Store store = open()) {
            ReferenceDataException e = assertThrows(ReferenceDataException.class, () -> ReferencePacks.add(store, file));
            assertEquals(3, e.problems().size(), e.getMessage());
            assertTrue(e.getMessage().contains("figure 1: \"value\" must be a number above 0"), e.getMessage());
            assertTrue(e.getMessage().contains("unit \"furlongs\""), e.getMessage());
            assertTrue(e.getMessage().contains("figure 1: bs"), e.getMessage());
            assertEquals(List.of(), ReferencePacks.names(store));
        }
    }

    @Test
    void aPackCannotChangeShippedFigures() throws Exception {
        String shippedName = ReferenceLibrary.shippedFiles().get(0).name();
        ReferenceSource shipped = ReferenceLibrary.shipped().reviews().get(0).source();
        Path named = Files.writeString(dir.resolve(shippedName), PACK);
        Path sameSource = Files.writeString(dir.resolve("copy.json"),
                PACK.replace("Colleague's bench of the Acme X9", shipped.title()));
        try (Store store = open()) {
            ReferenceStore.sync(store);
            String before = store.listReferenceSources().get(0).json();
            ReferenceDataException byName = assertThrows(ReferenceDataException.class,
                    () -> ReferencePacks.add(store, named));
            assertTrue(byName.getMessage().contains("a shipped reference file has this name"), byName.getMessage());
            ReferenceDataException bySource = assertThrows(ReferenceDataException.class,
                    () -> ReferencePacks.add(store, sameSource));
            assertTrue(bySource.getMessage().contains("the same source as the shipped file"), bySource.getMessage());
            ReferenceDataException removeShipped = assertThrows(ReferenceDataException.class,
                    () -> ReferencePacks.remove(store, shippedName));
            assertTrue(removeShipped.getMessage().contains("shipped files cannot be removed"));
            assertEquals(before, store.listReferenceSources().get(0).json());
            assertEquals(List.of(), ReferencePacks.names(store));
        }
    }

    @Test
    void removeTakesThePackAndItsFiguresAway() throws Exception {
        Path file = Files.writeString(dir.resolve("acme.json"), PACK);
        try (Store store = open()) {
            ReferencePacks.add(store, file);
            ReferencePacks.remove(store, "acme.json");
            assertEquals(List.of(), ReferencePacks.names(store));
            assertEquals(List.of(), store.listReferenceRows("pack:acme.json"));
            assertTrue(ReferenceStore.load(store).select("Acme X9", null).isEmpty());
            ReferenceDataException again = assertThrows(ReferenceDataException.class,
                    () -> ReferencePacks.remove(store, "acme.json"));
            assertTrue(again.getMessage().contains("no pack has been added"), again.getMessage());
        }
    }

    @Test
    void anEndlessDeviceIsRefusedWithoutReadingIt() {
        try (Store store = open()) {
            InputFileException e = assertThrows(InputFileException.class,
                    () -> ReferencePacks.add(store, Path.of("/dev/zero")));
            assertTrue(e.getMessage().contains("is a character device, not a reference pack"), e.getMessage());
            assertEquals(List.of(), ReferencePacks.names(store));
        }
    }

    @Test
    void aFolderOrAMissingFileIsNotReadAsAPack() {
        try (Store store = open()) {
            assertThrows(InputFileException.class, () -> ReferencePacks.add(store, dir));
            assertFalse(Files.exists(dir.resolve("none.json")));
            InputFileException missing = assertThrows(InputFileException.class,
                    () -> ReferencePacks.add(store, dir.resolve("none.json")));
            assertTrue(missing.missing());
        }
    }
}
