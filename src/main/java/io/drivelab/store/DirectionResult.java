package io.drivelab.store;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One direction's headline figures of a measured point. Latencies are null when the direction completed no
 * I/O: there is no latency to report, and a 0 would read as an impossibly fast drive.
 */
public record DirectionResult(double iops, long bwBytes, Double latMeanNs, Long p50Ns, Long p99Ns, Long p999Ns) {

    /** From an engine DIR object ({"io_bytes":..,"ios":..,"iops":..,"bw_bytes":..,"lat_ns":{..}}). */
    public static DirectionResult fromEngine(JsonNode dir) {
        double iops = dir.path("iops").asDouble(0);
        long bw = dir.path("bw_bytes").asLong(0);
        if (dir.path("ios").asLong(0) == 0) {
            return new DirectionResult(iops, bw, null, null, null, null);
        }
        JsonNode lat = dir.path("lat_ns");
        JsonNode percentiles = lat.path("percentiles");
        return new DirectionResult(iops, bw, doubleOrNull(lat.get("mean")),
                longOrNull(percentiles.get("50")), longOrNull(percentiles.get("99")),
                longOrNull(percentiles.get("99.9")));
    }

    static Double doubleOrNull(JsonNode node) {
        return node == null || !node.isNumber() ? null : node.asDouble();
    }

    static Long longOrNull(JsonNode node) {
        return node == null || !node.isNumber() ? null : node.asLong();
    }
}
