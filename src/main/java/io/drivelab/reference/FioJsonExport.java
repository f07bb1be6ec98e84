package io.drivelab.reference;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.Histogram;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.Run;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.Units;

/**
 * A stored run as fio 3.x JSON (the layout of {@code fio --output-format=json+}), so tools that read fio results
 * can read DriveLab's: one fio job per point in plan order (named after its workload, in its own group), with job
 * options, per-direction I/O counts, bandwidth, IOPS, latency (min/max/mean/stddev, fio's percentile list) and,
 * where the point has a histogram, json+ "bins".
 *
 * <p>The engine measures each I/O from submission to completion, which is fio's total latency (lat_ns); the same
 * figures are given as clat_ns, where most tools look for percentiles, and slat_ns is zero. "fio version" says
 * "drivelab ..." so the file is not mistaken for fio's own output; {@link FioImport} reads it back.
 */
public final class FioJsonExport {
    /** The start of "fio version" in an exported file. */
    static final String VERSION_PREFIX = "drivelab";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    // fio's "time": ctime() format, e.g. "Mon Nov 30 09:06:10 2026".
    private static final DateTimeFormatter CTIME = DateTimeFormatter.ofPattern("EEE MMM d HH:mm:ss yyyy", Locale.ROOT);

    private FioJsonExport() {
    }

