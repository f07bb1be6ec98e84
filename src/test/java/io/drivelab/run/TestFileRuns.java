package io.drivelab.run;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.store.Store;

import java.nio.file.Path;

/** A results database in a test's folder and runners with the built engine, for runs on test files there. */
final class TestFileRuns implements AutoCloseable {
    private static final Path ENGINE = Path.of(System.getProperty("drivelab.engine", "target/drivelab-engine"));

    final Store store;

    TestFileRuns(Path dir) {
        store = Store.open(dir.resolve("drivelab.db"));
    }

    /** A runner reporting every 200 ms to {@code listener} (null: none). */
    PlanRunner runner(RunListener listener) {
        return new PlanRunner(store, ENGINE, new DeviceDiscovery(), listener).statusInterval(200);
    }

    @Override
    public void close() {
        store.close();
    }
}
