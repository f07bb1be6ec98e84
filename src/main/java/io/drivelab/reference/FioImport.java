package io.drivelab.reference;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.files.InputFile;
import io.drivelab.files.InputFileException;
import io.drivelab.store.Drive;
import io.drivelab.store.NewRun;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.PlanException;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.Point;
import io.drivelab.workload.Region;
import io.drivelab.workload.Step;
import io.drivelab.workload.TestPlan;
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

    /** fio's JSON of even a thousand threads with json+ histograms is a few MB; far more is not fio output. */
    static final long MAX_FILE_BYTES = 64L << 20;

    private static final ObjectMapper JSON = new ObjectMapper();

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
                        file.fioVersion(), file.plan().points().size()));
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
            text = InputFile.readText(file, MAX_FILE_BYTES, "a fio JSON output file");
            modified = Files.getLastModifiedTime(file).toInstant();
        } catch (InputFileException e) {
            throw new FioImportException(e.getMessage(), e);
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
        List<FioJob> jobs = new ArrayList<>();
        for (List<JsonNode> entries : groups.values()) {
            FioJob job = FioJob.read(file, global, entries);
            jobs.add(job);
            try {
                steps.add(new WorkloadStep(job.workload(), Matrix.single(job.iodepth(), job.numjobs(),
                        (int) Math.max(1, (job.runtimeMs() + 999) / 1000), 0, 0)));
            } catch (PlanException e) {
                // e.g. thousands of entries under one job name: say which job, and that the threads were counted
                throw new FioImportException(file + ": job \"" + job.name() + "\" has " + entries.size()
                        + (entries.size() == 1 ? " entry" : " entries (threads of the same name, or the job "
                        + "repeated)") + " with iodepth " + job.iodepth() + " and numjobs " + job.numjobs()
                        + ": " + e.problems().get(0).message(), e);
            }
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
            String value = FioJob.option(global, firstJob.path("job options"), option);
            if (value != null) {
                return value;
            }
        }
        return file.toString();
    }
}