    /** The run as fio JSON text, indented. */
    public static String write(Run run, List<StoredPoint> points) {
        try {
            return JSON.writeValueAsString(toJson(run, points)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("writing fio JSON", e);
        }
    }

    /** The run as a fio JSON tree. */
    public static ObjectNode toJson(Run run, List<StoredPoint> points) {
        ObjectNode root = JSON.createObjectNode();
        root.put("fio version", VERSION_PREFIX + " run " + run.id() + " (engine "
                + (run.engineVersion() == null ? "unknown" : run.engineVersion()) + ")");
        Instant time = run.endedAt() != null ? run.endedAt() : run.startedAt();
        root.put("timestamp", time.getEpochSecond());
        root.put("timestamp_ms", time.toEpochMilli());
        root.put("time", CTIME.format(time.atZone(ZoneId.systemDefault())));
        ObjectNode global = root.putObject("global options");
        global.put("filename", run.target());
        global.put("direct", "1");
        var jobs = root.putArray("jobs");
        for (int i = 0; i < points.size(); i++) {
            jobs.add(job(points.get(i).point(), i));
        }
        root.putArray("disk_util");
        ObjectNode drivelab = root.putObject("drivelab");
        drivelab.put("run_id", run.id());
        drivelab.put("name", run.name());
        drivelab.put("plan", run.planName());
        drivelab.put("target_kind", run.targetKind());
        drivelab.put("status", run.status().dbValue());
        return root;
    }

    private static ObjectNode job(PointResult point, int groupId) {
        PointMeta meta = point.meta();
        JsonNode result = parse(point.resultJson());
        long runtimeMs = point.runtimeMs() == null ? 0 : point.runtimeMs();
        ObjectNode job = JSON.createObjectNode();
        // The workload's name, as a fio job file names its job sections; the point key goes in "drivelab".
        job.put("jobname", meta.workload());
        job.put("groupid", groupId);
        job.put("error", point.error() == null ? 0 : 1);
        job.put("eta", 0);
        job.put("elapsed", (runtimeMs + 999) / 1000);
        ObjectNode options = job.putObject("job options");
        options.put("name", meta.workload());
        options.put("rw", meta.rw());
        if (meta.bs() != null) {
            options.put("bs", Units.formatSize(meta.bs()));
        } else {
            options.put("bssplit", meta.bsMix());
        }
        if (meta.rwmixread() != null) {
            options.put("rwmixread", String.valueOf(meta.rwmixread()));
        }
        options.put("iodepth", String.valueOf(meta.iodepth()));
        options.put("numjobs", String.valueOf(meta.numjobs()));
        job.set("read", direction(point.read(), result.path("read"), histogram(point, "read"), runtimeMs));
        job.set("write", direction(point.write(), result.path("write"), histogram(point, "write"), runtimeMs));
        job.set("trim", direction(null, JSON.missingNode(), null, 0));
        job.put("job_runtime", runtimeMs);
        job.put("usr_cpu", result.path("cpu").path("usr_pct").asDouble());
        job.put("sys_cpu", result.path("cpu").path("sys_pct").asDouble());
        ObjectNode drivelab = job.putObject("drivelab");
        drivelab.put("point_key", meta.pointKey());
        drivelab.put("kind", meta.kind().dbValue());
        drivelab.put("status", point.status().dbValue());
        if (point.error() != null) {
            drivelab.put("error", point.error());
        }
        return job;
    }

    /**
     * fio's per-direction object. Counts and latency come from the engine's result line when the point has one;
     * otherwise from the stored figures, which lack min/max/stddev.
     */
    private static ObjectNode direction(DirectionResult figures, JsonNode engine, Histogram histogram, long runtimeMs) {
        long ios = engine.path("ios").asLong();
        long ioBytes = engine.path("io_bytes").asLong();
        double iops = figures == null ? 0 : figures.iops();
        long bw = figures == null ? 0 : figures.bwBytes();
        if (figures != null && !engine.has("ios")) {
            ios = Math.round(figures.iops() * runtimeMs / 1000.0);
            ioBytes = Math.round(figures.bwBytes() * runtimeMs / 1000.0);
        }
        ObjectNode dir = JSON.createObjectNode();
        dir.put("io_bytes", ioBytes);
        dir.put("io_kbytes", ioBytes / 1024);
        dir.put("bw_bytes", bw);
        dir.put("bw", bw / 1024);
        dir.put("iops", iops);
        dir.put("runtime", ios == 0 ? 0 : runtimeMs);
        dir.put("total_ios", ios);
        dir.put("short_ios", 0);
        dir.put("drop_ios", 0);
        dir.set("slat_ns", latency(0, 0, 0, 0, 0));
        JsonNode lat = engine.path("lat_ns");
        double mean = lat.has("mean") ? lat.path("mean").asDouble()
                : figures != null && figures.latMeanNs() != null ? figures.latMeanNs() : 0;
        long n = mean > 0 ? ios : 0;
        ObjectNode clat = latency(lat.path("min").asLong(), lat.path("max").asLong(), mean,
                lat.path("stddev").asDouble(), n);
        if (n > 0) {
            ObjectNode percentiles = clat.putObject("percentile");
            JsonNode engineList = lat.path("percentiles");
            if (!engineList.isEmpty()) {
                engineList.properties().forEach(p -> percentiles.put(fioPercentile(p.getKey()), p.getValue().asLong()));
            } else if (figures != null) {
                putIfKnown(percentiles, "50", figures.p50Ns());
                putIfKnown(percentiles, "99", figures.p99Ns());
                putIfKnown(percentiles, "99.9", figures.p999Ns());
            }
            if (histogram != null) {
                ObjectNode bins = clat.putObject("bins");
                for (Histogram.Bucket bucket : histogram.buckets()) {
                    bins.put(String.valueOf(FioHistogram.value(bucket.index())), bucket.count());
                }
            }
        }
        dir.set("clat_ns", clat);
        dir.set("lat_ns", latency(lat.path("min").asLong(), lat.path("max").asLong(), mean,
                lat.path("stddev").asDouble(), n));
        return dir;
    }

    private static ObjectNode latency(long min, long max, double mean, double stddev, long n) {
        ObjectNode lat = JSON.createObjectNode();
        lat.put("min", min);
        lat.put("max", max);
        lat.put("mean", mean);
        lat.put("stddev", stddev);
        lat.put("N", n);
        return lat;
    }

    private static void putIfKnown(ObjectNode percentiles, String name, Long value) {
        if (value != null) {
            percentiles.put(fioPercentile(name), value);
        }
    }

    /** fio writes percentile names with six decimals: "99.5" is "99.500000". */
    private static String fioPercentile(String name) {
        return new BigDecimal(name).setScale(6).toPlainString();
    }

    private static Histogram histogram(PointResult point, String direction) {
        return point.histograms().stream()
                .filter(h -> h.direction().jsonName().equals(direction) && FioHistogram.LAYOUT.equals(h.layout())
                        && h.bits() == FioHistogram.BITS)
                .findFirst().orElse(null);
    }

    private static JsonNode parse(String resultJson) {
        if (resultJson == null) {
            return JSON.missingNode();
        }
        try {
            return JSON.readTree(resultJson);
        } catch (JsonProcessingException e) {
            return JSON.missingNode();
        }
    }
}
