package io.drivelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;

import io.drivelab.export.RunExport;
import picocli.CommandLine.Model.CommandSpec;

/** What the export commands print: the export on stdout, or a line on stderr saying where it was written. */
final class Exports {
    private Exports() {
    }

    static int print(CommandSpec spec, RunExport.Text export, Path outFile, String written) {
        PrintWriter out = outFile == null ? spec.commandLine().getOut() : spec.commandLine().getErr();
        if (outFile == null) {
            out.print(export.text());
        } else {
            out.println(written);
        }
        out.flush();
        return 0;
    }
}
