package io.drivelab.cli;

import io.drivelab.store.Run;
import io.drivelab.store.Store;
import picocli.CommandLine.Parameters;

/**
 * RUN and {@code --db FILE} for the commands that act on one stored run: {@code @Mixin RunArgument run;}, then
 * {@code try (Store s = run.open()) { Run r = run.in(s); ... }}.
 */
public final class RunArgument extends StoreOption {

    @Parameters(paramLabel = "RUN", description = "The run's id (see `drivelab runs`).")
    long id;

    public long id() {
        return id;
    }

    /** The run, or a bad-input error naming the database. */
    public Run in(Store store) {
        return StoreOption.run(store, id);
    }
}
