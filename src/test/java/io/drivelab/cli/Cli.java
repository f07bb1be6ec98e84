package io.drivelab.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import picocli.CommandLine;

/** Runs the drivelab command line in this JVM, as Main does, capturing stdout and stderr. */
public final class Cli {

    public record Result(int exitCode, String out, String err) {
        public List<String> lines() {
            return out.lines().toList();
        }

        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    public static Result run(String... args) {
        CommandLine commandLine = DriveLabCommand.commandLine(args);
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
