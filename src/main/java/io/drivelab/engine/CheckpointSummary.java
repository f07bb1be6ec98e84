package io.drivelab.engine;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code checkpoint} object of a checkpoint run's result line: every checkpoint's time and the per-pass
 * averages the reviews tabulate (seconds per checkpoint) together with GB/s, which compares drives whose
 * checkpoints differ in size.
 *
 * @param mode        "directory" (a file per rank and checkpoint) or "region" (slots of a file or device)
 * @param size        bytes per checkpoint, all ranks together
 * @param slots       checkpoints the region holds side by side; 0 in a directory
 * @param fsyncs      fsyncs that completed (ranks × checkpoints in a complete run)
 * @param meanSeconds mean time per checkpoint over the whole run
 * @param gbPerS      all checkpoints' bytes over their summed time, in 10^9 bytes per second
 */
public record CheckpointSummary(String mode, long size, int ranks, long bs, boolean direct, int perPass, int passes,
                                int slots, long fsyncs, long bytes, double meanSeconds, double gbPerS,
                                List<CheckpointEvent> checkpoints, List<PassAverage> passAverages) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The mean time per checkpoint of one pass, as the reviews give it, and its throughput. */
    public record PassAverage(int pass, int checkpoints, double meanSeconds, double gbPerS) {
    }

    public CheckpointSummary {
        checkpoints = List.copyOf(checkpoints);
        passAverages = List.copyOf(passAverages);
    }

    /** The summary in a result line (the whole line, as stored with a point); empty for other workloads. */
    public static Optional<CheckpointSummary> fromResultJson(String resultLine) {
        if (resultLine == null) {
            return Optional.empty();
        }
        try {
            return fromResult(JSON.readTree(resultLine));
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }

    /** The summary under {@code result.checkpoint}; empty when there is none. */
    public static Optional<CheckpointSummary> fromResult(JsonNode result) {
        JsonNode c = result == null ? null : result.get("checkpoint");
        if (c == null || !c.isObject()) {
            return Optional.empty();
        }
        List<CheckpointEvent> all = new ArrayList<>();
        for (JsonNode one : c.path("checkpoints")) {
            all.add(EngineEventParser.checkpoint(one));
        }
        List<PassAverage> averages = new ArrayList<>();
        for (JsonNode p : c.path("pass_averages")) {
            averages.add(new PassAverage(p.path("pass").asInt(), p.path("checkpoints").asInt(),
                    p.path("mean_seconds").asDouble(), p.path("gb_per_s").asDouble()));
        }
        return Optional.of(new CheckpointSummary(c.path("mode").asText(""), c.path("size").asLong(),
                c.path("ranks").asInt(), c.path("bs").asLong(), c.path("direct").asBoolean(),
                c.path("per_pass").asInt(), c.path("passes").asInt(), c.path("slots").asInt(),
                c.path("fsyncs").asLong(), c.path("bytes").asLong(), c.path("mean_seconds").asDouble(),
                c.path("gb_per_s").asDouble(), all, averages));
    }
}
