package io.drivelab.store;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One interval line of a point: the curve over time. t_ms counts from the first I/O, ramp included.
 *
 * @param read  read figures of the interval, or null when the line had no read object
 * @param write write figures of the interval, or null when the line had no write object
 */
public record Sample(long tMs, boolean ramp, Figures read, Figures write) {

    /**
     * One direction in one interval. IOPS and bandwidth are 0 when nothing completed (a stall is a result);
     * latencies are null then, as there is nothing to report.
     */
    public record Figures(double iops, long bwBytes, Double latMeanNs, Long p99Ns) {

        static Figures fromEngine(JsonNode dir) {
            if (dir == null || !dir.isObject()) {
                return null;
            }
            double iops = dir.path("iops").asDouble(0);
            long bw = dir.path("bw_bytes").asLong(0);
            if (dir.path("ios").asLong(0) == 0) {
                return new Figures(iops, bw, null, null);
            }
            JsonNode lat = dir.path("lat_ns");
            return new Figures(iops, bw, DirectionResult.doubleOrNull(lat.get("mean")),
                    DirectionResult.longOrNull(lat.path("percentiles").get("99")));
        }
    }

    /**
     * From the engine's interval line.
     *
     * @throws IllegalArgumentException when the line is not an interval line
     */
    public static Sample fromEngineInterval(JsonNode intervalLine) {
        if (!"interval".equals(intervalLine.path("type").asText())) {
            throw new IllegalArgumentException("not an engine interval line: " + intervalLine.path("type"));
        }
        return new Sample(intervalLine.path("t_ms").asLong(), intervalLine.path("ramp").asBoolean(false),
                Figures.fromEngine(intervalLine.get("read")), Figures.fromEngine(intervalLine.get("write")));
    }
}
