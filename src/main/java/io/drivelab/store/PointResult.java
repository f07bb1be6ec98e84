package io.drivelab.store;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A finished point, ready to be saved: the plan's description of it, its status, the headline figures per
 * direction and the engine's whole result line (kept verbatim, so figures not in columns are never lost).
 *
 * @param runtimeMs  measured time as the engine reports it, or null when there is no result
 * @param read       read figures, or null when there is no result
 * @param write      write figures, or null when there is no result
 * @param resultJson the engine's result line, or null when the engine failed before measuring
 * @param error      why the point failed, or null
 */
public record PointResult(PointMeta meta, PointStatus status, Long runtimeMs, DirectionResult read,
                          DirectionResult write, String resultJson, List<Histogram> histograms, String error,
                          Instant startedAt, Instant endedAt) {

    public PointResult {
        Objects.requireNonNull(meta, "meta");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(startedAt, "startedAt");
        Objects.requireNonNull(endedAt, "endedAt");
        histograms = histograms == null ? List.of() : List.copyOf(histograms);
    }

    /**
     * A point from the engine's result line: PARTIAL when the engine says it was stopped early, else COMPLETE.
     * If the engine printed an error after the result, add it with {@link #withError(String)}.
     *
     * @throws IllegalArgumentException when the line is not a result line
     */
    public static PointResult fromEngineResult(PointMeta meta, JsonNode resultLine, Instant startedAt,
                                               Instant endedAt) {
        if (!"result".equals(resultLine.path("type").asText())) {
            throw new IllegalArgumentException("not an engine result line: " + abbreviate(resultLine.toString()));
        }
        PointStatus status = resultLine.path("partial").asBoolean(false) ? PointStatus.PARTIAL : PointStatus.COMPLETE;
        JsonNode runtime = resultLine.get("runtime_ms");
        return new PointResult(meta, status, runtime != null && runtime.isNumber() ? runtime.asLong() : null,
                DirectionResult.fromEngine(resultLine.path("read")),
                DirectionResult.fromEngine(resultLine.path("write")),
                resultLine.toString(), Histogram.fromEngine(resultLine.get("histogram")), null, startedAt, endedAt);
    }

    /** A point the engine could not measure at all (bad options, target unusable, engine crashed). */
    public static PointResult failed(PointMeta meta, String error, Instant startedAt, Instant endedAt) {
        return new PointResult(meta, PointStatus.FAILED, null, null, null, null, List.of(),
                Objects.requireNonNull(error, "error"), startedAt, endedAt);
    }

    /** This point marked FAILED with the engine's error, keeping whatever it measured before failing. */
    public PointResult withError(String error) {
        return withStatus(PointStatus.FAILED, Objects.requireNonNull(error, "error"));
    }

    /** This point's figures under another status and why (PARTIAL: stopped or held up). */
    public PointResult withStatus(PointStatus newStatus, String why) {
        return new PointResult(meta, newStatus, runtimeMs, read, write, resultJson, histograms, why, startedAt,
                endedAt);
    }

    private static String abbreviate(String text) {
        return text.length() <= 120 ? text : text.substring(0, 117) + "...";
    }
}
