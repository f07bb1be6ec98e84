package io.drivelab.safety;

import io.drivelab.cli.DriveLabCommand;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

/** The drivelab command line in this JVM, as Main runs it, with stdout and stderr captured. */
final class Cli {
    record Result(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    static Result run(String... args) {
        CommandLine commandLine = DriveLabCommand.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        int exitCode = commandLine.execute(args);
        return new Result(exitCode, out.toString(), err.toString());
    }

    private Cli() {
    }
}
