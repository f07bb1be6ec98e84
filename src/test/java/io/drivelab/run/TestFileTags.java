package io.drivelab.run;

import io.drivelab.store.Store;

import java.nio.file.Path;

/** For tests outside this package: tags a file as the runner tags a test file it creates for a run. */
public final class TestFileTags {
    private TestFileTags() {
    }

    public static void tag(Path file, Store store, long runId) {
        new TestFile(file, store.path().toString(), runId).engineCreatedIt();
    }
}
