package io.drivelab.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Run groups: the runs of one plan on several targets at the same time. */
@ExtendWith(TempStore.class)
class RunGroupStoreTest {
    final Store store;

    RunGroupStoreTest(Store store) {
        this.store = store;
    }

    private long run(String target) {
        long id = store.createRun(new NewRun("r", "{}", "p", target, "file", null, "h", "0.1.0"));
        store.updateRunStatus(id, RunStatus.COMPLETE, null);
        return id;
    }

    @Test
    void everyRunOfAGroupFindsTheWholeGroupInTargetOrder() {
        long a = run("/a"), b = run("/b"), alone = run("/c");
        long group = store.createRunGroup("p on /b + /a", List.of(b, a));

        RunGroup g = store.findRunGroup(a).orElseThrow();
        assertEquals(group, g.id());
        assertEquals("p on /b + /a", g.name());
        assertEquals(List.of(b, a), g.runIds());
        assertEquals(g, store.findRunGroup(b).orElseThrow());
        assertTrue(store.findRunGroup(alone).isEmpty());
    }

    @Test
    void aRunIsInOneGroupAtMost() {
        long a = run("/a"), b = run("/b"), c = run("/c");
        store.createRunGroup("first", List.of(a, b));

        assertThrows(StoreException.class, () -> store.createRunGroup("second", List.of(b, c)));
        assertTrue(store.findRunGroup(c).isEmpty(), "the failed group left nothing behind");
    }

    @Test
    void aDeletedRunLeavesItsGroup() {
        long a = run("/a"), b = run("/b");
        store.createRunGroup("g", List.of(a, b));

        store.deleteRun(a);

        assertEquals(List.of(b), store.findRunGroup(b).orElseThrow().runIds());
    }
}
