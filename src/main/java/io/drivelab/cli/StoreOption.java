package io.drivelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;

import io.drivelab.store.Run;
import io.drivelab.store.Store;
import io.drivelab.store.StoreException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --db FILE} for every command that uses the results database: {@code @Mixin StoreOption store;}, then
 * {@code try (Store s = store.open()) { ... }}.
 */
public class StoreOption {

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--db", paramLabel = "FILE",
            description = "The results database. Default: $DRIVELAB_DB if set, else drivelab/drivelab.db in "
                    + "$XDG_DATA_HOME (normally ~/.local/share).")
    Path db;

    /** --db if given, else $DRIVELAB_DB, else the XDG default ({@link Store#defaultPath()}). */
    public Path path() {
        return db != null ? db : Store.defaultPath();
    }

    /**
     * Opens the database (creating it when new), marks interrupted the runs whose process is gone, as every
     * start must (each such run is named on stderr).
     *
     * @throws StoreException when the file cannot be opened as a DriveLab database (exit 1 through the handler)
     */
    public Store open() {
        Store store = Store.open(path());
        try {
            PrintWriter err = command.commandLine().getErr();
            for (Run run : store.markStaleRunsInterrupted()) {
                err.println("drivelab: run " + run.id() + " (" + run.name() + ") had stopped without finishing; "
                        + "marked interrupted (`drivelab resume " + run.id() + "` continues it)");
            }
            err.flush();
            // the published figures are loaded (when newer) by the commands that read them (ReferenceStore.load):
            // `runs` and the like start without reading the library (~70 ms with its JSON set-up)
            return store;
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /** The run with this id, or a bad-input error naming the database. */
    public static Run run(Store store, long runId) {
        return store.getRun(runId).orElseThrow(() -> CommandException.badInput(
                "no run " + runId + " in " + store.path() + " (`drivelab runs` lists them)"));
    }
}
