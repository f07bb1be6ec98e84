package io.drivelab.export;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.drivelab.files.OutputFile;
import io.drivelab.store.Drive;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Run;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.workload.Units;

/**
 * A run as a reference pack (docs/reference.md), so a colleague can add it to their library: each complete measured
 * point with a block size gives its IOPS, bandwidth and, for one direction, mean latency, with the source "measured
 * by DriveLab run N on HOST, DATE". Points of a block-size mix and failed or stopped points are left out.
 */
public final class RunAsReference {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern CAPACITY = Pattern.compile("\\d+(\\.\\d+)?\\s*(GB|TB|GiB|TiB)",
            Pattern.CASE_INSENSITIVE);
    private static final DateTimeFormatter DATE = DateTimeFormatter.ISO_LOCAL_DATE.withZone(ZoneOffset.UTC);

    /**
     * The pack and how many figures it holds.
     *
     * @param figures how many figures the pack holds
     */
    public record Pack(String json, int figures) {
    }

    private RunAsReference() {
    }

    /**
     * The run {@code runId} as a pack.
     *
     * @param drive "Vendor Model Capacity" (the capacity may be left out), or null for the drive stored with the run
     * @throws ExportException when there is no such run, no drive is known, or the run has no figure to give
     */
    public static Pack of(Store store, long runId, String drive) {
        Run run = store.getRun(runId).orElseThrow(() -> new ExportException("there is no run " + runId + " in "
                + store.path()));
        ObjectNode driveNode = drive != null ? driveNode(drive, null)
                : run.driveId() == null ? null : store.getDrive(run.driveId()).map(RunAsReference::driveNode)
                .orElse(null);
        if (driveNode == null) {
            throw new ExportException("run " + runId + " ran on " + run.target() + " and DriveLab knows no drive "
                    + "model for it: name the drive (vendor, model, capacity), e.g. \"Acme X9 2TB\"");
        }
        String provenance = "measured by DriveLab run " + runId + " on " + (run.host() == null ? "an unknown host"
                : run.host()) + ", " + DATE.format(run.startedAt());
        List<String> figures = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (StoredPoint stored : store.listPoints(runId)) {
            PointResult p = stored.point();
            if (p.meta().kind() != PointKind.MEASURE || p.status() != PointStatus.COMPLETE || p.meta().bs() == null
                    || !seen.add(p.meta().workload() + "|" + p.meta().iodepth() + "|" + p.meta().numjobs())) {
                continue;
            }
            double iops = (p.read() == null ? 0 : p.read().iops()) + (p.write() == null ? 0 : p.write().iops());
            long bytesPerSecond = (p.read() == null ? 0 : p.read().bwBytes())
                    + (p.write() == null ? 0 : p.write().bwBytes());
            addFigure(figures, p, "IOPS", round(iops), "IOPS");
            addFigure(figures, p, "bandwidth", round(bytesPerSecond / 1e6), "MB/s");
            // a randread stores a write direction that did no I/O: only directions with I/O count
            boolean reads = p.read() != null && p.read().iops() > 0;
            boolean writes = p.write() != null && p.write().iops() > 0;
            Double latency = reads == writes ? null : reads ? p.read().latMeanNs() : p.write().latMeanNs();
            if (latency != null) {
                addFigure(figures, p, "mean latency", round(latency / 1e3), "us");
            }
        }
        if (figures.isEmpty()) {
            throw new ExportException("run " + runId + " has no complete measured point of one block size to give "
                    + "as reference figures");
        }
        ObjectNode review = JSON.createObjectNode();
        review.put("title", provenance);
        review.put("short", "DriveLab run " + runId);
        review.put("platform", run.target() + (run.engineVersion() == null ? "" : ", engine "
                + run.engineVersion()));
        ObjectNode seed = review.putArray("seeds").addObject();
        seed.put("file", "drivelab-run-" + runId);
        seed.put("language", "en");
        seed.put("use", provenance);
        ObjectNode drives = JSON.createObjectNode();
        drives.set("drive", driveNode);
        String text = "{\"format\": 1, \"version\": 1,\n \"review\": " + write(review) + ",\n \"drives\": "
                + write(drives) + ",\n \"figures\": [\n  " + String.join(",\n  ", figures)
                + "],\n \"disagreements\": []}\n";
        return new Pack(text, figures.size());
    }

    /** Writes the pack through {@link OutputFile} (a device or folder there is refused). */
    public static Pack write(Store store, long runId, String drive, Path file) {
        Pack pack = of(store, runId, drive);
        OutputFile.at(file).writeString(pack.json());
        return pack;
    }

    private static ObjectNode driveNode(Drive drive) {
        return driveNode(drive.model(), drive.capacityBytes());
    }

    /** "Vendor Model [Capacity]": the first word is the vendor, a last word like 2TB the capacity. */
    private static ObjectNode driveNode(String name, Long capacityBytes) {
        List<String> words = new ArrayList<>(List.of(name.strip().split("\\s+")));
        String capacity = null;
        if (words.size() > 2 && CAPACITY.matcher(words.get(words.size() - 1)).matches()) {
            capacity = words.remove(words.size() - 1);
        } else if (capacityBytes != null && capacityBytes > 0) {
            capacity = decimalCapacity(capacityBytes);
        }
        if (words.size() < 2) {
            throw new ExportException("the drive \"" + name + "\" needs a vendor and a model, e.g. \"Acme X9 2TB\"");
        }
        ObjectNode node = JSON.createObjectNode();
        node.put("vendor", words.get(0));
        node.put("model", String.join(" ", words.subList(1, words.size())));
        if (capacity != null) {
            node.put("capacity", capacity);
        }
        return node;
    }

    /** As drives are sold: 1.92TB, 960GB (10^9 bytes). */
    private static String decimalCapacity(long bytes) {
        double gb = bytes / 1e9;
        return gb >= 1000 ? String.format(Locale.ROOT, "%.2fTB", gb / 1000).replaceAll("\\.?0+TB$", "TB")
                : Math.round(gb) + "GB";
    }

    /** Adds the figure unless it is 0 (the format takes only values above 0: a point that moved no data). */
    private static void addFigure(List<String> figures, PointResult p, String metric, double value, String unit) {
        if (value <= 0) {
            return;
        }
        ObjectNode f = JSON.createObjectNode();
        f.put("drive", "drive");
        f.put("section", p.meta().workload());
        f.put("suite", "DriveLab");
        f.put("test", p.meta().workload());
        f.put("rw", p.meta().rw());
        f.put("bs", Units.formatSize(p.meta().bs()));
        f.put("iodepth", p.meta().iodepth());
        f.put("numjobs", p.meta().numjobs());
        f.put("metric", metric);
        f.put("note", "point " + p.meta().pointKey());
        f.put("unit", unit);
        f.put("value", value);
        figures.add(write(f));
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }

    private static String write(ObjectNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("writing a reference pack", e);
        }
    }
}
