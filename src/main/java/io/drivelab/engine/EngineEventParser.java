package io.drivelab.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Turns the engine's JSON lines into events. Lenient by design: a missing field reads as 0/empty and an
 * unknown {@code type} is skipped, so an engine newer than the app still works.
 */
public final class EngineEventParser {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private EngineEventParser() {
    }

    /** The event on {@code line}; empty for a type this version does not know. */
    public static Optional<EngineEvent> parse(String line) throws JsonProcessingException {
        JsonNode node = MAPPER.readTree(line);
        if (node == null || !node.isObject()) {
            throw new JsonProcessingException("not a JSON object: " + abbreviate(line)) {
                private static final long serialVersionUID = 1L;
            };
        }
        switch (node.path("type").asText()) {
            case "start":
                return Optional.of(start(node, line));
            case "layout":
                return Optional.of(new LayoutEvent(node.path("done_bytes").asLong(), node.path("total_bytes").asLong()));
            case "interval":
                return Optional.of(new IntervalEvent(node.path("t_ms").asLong(), node.path("ramp").asBoolean(),
                        direction(node.path("read")), direction(node.path("write")), rateSoFar(node.get("rate"))));
            case "checkpoint":
                return Optional.of(checkpoint(node));
            case "result":
                return Optional.of(result(node, line));
            case "error":
                return Optional.of(new ErrorEvent(node.path("errno").asInt(), node.path("message").asText(""),
                        node.hasNonNull("op") ? node.get("op").asText() : null));
            default:
                return Optional.empty();
        }
    }

    private static StartEvent start(JsonNode node, String line) {
        JsonNode o = node.path("options");
        List<EngineOptions.BlockSizeWeight> bssplit = new ArrayList<>();
        for (JsonNode entry : o.path("bssplit")) {
            bssplit.add(new EngineOptions.BlockSizeWeight(entry.path("bs").asLong(), entry.path("weight").asDouble()));
        }
        EngineOptions options = new EngineOptions(
                o.path("name").asText(""),
                o.path("rw").asText(""),
                o.path("rwmixread").asInt(),
                o.path("bs").asLong(),
                Collections.unmodifiableList(bssplit),
                o.path("iodepth").asInt(),
                o.path("numjobs").asInt(),
                o.path("size").asLong(),
                o.path("offset").asLong(),
                o.path("runtime_ms").asLong(),
                o.path("ramp_ms").asLong(),
                o.path("io_size").asLong(),
                o.path("loops").asLong(),
                flag(o.path("direct")),
                o.path("randseed").asLong(),
                o.path("status_interval_ms").asLong(),
                o.path("buffer_pattern").asText(""),
                o.path("buffer_compress_percentage").asInt(),
                flag(o.path("hipri")),
                flag(o.path("sqthread_poll")),
                o.path("rate").asLong(),
                o.path("rate_iops").asLong());
        return new StartEvent(
                node.path("version").asText(""),
                node.path("kernel").asText(""),
                strings(node.path("argv")),
                node.path("ioengine").asText(""),
                node.path("ioengine_reason").asText(""),
                strings(node.path("ring_flags")),
                node.path("filename").asText(""),
                node.path("target_kind").asText(""),
                node.path("target_size").asLong(),
                flag(node.path("created")),
                node.path("logical_block_size").asInt(),
                node.path("physical_block_size").asInt(),
                options,
                line);
    }

    private static ResultEvent result(JsonNode node, String line) {
        JsonNode cpu = node.path("cpu");
        List<ResultEvent.JobStats> jobs = new ArrayList<>();
        for (JsonNode job : node.path("jobs")) {
            jobs.add(new ResultEvent.JobStats(job.path("job").asInt(), direction(job.path("read")),
                    direction(job.path("write"))));
        }
        JsonNode histogram = node.path("histogram");
        return new ResultEvent(
                flag(node.path("partial")),
                node.path("runtime_ms").asLong(),
                direction(node.path("read")),
                direction(node.path("write")),
                cpu.isObject()
                        ? new ResultEvent.CpuUsage(cpu.path("usr_ms").asLong(), cpu.path("sys_ms").asLong(),
                                cpu.path("usr_pct").asDouble(), cpu.path("sys_pct").asDouble())
                        : ResultEvent.CpuUsage.NONE,
                Collections.unmodifiableList(jobs),
                histogram.isObject()
                        ? new ResultEvent.Histogram(histogram.path("layout").asText(""), histogram.path("bits").asInt(),
                                histogram.path("groups").asInt(), buckets(histogram.path("read")),
                                buckets(histogram.path("write")))
                        : ResultEvent.Histogram.NONE,
                line);
    }

    /** A checkpoint line, or one entry of a result's {@code checkpoint.checkpoints}. */
    static CheckpointEvent checkpoint(JsonNode node) {
        List<String> deleted = new ArrayList<>();
        for (JsonNode name : node.path("deleted")) {
            deleted.add(name.asText());
        }
        JsonNode slot = node.get("slot");
        return new CheckpointEvent(node.path("pass").asInt(), node.path("index").asInt(),
                slot != null && slot.isNumber() ? slot.asInt() : null, node.path("t_ms").asLong(),
                node.path("seconds").asDouble(), node.path("write_seconds").asDouble(),
                node.path("fsync_seconds").asDouble(), node.path("bytes").asLong(), node.path("gb_per_s").asDouble(),
                Collections.unmodifiableList(deleted));
    }

    static DirectionStats direction(JsonNode node) {
        if (!node.isObject()) {
            return DirectionStats.NONE;
        }
        JsonNode lat = node.path("lat_ns");
        Map<String, Long> percentiles = new LinkedHashMap<>();
        lat.path("percentiles").properties().forEach(e -> percentiles.put(e.getKey(), e.getValue().asLong()));
        return new DirectionStats(
                node.path("io_bytes").asLong(),
                node.path("ios").asLong(),
                node.path("iops").asDouble(),
                node.path("bw_bytes").asLong(),
                new DirectionStats.Latency(lat.path("min").asLong(), lat.path("max").asLong(),
                        lat.path("mean").asDouble(), lat.path("stddev").asDouble(),
                        Collections.unmodifiableMap(percentiles)));
    }

    private static List<ResultEvent.Histogram.Bucket> buckets(JsonNode node) {
        List<ResultEvent.Histogram.Bucket> buckets = new ArrayList<>();
        for (JsonNode pair : node) {
            buckets.add(new ResultEvent.Histogram.Bucket(pair.path(0).asInt(), pair.path(1).asLong()));
        }
        return Collections.unmodifiableList(buckets);
    }

    private static List<String> strings(JsonNode array) {
        List<String> values = new ArrayList<>();
        for (JsonNode value : array) {
            values.add(value.asText());
        }
        return Collections.unmodifiableList(values);
    }

    // The doc prints direct as 0/1 and the others as booleans; accept either for all.
    private static boolean flag(JsonNode node) {
        return node.isNumber() ? node.asInt() != 0 : node.asBoolean();
    }

    static String abbreviate(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }

    /** An interval line's "rate" object, or null when the run has no rate. */
    private static IntervalEvent.RateSoFar rateSoFar(JsonNode rate) {
        if (rate == null || !rate.isObject()) {
            return null;
        }
        boolean iops = rate.has("target_iops");
        return new IntervalEvent.RateSoFar(rate.path(iops ? "target_iops" : "target_bytes").asDouble(), iops,
                rate.path("achieved_pct").asDouble());
    }
}
