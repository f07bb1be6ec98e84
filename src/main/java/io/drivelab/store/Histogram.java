package io.drivelab.store;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

/**
 * A point's latency histogram for one direction, as the engine reports it: the non-empty buckets in fio's
 * numbering (layout "fio": 2^bits buckets per power of two, `groups` groups).
 */
public record Histogram(Direction direction, String layout, int bits, int groups, List<Bucket> buckets) {

    public record Bucket(int index, long count) {
    }

    public Histogram {
        buckets = List.copyOf(buckets);
    }

    public long totalCount() {
        return buckets.stream().mapToLong(Bucket::count).sum();
    }

    /** The histograms of an engine result's "histogram" object; a direction without buckets is left out. */
    public static List<Histogram> fromEngine(JsonNode histogram) {
        List<Histogram> result = new ArrayList<>();
        if (histogram == null || !histogram.isObject()) {
            return result;
        }
        String layout = histogram.path("layout").asText("fio");
        int bits = histogram.path("bits").asInt();
        int groups = histogram.path("groups").asInt();
        for (Direction direction : Direction.values()) {
            JsonNode pairs = histogram.path(direction.jsonName());
            if (pairs.isArray() && !pairs.isEmpty()) {
                result.add(new Histogram(direction, layout, bits, groups, bucketsOf(pairs)));
            }
        }
        return result;
    }

    /** Buckets from [[index, count], ...]. */
    static List<Bucket> bucketsOf(JsonNode pairs) {
        List<Bucket> buckets = new ArrayList<>(pairs.size());
        for (JsonNode pair : pairs) {
            buckets.add(new Bucket(pair.get(0).asInt(), pair.get(1).asLong()));
        }
        return buckets;
    }
}
