package io.drivelab.findings;

import java.util.Locale;

import io.drivelab.store.PointMeta;
import io.drivelab.workload.Units;

/** Workloads and points named by what they ran, in the reviews' words: "4K random read", "QD32 × 8 jobs". */
public final class WorkloadNames {
    private WorkloadNames() {
    }

    /** "4K random read", "128K sequential write", "8K random mix (70 % read)", "mixed sizes random write". */
    public static String describe(PointMeta meta) {
        String size = meta.bs() == null ? "mixed sizes" : Units.formatSize(meta.bs()).toUpperCase(Locale.ROOT);
        String pattern = switch (meta.rw()) {
            case "read" -> "sequential read";
            case "write" -> "sequential write";
            case "randread" -> "random read";
            case "randwrite" -> "random write";
            case "randrw" -> "random mix";
            case "rw", "readwrite" -> "sequential mix";
            default -> meta.rw();
        };
        return size + " " + pattern + (meta.rwmixread() == null ? "" : " (" + meta.rwmixread() + " % read)");
    }

    /** "QD32 × 8 jobs", "QD1 × 1 job". */
    public static String depthAndJobs(int iodepth, int numjobs) {
        return "QD" + iodepth + " × " + jobs(numjobs);
    }

    /** "1 job", "4 jobs". */
    public static String jobs(int numjobs) {
        return numjobs + (numjobs == 1 ? " job" : " jobs");
    }
}
