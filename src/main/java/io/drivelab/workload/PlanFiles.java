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

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
            json = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new PlanException(file.toString(), List.of(new PlanException.Problem("", "no such file")), e);
        } catch (IOException e) {
            throw new PlanException(file.toString(), List.of(new PlanException.Problem("",
                    "cannot read: " + e.getMessage())), e);
        }
        return fromJson(json, source);
    }

    /** Writes the plan to a file (through a temporary file, so a crash leaves the old file whole). */
    public static void save(TestPlan plan, Path file) {
        Path dir = file.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, ".plan-", ".json.tmp");
            try {
                Files.writeString(tmp, toJson(plan), StandardCharsets.UTF_8);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new PlanException(file.toString(), List.of(new PlanException.Problem("",
                    "cannot write: " + e.getMessage())), e);
        }
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
