package io.drivelab.reference;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.drivelab.store.Drive;
import io.drivelab.store.NewRun;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.BlockSizeMix;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.PlanException;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.Point;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.Step;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Units;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;

/**
 * Imports fio 3.x output ({@code --output-format=json} or {@code json+}) as stored runs: one run per file, one
 * point per fio job, so an imported result is listed, shown, exported and compared like a run DriveLab measured.
 *
 * <p>Per-job output (no group_reporting) has one entry per thread of a job; they are added up into one point, as
 * fio's group_reporting would. Latency is fio's total latency (lat_ns: submission to completion, what the engine
 * measures); fio computes percentiles on completion latency (clat_ns) unless lat_percentiles is set, so those are
 * taken when lat_ns has none. Per-job entries merge their percentiles only through json+ histograms; plain json
 * per-job output keeps the mean but no percentiles.
 */
public final class FioImport {
    public static final String TARGET_KIND = "fio-import";
    public static final String PLAN_NAME = "fio import";
    /** Imported drives have no serial number: fio does not report one. */
    static final String NO_SERIAL = "";

    private static final ObjectMapper JSON = new ObjectMapper();
    // Synchronous engines keep one I/O in flight whatever iodepth says (fio warns "queue depth will be capped at 1").
    private static final Set<String> SYNC_ENGINES = Set.of("sync", "psync", "vsync", "pvsync", "pvsync2");

    private FioImport() {
    }

    /**
     * One fio output file, read and checked: the plan its jobs amount to and a stored-point result per job.
     *
     * @param target what fio measured (its filename option), or the output file when the jobs do not say
     */
    public record FioFile(Path file, String fioVersion, String target, TestPlan plan, List<PointResult> points) {
        public FioFile {
            points = List.copyOf(points);
        }
    }

    /** A file as imported: the run it became. */
    public record Imported(long runId, FioFile file) {
    }

    /**
     * Reads and checks every file first, then stores them all in one transaction: a file that is not fio 3.x JSON
     * stops the import before anything is written.
     *
     * @param drive the user's name for the drive measured; imported runs are filed under it
     * @throws FioImportException naming the file and what is wrong with it
     */
    public static List<Imported> importFiles(Store store, List<Path> files, String drive) {
        if (drive == null || drive.isBlank()) {
            throw new IllegalArgumentException("the drive's name is missing");
        }
        List<FioFile> read = files.stream().map(FioImport::read).toList();
        return store.atomically(() -> {
            Drive filedUnder = store.findOrCreateDrive(drive.strip(), NO_SERIAL, null, null);
            List<Imported> imported = new ArrayList<>();
            for (FioFile file : read) {
                long runId = store.createRun(new NewRun(drive.strip() + ": " + file.file().getFileName(),
                        PlanFiles.toJson(file.plan()), PLAN_NAME, file.target(), TARGET_KIND, filedUnder.id(), null,
                        file.fioVersion()));
                String failure = null;
                for (PointResult point : file.points()) {
                    store.savePoint(runId, point, List.of());
                    if (failure == null && point.status() == PointStatus.FAILED) {
                        failure = "fio job " + point.meta().workload() + ": " + point.error();
                    }
                }
                store.updateRunStatus(runId, failure == null ? RunStatus.COMPLETE : RunStatus.FAILED, failure);
                imported.add(new Imported(runId, file));
            }
            return imported;
        });
    }

