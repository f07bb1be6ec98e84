package io.drivelab.store;

import java.nio.file.Path;

/**
 * Run in a child JVM by {@link StoreCrashTest}: starts a run, saves one point, then dies at once (no close, no
 * shutdown hooks), as a runner killed by SIGKILL or a power cut would. Prints the run id first.
 */
public final class CrashingRunner {
    public static void main(String[] args) {
        Store store = Store.open(Path.of(args[0]));
        long runId = store.createRun(StoreTest.newRun("crashing"));
        store.savePoint(runId, StoreTest.measured("first", 0), StoreTest.samples());
        System.out.println(runId);
        System.out.flush();
        Runtime.getRuntime().halt(137);
    }

    private CrashingRunner() {
    }
}
