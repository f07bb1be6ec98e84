package io.drivelab.reference;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.workload.BlockSizeMix;
import io.drivelab.workload.PlanException;
import io.drivelab.workload.Point;
import io.drivelab.workload.Rw;
import io.drivelab.workload.Units;
import io.drivelab.workload.Workload;

/**
 * A fio job section of an output file: its workload, read from its options, and its figures added up over all its
 * threads (per-job output has one entry per thread) into the engine's result line, as one stored point. fio as an
 * engine (io.drivelab.fio) reads its reports through it too.
 */
public record FioJob(String name, Workload workload, int iodepth, int numjobs, long runtimeMs, List<JsonNode> entries) {
    private static final ObjectMapper JSON = new ObjectMapper();
    // Synchronous engines keep one I/O in flight whatever iodepth says (fio warns "queue depth will be capped at 1").
    private static final Set<String> SYNC_ENGINES = Set.of("sync", "psync", "vsync", "pvsync", "pvsync2");

    /** The point this job is, as the engine would have reported it. */
    PointResult result(Point point, int seq, String version, Instant end) {
        Rw rw = workload.rw();
        PointMeta meta = new PointMeta(point.key(), seq, PointKind.MEASURE, name, rw.value(), workload.bs(),
                workload.mix() == null ? null : workload.mix().toEngineSpec(), workload.rwmixread(), iodepth,
                numjobs);
        PointResult result = PointResult.fromEngineResult(meta, resultLine(version), end.minusMillis(runtimeMs), end);
        return error() == 0 ? result : result.withError("fio reported error " + error());
    }

    /** fio's error number for the job (its first thread's that failed), 0 when none failed. */
    public int error() {
        return entries.stream().mapToInt(e -> e.path("error").asInt()).filter(e -> e != 0).findFirst().orElse(0);
    }

    /** The job's figures as the engine's result line (docs/engine.md), fio's own entries kept under "fio". */
    public ObjectNode resultLine(String version) {
        ObjectNode line = JSON.createObjectNode();
        line.put("type", "result");
        line.put("partial", false);
        line.put("runtime_ms", runtimeMs);
        ObjectNode histogram = JSON.createObjectNode();
        histogram.put("layout", FioHistogram.LAYOUT);
        histogram.put("bits", FioHistogram.BITS);
        histogram.put("groups", FioHistogram.GROUPS);
        boolean anyBins = false;
        for (String direction : List.of("read", "write")) {
            SortedMap<Integer, Long> buckets = bins(direction);
            line.set(direction, direction(direction, buckets));
            if (!buckets.isEmpty()) {
                ArrayNode pairs = histogram.putArray(direction);
                buckets.forEach((idx, count) -> pairs.addArray().add(idx).add(count));
                anyBins = true;
            }
        }
        if (anyBins) {
            line.set("histogram", histogram);
        }
        line.put("source", version);
        line.set("fio", JSON.valueToTree(entries));
        return line;
    }

    /** The json+ histogram of a direction over all the job's threads, by bucket index; empty without json+. */
    private SortedMap<Integer, Long> bins(String direction) {
        SortedMap<Integer, Long> buckets = new TreeMap<>();
        for (JsonNode entry : entries) {
            JsonNode dir = entry.path(direction);
            JsonNode bins = dir.path("lat_ns").has("bins") ? dir.path("lat_ns").path("bins")
                    : dir.path("clat_ns").path("bins");
            bins.properties().forEach(bin -> buckets.merge(FioHistogram.index(Long.parseLong(bin.getKey())),
                    bin.getValue().asLong(), Long::sum));
        }
        return buckets;
    }

    /** The engine's DIR object for a direction, added up over the job's threads. */
    private ObjectNode direction(String direction, SortedMap<Integer, Long> buckets) {
        long ioBytes = 0;
        long ios = 0;
        double iops = 0;
        long bw = 0;
        long samples = 0;
        double latSum = 0;
        double squares = 0;
        long min = Long.MAX_VALUE;
        long max = 0;
        for (JsonNode entry : entries) {
            JsonNode dir = entry.path(direction);
            ioBytes += dir.path("io_bytes").asLong();
            ios += dir.path("total_ios").asLong();
            iops += dir.path("iops").asDouble();
            // bw_bytes came in fio 3.5; older 3.x has only bw, in KiB/s.
            bw += dir.has("bw_bytes") ? dir.path("bw_bytes").asLong() : dir.path("bw").asLong() * 1024;
            JsonNode lat = dir.path("lat_ns");
            long count = lat.path("N").asLong();
            if (count > 0) {
                double mean = lat.path("mean").asDouble();
                double sd = lat.path("stddev").asDouble();
                samples += count;
                latSum += mean * count;
                squares += count * (sd * sd + mean * mean);
                min = Math.min(min, lat.path("min").asLong());
                max = Math.max(max, lat.path("max").asLong());
            }
        }
        ObjectNode out = JSON.createObjectNode();
        out.put("io_bytes", ioBytes);
        out.put("ios", ios);
        out.put("iops", iops);
        out.put("bw_bytes", bw);
        if (samples == 0) {
            return out;
        }
        double mean = latSum / samples;
        ObjectNode lat = out.putObject("lat_ns");
        lat.put("min", min);
        lat.put("max", max);
        lat.put("mean", mean);
        lat.put("stddev", Math.sqrt(Math.max(0, squares / samples - mean * mean)));
        Map<String, Long> percentiles = entries.size() == 1 ? fioPercentiles(entries.get(0).path(direction))
                : FioHistogram.percentiles(buckets, min, max);
        if (!percentiles.isEmpty()) {
            ObjectNode p = lat.putObject("percentiles");
            percentiles.forEach(p::put);
        }
        return out;
    }