    /** Reads and checks one fio output file; nothing is stored. */
    public static FioFile read(Path file) {
        String text;
        Instant modified;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
            modified = Files.getLastModifiedTime(file).toInstant();
        } catch (NoSuchFileException e) {
            throw new FioImportException(file + " does not exist", e);
        } catch (IOException e) {
            throw new FioImportException("cannot read " + file + ": " + e, e);
        }
        return parse(file, text, modified);
    }

    /** {@link #read} on text already read; {@code fallbackTime} dates the points when fio's output has no time. */
    static FioFile parse(Path file, String text, Instant fallbackTime) {
        JsonNode root = json(file, text);
        String version = root.path("fio version").asText();
        if (!root.isObject() || !root.has("fio version") || !root.path("jobs").isArray()) {
            throw new FioImportException(file + " is not fio JSON output (it has no \"fio version\" and \"jobs\"); "
                    + "write it with fio --output-format=json or json+");
        }
        if (!version.startsWith("fio-3") && !version.startsWith(FioJsonExport.VERSION_PREFIX)) {
            throw new FioImportException(file + " was written by " + version + "; DriveLab reads the JSON of fio 3.x");
        }
        if (root.path("jobs").isEmpty()) {
            throw new FioImportException(file + " has no jobs: fio measured nothing");
        }
        Instant end = root.path("timestamp_ms").isNumber() ? Instant.ofEpochMilli(root.path("timestamp_ms").asLong())
                : root.path("timestamp").isNumber() ? Instant.ofEpochSecond(root.path("timestamp").asLong())
                : fallbackTime;

        // Jobs of one job section (per-job output) share their group and name; each group is one point.
        Map<String, List<JsonNode>> groups = new LinkedHashMap<>();
        int n = 0;
        for (JsonNode job : root.path("jobs")) {
            n++;
            if (!job.path("jobname").isTextual() || !job.path("read").isObject() || !job.path("write").isObject()) {
                throw new FioImportException(file + ": job " + n + " has no jobname and read/write results; "
                        + "is it fio JSON output?");
            }
            groups.computeIfAbsent(job.path("groupid").asInt() + "\u0000" + job.path("jobname").asText(),
                    k -> new ArrayList<>()).add(job);
        }
        JsonNode global = root.path("global options");
        List<Step> steps = new ArrayList<>();
        List<Job> jobs = new ArrayList<>();
        for (List<JsonNode> entries : groups.values()) {
            Job job = job(file, global, entries);
            jobs.add(job);
            steps.add(new WorkloadStep(job.workload, Matrix.single(job.iodepth, job.numjobs,
                    (int) Math.max(1, (job.runtimeMs + 999) / 1000), 0, 0)));
        }
        TestPlan plan = new TestPlan(PLAN_NAME, version + " output " + file.getFileName() + ", imported",
                Region.WHOLE, steps);
        List<Point> points = plan.points();
        List<PointResult> results = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            results.add(jobs.get(i).result(points.get(i), i + 1, version, end));
        }
        return new FioFile(file, version, target(global, groups.values().iterator().next().get(0), file), plan,
                results);
    }

    private static JsonNode json(Path file, String text) {
        // fio prints notes ("note: both iodepth >= 1 and synchronous I/O engine are selected...") on stdout before
        // the JSON, so a redirected output starts with them: begin at the first line that opens an object.
        String body = text;
        if (!text.stripLeading().startsWith("{")) {
            int start = text.indexOf("\n{");
            if (start < 0) {
                throw new FioImportException(file + " is not fio JSON output: it holds no JSON object");
            }
            body = text.substring(start + 1);
        }
        try {
            return JSON.readTree(body);
        } catch (JsonProcessingException e) {
            // Jackson reports a cut-off file as JsonEOFException, or as whatever the last token lacks ("1." is a
            // number without digits): either way the error is at the end of the text.
            long offset = e.getLocation() == null ? -1 : e.getLocation().getCharOffset();
            boolean atEnd = e instanceof JsonEOFException || e.getOriginalMessage().contains("end-of-input")
                    || offset >= body.stripTrailing().length() - 1;
            String line = e.getLocation() == null ? "?" : String.valueOf(e.getLocation().getLineNr());
            if (atEnd) {
                throw new FioImportException(file + " ends before its JSON does (line " + line
                        + "): the file is truncated", e);
            }
            throw new FioImportException(file + " is not valid JSON at line " + line + ": " + e.getOriginalMessage(),
                    e);
        }
    }

    private static String target(JsonNode global, JsonNode firstJob, Path file) {
        for (String option : List.of("filename", "directory")) {
            String value = option(global, firstJob.path("job options"), option);
            if (value != null) {
                return value;
            }
        }
        return file.toString();
    }

    private static String option(JsonNode global, JsonNode job, String name) {
        JsonNode value = job.path(name);
        if (value.isMissingNode()) {
            value = global.path(name);
        }
        return value.isMissingNode() || value.isNull() ? null : value.asText();
    }

    /** A fio job section: its workload and the figures of all its threads. */
    private record Job(String name, Workload workload, int iodepth, int numjobs, long runtimeMs,
                       List<JsonNode> entries) {

        PointResult result(Point point, int seq, String version, Instant end) {
            Rw rw = workload.rw();
            PointMeta meta = new PointMeta(point.key(), seq, PointKind.MEASURE, name, rw.value(), workload.bs(),
                    workload.mix() == null ? null : workload.mix().toEngineSpec(), workload.rwmixread(), iodepth,
                    numjobs);
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
            PointResult result = PointResult.fromEngineResult(meta, line, end.minusMillis(runtimeMs), end);
            int error = entries.stream().mapToInt(e -> e.path("error").asInt()).filter(e -> e != 0).findFirst()
                    .orElse(0);
            return error == 0 ? result : result.withError("fio reported error " + error);
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
    }

    private static Job job(Path file, JsonNode global, List<JsonNode> entries) {
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
            return new Job(name, new Workload(name, rw, bs, mix, rwmixread), iodepth, numjobs, runtimeMs, entries);
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
}
