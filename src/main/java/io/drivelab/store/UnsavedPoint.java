package io.drivelab.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A measured point the database had no room for, written as JSON to the system's temporary folder (usually on
 * another disk than the database) so that the figures are not lost with the process.
 */
final class UnsavedPoint {

    private static final ObjectMapper JSON = new ObjectMapper();

    private UnsavedPoint() {
    }

    /** @return where the point was written, or null when it could not be written either */
    static Path keep(Path database, long runId, PointResult point, List<Sample> samples) {
        ObjectNode kept = JSON.createObjectNode();
        kept.put("database", database.toString());
        kept.put("run", runId);
        kept.put("point_key", point.meta().pointKey());
        kept.put("status", point.status().dbValue());
        kept.put("started_at", String.valueOf(point.startedAt()));
        kept.put("ended_at", String.valueOf(point.endedAt()));
        kept.put("error", point.error());
        try {
            kept.set("engine_result", point.resultJson() == null ? null : JSON.readTree(point.resultJson()));
            kept.set("samples", JSON.valueToTree(samples));
            Path file = Files.createTempFile("drivelab-run" + runId + "-", ".json");
            Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(kept));
            return file;
        } catch (IOException | RuntimeException e) {
            return null;  // JsonProcessingException is an IOException
        }
    }
}
