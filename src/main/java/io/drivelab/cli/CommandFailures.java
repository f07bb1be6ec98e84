package io.drivelab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;

import io.drivelab.files.OutputFileException;
import io.drivelab.store.StoreException;
import io.drivelab.workload.PlanException;
import picocli.CommandLine;

/**
 * Turns what a command throws into a message on stderr and an exit code, so commands just throw:
 * {@link CommandException} with its own code; a {@link PlanException} (bad plan, unknown preset) lists every problem
 * and exits 2; an output file refused (a device, a folder) exits 2, one that could not be written 1;
 * {@link StoreException} and I/O errors exit 1. Anything else is a bug: picocli's stack trace, exit 1.
 */
final class CommandFailures implements CommandLine.IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception e, CommandLine commandLine, CommandLine.ParseResult parsed) {
        PrintWriter err = commandLine.getErr();
        int exitCode;
        String message;
        if (e instanceof CommandException ce) {
            exitCode = ce.exitCode();
            message = ce.getMessage();
        } else if (e instanceof OutputFileException oe) {
            exitCode = oe.refused() ? CommandException.BAD_INPUT : CommandException.FAILED;
            message = oe.getMessage();
        } else if (e instanceof PlanException pe) {
            exitCode = CommandException.BAD_INPUT;
            message = pe.getMessage();
        } else if (e instanceof StoreException || e instanceof IOException || e instanceof UncheckedIOException) {
            exitCode = CommandException.FAILED;
            message = e.getMessage();
        } else {
            e.printStackTrace(err);
            err.flush();
            return CommandException.FAILED;
        }
        // One "drivelab: " per line, so each of a plan's problems reads on its own.
        message.lines().forEach(line -> err.println("drivelab: " + line));
        err.flush();
        return exitCode;
    }
}
