package io.drivelab.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.drivelab.reference.FioHistogram;
import io.drivelab.store.Direction;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.Histogram;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.workload.Matrix;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Several passes of one point (CrystalDiskMark's 5) combined into the one result the run keeps: the best pass
 * (highest throughput), or their mean. The mean of throughput is the mean of the passes' IOPS and bandwidth; the
 * latency of the mean is that of every I/O of all passes: the passes' histograms are merged bucket by bucket and the
 * percentiles read from the merged histogram (as fio does for a job's threads), the mean weighted by I/O count.
 * Averaging the passes' p99s instead would be no percentile of anything.
 */
final class Passes {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Passes() {
    }

    /**
     * The passes measured of the {@code planned}: fewer (a stop between them) make the point PARTIAL, so a resume
     * measures it again rather than keeping 1 of 5 passes as the point.
     */
    static Measured combine(List<Measured> passes, Matrix.Keep keep, int planned) {
        Measured combined = passes.size() == 1 ? passes.get(0) : combineAll(passes, keep);
        PointResult last = passes.get(passes.size() - 1).result();
        if (last.error() != null && combined.result().error() == null) {
            // the last pass was held up (see Measurement#flagOverrun): the point as a whole carries its flag
            combined = combined.withResult(combined.result().withStatus(last.status(), last.error()));
        } else if (passes.size() < planned && combined.result().status() == PointStatus.COMPLETE) {
            combined = combined.withResult(combined.result().withStatus(PointStatus.PARTIAL, String.format(Locale.ROOT,
                    "stopped after %d of %d passes; resume the run to measure this point again", passes.size(),
                    planned)));
        }
        return combined;
    }

    private static Measured combineAll(List<Measured> passes, Matrix.Keep keep) {
        if (keep == Matrix.Keep.BEST) {
            Measured best = passes.get(0);
            for (Measured m : passes) {
                if (throughput(m.result()) > throughput(best.result())) {
                    best = m;
                }
            }
            return best;
        }
        PointResult first = passes.get(0).result(), last = passes.get(passes.size() - 1).result();
        ObjectNode json = JSON.createObjectNode();
        json.put("type", "result");
        json.put("keep", "mean");
        ArrayNode all = json.putArray("passes");
        List<JsonNode> lines = new ArrayList<>();
        for (Measured m : passes) {
            JsonNode line = Measurement.parse(m.result().resultJson());
            lines.add(line);
            all.add(line);
        }
        List<Histogram> merged = new ArrayList<>();
        DirectionResult read = mean(passes, lines, Direction.READ, merged);
        DirectionResult write = mean(passes, lines, Direction.WRITE, merged);
        PointResult mean = new PointResult(first.meta(), last.status(), last.runtimeMs(), read, write,
                json.toString(), merged, null, first.startedAt(), last.endedAt());
        return passes.get(passes.size() - 1).withResult(mean);
    }

    private static DirectionResult mean(List<Measured> passes, List<JsonNode> lines, Direction direction,
                                        List<Histogram> merged) {
        double iops = 0, bw = 0, latSum = 0;
        long ios = 0, min = Long.MAX_VALUE, max = 0;
        SortedMap<Integer, Long> buckets = new TreeMap<>();
        Histogram shape = null;
        for (int i = 0; i < passes.size(); i++) {
            PointResult r = passes.get(i).result();
            DirectionResult d = direction == Direction.READ ? r.read() : r.write();
            iops += d.iops();
            bw += d.bwBytes();
            JsonNode dir = lines.get(i).path(direction.jsonName());
            long n = dir.path("ios").asLong(0);
            if (n > 0 && d.latMeanNs() != null) {
                ios += n;
                latSum += d.latMeanNs() * n;
                min = Math.min(min, dir.path("lat_ns").path("min").asLong(Long.MAX_VALUE));
                max = Math.max(max, dir.path("lat_ns").path("max").asLong(0));
            }
            for (Histogram h : r.histograms()) {
                if (h.direction() == direction) {
                    shape = h;
                    h.buckets().forEach(b -> buckets.merge(b.index(), b.count(), Long::sum));
                }
            }
        }
        int count = passes.size();
        if (ios == 0) {
            return new DirectionResult(iops / count, Math.round(bw / count), null, null, null, null);
        }
        if (shape == null) {
            // no histogram to read percentiles from: an average of percentiles would be no percentile at all
            return new DirectionResult(iops / count, Math.round(bw / count), latSum / ios, null, null, null);
        }
        merged.add(new Histogram(direction, shape.layout(), shape.bits(), shape.groups(),
                buckets.entrySet().stream().map(e -> new Histogram.Bucket(e.getKey(), e.getValue())).toList()));
        Map<String, Long> p = FioHistogram.percentiles(buckets, min == Long.MAX_VALUE ? 0 : min, max);
        return new DirectionResult(iops / count, Math.round(bw / count), latSum / ios, p.get("50"), p.get("99"),
                p.get("99.9"));
    }

    static double throughput(PointResult r) {
        return (r.read() == null ? 0 : r.read().bwBytes()) + (r.write() == null ? 0 : r.write().bwBytes());
    }
}