    /** fio's own percentiles of one entry, renamed as the engine names them ("99.500000" is "99.5"). */
    private static Map<String, Long> fioPercentiles(JsonNode dir) {
        JsonNode list = dir.path("lat_ns").has("percentile") ? dir.path("lat_ns").path("percentile")
                : dir.path("clat_ns").path("percentile");
        Map<String, Long> out = new LinkedHashMap<>();
        list.properties().forEach(p -> {
            BigDecimal key = new BigDecimal(p.getKey()).stripTrailingZeros();
            out.put((key.scale() < 0 ? key.setScale(0) : key).toPlainString(), p.getValue().asLong());
        });
        return out;
    }

    /** The section whose threads are {@code entries}; its workload from its own options, else the global ones. */
    public static FioJob read(Path file, JsonNode global, List<JsonNode> entries) {
        JsonNode first = entries.get(0);
        String name = first.path("jobname").asText();
        JsonNode options = first.path("job options");
        String where = file + ": job \"" + name + "\"";
        String rwText = option(global, options, "rw");
        if (rwText == null) {
            rwText = option(global, options, "readwrite");
        }
        // "randread:8" adds a modifier (holes between I/Os) to the pattern; the pattern is what is compared.
        rwText = rwText == null ? "read" : rwText.split(":")[0].strip();
        Rw rw = Rw.find(rwText).orElseThrow(() -> new FioImportException(where + " does rw=" + option(global,
                options, "rw") + ", which DriveLab does not measure (read, write, randread, randwrite, randrw, rw)"));
        Long bs = null;
        BlockSizeMix mix = null;
        String bssplit = option(global, options, "bssplit");
        try {
            if (bssplit != null) {
                if (bssplit.contains(",")) {
                    throw new FioImportException(where + " has a bssplit per direction (" + bssplit
                            + "), which DriveLab cannot store as one mix");
                }
                mix = BlockSizeMix.parse(bssplit);
            } else {
                bs = blockSize(where, rw, option(global, options, "bs") != null ? option(global, options, "bs")
                        : option(global, options, "blocksize"));
            }
        } catch (PlanException | IllegalArgumentException e) {
            throw new FioImportException(where + ": " + e.getMessage(), e);
        }
        Integer rwmixread = null;
        if (rw.isMixed()) {
            String read = option(global, options, "rwmixread");
            String write = option(global, options, "rwmixwrite");
            rwmixread = read != null ? number(where, "rwmixread", read)
                    : write != null ? 100 - number(where, "rwmixwrite", write) : 50;
        }
        String engine = option(global, options, "ioengine");
        int iodepth = engine != null && SYNC_ENGINES.contains(engine) ? 1
                : number(where, "iodepth", orDefault(option(global, options, "iodepth"), "1"));
        int numjobs = entries.size() > 1 ? entries.size()
                : number(where, "numjobs", orDefault(option(global, options, "numjobs"), "1"));
        long runtimeMs = 0;
        for (JsonNode entry : entries) {
            runtimeMs = Math.max(runtimeMs, Math.max(entry.path("read").path("runtime").asLong(),
                    entry.path("write").path("runtime").asLong()));
        }
        try {
            return new FioJob(name, new Workload(name, rw, bs, mix, rwmixread), iodepth, numjobs, runtimeMs, entries);
        } catch (PlanException e) {
            throw new FioImportException(where + ": " + e.getMessage(), e);
        }
    }

    /** fio's bs: one size, or "read,write" sizes; a range (bsrange) has no single size to compare. */
    private static long blockSize(String where, Rw rw, String text) {
        if (text == null) {
            return 4096; // fio's default
        }
        if (text.contains("-")) {
            throw new FioImportException(where + " uses a block-size range (" + text + "), not one size");
        }
        String[] parts = text.split(",", -1);
        String read = parts[0].strip();
        String write = parts.length > 1 && !parts[1].isBlank() ? parts[1].strip() : read;
        if (rw.isMixed() && !read.equals(write)) {
            throw new FioImportException(where + " reads " + read + " and writes " + write + " blocks; DriveLab "
                    + "stores one size per point");
        }
        return Units.parseSize(rw.reads() ? read : write);
    }

    private static String orDefault(String value, String fallback) {
        return value == null ? fallback : value;
    }

    private static int number(String where, String option, String text) {
        try {
            return Integer.parseInt(text.strip());
        } catch (NumberFormatException e) {
            throw new FioImportException(where + ": " + option + "=" + text + " is not a whole number", e);
        }
    }

    /** A job's option, else the global one; null when neither sets it. */
    static String option(JsonNode global, JsonNode job, String name) {
        JsonNode value = job.path(name);
        if (value.isMissingNode()) {
            value = global.path(name);
        }
        return value.isMissingNode() || value.isNull() ? null : value.asText();
    }
}
