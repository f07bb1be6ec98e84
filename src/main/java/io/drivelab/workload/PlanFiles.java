package io.drivelab.workload;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import io.drivelab.files.InputFile;
import io.drivelab.files.InputFileException;
import io.drivelab.files.OutputFile;

import java.nio.file.Path;
import java.util.List;

/**
 * Test plans as JSON files.
 *
 * <p>Plan files may contain // and /* *&#47; comments (people annotate plans by hand); a saved plan has none.
 * Every problem in a file is reported at once, e.g.
 * <pre>
 * plan.json: steps[2].workload.bs: "4000" is not a multiple of 512
 * plan.json: steps[3].matrix.iodepths: is empty; give at least one value
 * </pre>
 */
public final class PlanFiles {
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            // Weights such as 98.51 stay exact decimals.
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    /** A plan written by hand is a few kB; far more is not a plan (and is not read whole into memory). */
    static final long MAX_FILE_BYTES = 16L << 20;

    private PlanFiles() {
    }

    /**
     * The plan in a file.
     *
     * @throws PlanException naming the file for every problem: unreadable, malformed JSON (with line and
     *                       column), unknown properties, bad values
     */
    public static TestPlan load(Path file) {
        String source = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        String json;
        try {
            json = InputFile.readText(file, MAX_FILE_BYTES, "a plan file");
        } catch (InputFileException e) {
            throw new PlanException(file.toString(), List.of(new PlanException.Problem("",
                    e.missing() ? "no such file" : e.reason())), e);
        }
        return fromJson(json, source);
    }

    /**
     * Writes the plan to a file through {@link OutputFile} (a temporary file renamed over it; devices refused).
     *
     * @throws io.drivelab.files.OutputFileException naming the file and why it was not written
     */
    public static void save(TestPlan plan, Path file) {
        OutputFile.at(file).creatingFolders().writeString(toJson(plan));
    }

    /**
     * The plan in a JSON text.
     *
     * @param source what to call the text in messages (a file name), or null
     */
    public static TestPlan fromJson(String json, String source) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": ";
            throw new PlanException(source, List.of(new PlanException.Problem("",
                    where + "malformed JSON: " + e.getOriginalMessage())), e);
        }
        return PlanReader.read(root, source);
    }

    /** The plan as JSON text, indented, ending in a newline. */
    public static String toJson(TestPlan plan) {
        try {
            return MAPPER.writeValueAsString(PlanWriter.write(plan)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a plan tree always serialises", e);
        }
    }

    /** The mapper plans are read with, for code that embeds plans in other JSON. */
    public static ObjectMapper mapper() {
        return MAPPER.copy();
    }
}
