package io.drivelab.cli;

import java.io.PrintWriter;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.export.ExportJson;

/** The JSON the commands print: the exports' ({@link ExportJson}), so `--json` and `export` read alike. */
public final class CliJson {
    private CliJson() {
    }

    public static ObjectMapper mapper() {
        return ExportJson.mapper();
    }

    public static String write(Object value) {
        return ExportJson.write(value);
    }

    /** The value as indented JSON and a newline. */
    public static void print(PrintWriter out, Object value) {
        out.println(write(value));
        out.flush();
    }
}
