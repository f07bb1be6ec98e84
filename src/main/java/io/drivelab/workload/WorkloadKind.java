package io.drivelab.workload;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a workload is, as the plan says: it decides how its results are charted, live and in reports, whatever
 * the plan or the workload is called.
 */
public enum WorkloadKind {
    /** Throughput and latency by IODepth, a line per NumJobs. */
    MATRIX,
    /** gdsio's sweep: sequential read or write at IODepth 1, GiB/s and mean latency by threads. */
    GDSIO_SWEEP,
    /** AI training checkpoints: seconds per checkpoint, GB/s per pass. */
    CHECKPOINT,
    /**
     * Latency under load: the peak of one IODepth and NumJobs first, then offered rates that are shares of it;
     * percentile latency (from each I/O's scheduled time) against achieved IOPS.
     */
    LATENCY_UNDER_LOAD;

    /** The plan file's word: "matrix", "gdsio-sweep", "checkpoint", "latency-under-load". */
    public String value() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Optional<WorkloadKind> find(String value) {
        return Arrays.stream(values()).filter(k -> k.value().equals(value)).findFirst();
    }

    static String choices() {
        return Arrays.stream(values()).map(WorkloadKind::value).collect(Collectors.joining(", "));
    }
}
