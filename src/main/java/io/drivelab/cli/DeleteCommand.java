package io.drivelab.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

import io.drivelab.run.RunDeletion;
import io.drivelab.store.Store;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code drivelab delete RUN}: History's Delete from the command line. */
@Command(name = "delete", mixinStandardHelpOptions = true,
        description = {"Delete a run from the results database: its points, samples and histograms.",
                "",
                "A run on a test file that did not complete (interrupted or failed) kept its test file for "
                        + "`drivelab resume`; that file is removed with it, if the run created it. A run still "
                        + "running is refused: stop it first."})
public final class DeleteCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    RunArgument stored;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (Store s = stored.open()) {
            stored.in(s);
            RunDeletion.Deleted deleted = RunDeletion.delete(s, stored.id());
            out.println("Deleted run " + stored.id() + " (" + deleted.run().name() + ").");
            if (deleted.testFileRemoved() != null) {
                out.println("Removed the test file it kept for its resume: " + deleted.testFileRemoved());
            }
            if (!deleted.checkpointsRemoved().isEmpty()) {
                out.println("Removed the " + deleted.checkpointsRemoved().size() + " checkpoint files it left in "
                        + deleted.run().target());
            }
            out.flush();
            if (deleted.testFileLeft() != null) {
                spec.commandLine().getErr().println("drivelab: " + deleted.testFileLeft());
                return CommandException.FAILED;
            }
            return 0;
        }
    }
}
