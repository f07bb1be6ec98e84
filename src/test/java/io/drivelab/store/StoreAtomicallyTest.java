package io.drivelab.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Store.atomically: several changes through the store's own methods, kept all together or not at all. */
@ExtendWith(TempStore.class)
class StoreAtomicallyTest {
    final Store store;

    StoreAtomicallyTest(Store store) {
        this.store = store;
    }

    static NewRun run(String name) {
        return new NewRun(name, "{}", "fio import", "a.json", "fio-import", null, null, null);
    }

    static PointResult point(String key) {
        PointMeta meta = new PointMeta(key, 1, PointKind.MEASURE, "w", "randread", 4096L, null, null, 1, 1);
        return new PointResult(meta, PointStatus.COMPLETE, 1000L, new DirectionResult(1, 4096, 1.0, 1L, 1L, 1L),
                null, null, List.of(), null, Instant.EPOCH, Instant.EPOCH);
    }

    @Test
    void changesMadeTogetherAreAllKept() {
        store.atomically(() -> {
            long id = store.createRun(run("a"));
            store.savePoint(id, point("p1"), List.of());
            store.updateRunStatus(id, RunStatus.COMPLETE, null);
            return id;
        });

        assertEquals(1, store.listRuns().size());
        assertEquals(RunStatus.COMPLETE, store.listRuns().get(0).status());
        assertEquals(1, store.listPoints(store.listRuns().get(0).id()).size());
    }

    @Test
    void aFailureHalfWayKeepsNothing() {
        assertThrows(IllegalStateException.class, () -> store.atomically(() -> {
            long id = store.createRun(run("a"));
            store.savePoint(id, point("p1"), List.of());
            store.createRun(run("b"));
            throw new IllegalStateException("the second file is not fio JSON");
        }));

        assertEquals(List.of(), store.listRuns());
    }

    @Test
    void theStoreWorksNormallyAfterARolledBackTransaction() {
        assertThrows(IllegalStateException.class, () -> store.atomically(() -> {
            store.createRun(run("a"));
            throw new IllegalStateException("stop");
        }));

        store.createRun(run("b"));

        assertEquals(List.of("b"), store.listRuns().stream().map(Run::name).toList());
    }
}
