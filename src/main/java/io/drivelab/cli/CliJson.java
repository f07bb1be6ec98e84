package io.drivelab.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
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

    /**
     * The value as indented JSON and a newline, in ASCII ("\\u00d7" for "×"): read the same in every terminal's
     * encoding (LANG=C wrote "?" for it).
     */
    public static void print(PrintWriter out, Object value) {
        try {
            out.println(mapper().writer().with(JsonWriteFeature.ESCAPE_NON_ASCII.mappedFeature())
                    .writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        out.flush();
    }
}
