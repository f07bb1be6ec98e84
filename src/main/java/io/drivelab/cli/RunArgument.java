package io.drivelab.cli;

import java.nio.file.Files;

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

    /**
     * Opens the database, which must be there: no run is in one that is not, and a mistyped --db made an empty
     * database of the typo before saying "no run".
     */
    @Override
    public Store open() {
        if (!Files.exists(path())) {
            throw CommandException.badInput("there is no results database at " + path() + ", so no run " + id
                    + ": give the one the run is stored in with --db FILE (or DRIVELAB_DB)");
        }
        return super.open();
    }

    /** The run, or a bad-input error naming the database. */
    public Run in(Store store) {
        return StoreOption.run(store, id);
    }
}
