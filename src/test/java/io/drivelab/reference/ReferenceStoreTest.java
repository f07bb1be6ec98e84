package io.drivelab.reference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.drivelab.store.NewRun;
import io.drivelab.store.ReferenceRow;
import io.drivelab.store.Store;
import io.drivelab.store.TempStore;

/** The shipped library in the user's database: loaded on first start, reloaded when newer, runs untouched. */
@ExtendWith(TempStore.class)
class ReferenceStoreTest {
    final Store store;

    ReferenceStoreTest(Store store) {
        this.store = store;
    }

    static ReferenceLibrary.ShippedFile shipped(int version, String value) {
        return new ReferenceLibrary.ShippedFile("x.json", ReferenceDataTest.file(ReferenceDataTest.GOOD)
                .replace("\"version\": 3", "\"version\": " + version).replace("1000000", value));
    }

    @Test
    void theFirstStartLoadsEveryShippedFile() {
        ReferenceStore.Sync sync = ReferenceStore.sync(store);

        List<String> shipped = ReferenceLibrary.shippedFiles().stream().map(ReferenceLibrary.ShippedFile::name).toList();
        assertEquals(shipped, sync.loaded());
        assertEquals(ReferenceLibrary.shipped().figures().size(), ReferenceStore.library(store).figures().size());
    }

    @Test
    void theLibraryFromTheDatabaseKeepsTheShippedOrder() {
        ReferenceStore.sync(store);

        assertEquals(ReferenceLibrary.shipped().figures().stream().map(ReferenceFigure::toString).toList(),
                ReferenceStore.library(store).figures().stream().map(ReferenceFigure::toString).toList());
    }

    @Test
    void theNextStartFindsTheLibraryUpToDate() {
        ReferenceStore.sync(store);

        ReferenceStore.Sync again = ReferenceStore.sync(store);

        assertEquals(List.of(), again.loaded());
        assertEquals(3, again.upToDate().size());
    }

    @Test
    void theNextStartTakesNoWriteLock() throws SQLException {
        ReferenceStore.sync(store);

        // Another process (a run, a long import) holds the write lock; the old sync waited 10 s for it and failed.
        try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + store.path());
             Statement statement = other.createStatement()) {
            statement.execute("BEGIN IMMEDIATE");
            ReferenceStore.Sync again = ReferenceStore.sync(store);
            statement.execute("ROLLBACK");

            assertEquals(List.of(), again.loaded());
            assertEquals(3, again.upToDate().size());
        }
    }

    @Test
    void aFileEditedWithoutAVersionChangeIsLoadedAgain() {
        ReferenceStore.sync(store, List.of(shipped(3, "1000000")));

        ReferenceStore.Sync sync = ReferenceStore.sync(store, List.of(shipped(3, "1200000")));

        assertEquals(List.of("x.json"), sync.loaded());
        assertEquals(1_200_000, ReferenceStore.library(store).figures().get(0).value());
    }

    @Test
    void aNewerShippedVersionReplacesTheStoredFigures() {
        ReferenceStore.sync(store, List.of(shipped(1, "1000000")));

        ReferenceStore.Sync sync = ReferenceStore.sync(store, List.of(shipped(2, "1200000")));

        assertEquals(List.of("x.json"), sync.loaded());
        assertEquals(1_200_000, ReferenceStore.library(store).figures().get(0).value());
        assertEquals(1, store.listReferenceRows("x.json").size());
    }

    @Test
    void anOlderShippedVersionLeavesTheNewerStoredOne() {
        ReferenceStore.sync(store, List.of(shipped(5, "1200000")));

        ReferenceStore.Sync sync = ReferenceStore.sync(store, List.of(shipped(4, "1000000")));

        assertEquals(List.of("x.json"), sync.upToDate());
        assertEquals(1_200_000, ReferenceStore.library(store).figures().get(0).value());
    }

    @Test
    void reloadingTheLibraryLeavesTheUsersRunsAlone() {
        long run = store.createRun(new NewRun("my run", "{}", "plan", "/tmp/x", "file", null, null, null));
        ReferenceStore.sync(store, List.of(shipped(1, "1000000")));

        ReferenceStore.sync(store, List.of(shipped(2, "1200000")));

        assertEquals(List.of(run), store.listRuns().stream().map(r -> r.id()).toList());
    }

    @Test
    void aBrokenShippedFileLoadsNothing() {
        ReferenceLibrary.ShippedFile good = new ReferenceLibrary.ShippedFile("a.json", shipped(1, "1").json());
        ReferenceLibrary.ShippedFile bad = new ReferenceLibrary.ShippedFile("b.json", "{\"format\": 1");

        assertThrows(ReferenceDataException.class, () -> ReferenceStore.sync(store, List.of(good, bad)));

        assertEquals(List.of(), store.listReferenceSources());
    }

    @Test
    void theFiguresAreRowsForSql() {
        ReferenceStore.sync(store);

        List<ReferenceRow> rows = store.listReferenceRows("kingston-dc3000me-raid-ua.json");

        assertTrue(rows.stream().anyMatch(r -> r.drive().equals("Kingston DC3000ME") && r.capacity().equals("7.68TB")
                && "randread".equals(r.rw()) && r.bs() == 4096 && r.iodepth() == 128 && r.numjobs() == 16
                && r.value() == 2_324_000 && r.unit().equals("IOPS")), rows.toString());
    }
}
