package io.drivelab.workload;

import java.util.List;
import java.util.Locale;

/**
 * The presets that hold a drive at a rate rather than at its peak: latency under load (offered rates below the
 * measured peak) and the Solidigm D7-PS1030 review's KV-cache offload (a sustained write rate).
 */
public final class SustainedPresets {
    /** What the PS1030 review (seed 004) says of its KV-cache offload array, to be shown beside a run's figures. */
    public static final class KvCacheReview {
        /** "La baie a supporté 1.9 Go/s d'écritures KV continues 24 h/24": decimal GB/s across the array. */
        public static final double ARRAY_BYTES_PER_SECOND = 1.9e9;
        /** "Huit de ces mêmes unités de 12.8 To". */
        public static final int DRIVES = 8;
        public static final double DRIVE_CAPACITY_BYTES = 12.8e12;
        /** One drive's share in RAID 0 (every drive writes its eighth): 237.5 MB/s. */
        public static final double DRIVE_BYTES_PER_SECOND = ARRAY_BYTES_PER_SECOND / DRIVES;
        /** "environ 1.6 DWPD en RAID 0", "environ 3.2 écritures par jour et par disque en mode miroir". */
        public static final double DWPD_RAID0 = 1.6;
        public static final double DWPD_MIRROR = 3.2;
        /** The drive's rating: "sa capacité de 3 DWPD". */
        public static final double RATED_DWPD = 3;
        /** 4K random write: "n'a jamais dépassé 359.6 µs durant toute la période de test". */
        public static final double WRITE_LATENCY_CEILING_US = 359.6;

        private KvCacheReview() {
        }

        /** The review's figures as lines, for reports. */
        public static List<String> lines() {
            return List.of(
                    "Review (Solidigm D7-PS1030 12.8 TB, StorageReview): 1.9 GB/s of KV-cache writes across 8 drives, "
                            + "24 h a day for weeks; one drive's share 237.5 MB/s (RAID 0), about 1.6 DWPD (3.2 "
                            + "mirrored) of its 3 DWPD rating",
                    String.format(Locale.ROOT, "Review: 4K random write latency never above %.1f µs; the array "
                            + "never became the bottleneck", WRITE_LATENCY_CEILING_US));
        }
    }

    static final long K = 1024;
    /** The KV-cache preset's writes: 128K sequential, as the review's 128K sequential write point. */
    static final long KV_BS = 128 * K;
    /** 237.5 MB/s in 128K writes: 1,812 per second (237.50 MB/s). */
    public static final int KV_RATE_IOPS = (int) Math.round(KvCacheReview.DRIVE_BYTES_PER_SECOND / KV_BS);

    private SustainedPresets() {
    }

    /**
     * Latency under load: 4K random read at IODepth 32 / NumJobs 8, its peak first, then 10 % to 100 % of it.
     */
    static TestPlan latencyUnderLoad() {
        Matrix m = Matrix.single(32, 8, 30, 5, 0);
        List<Step> steps = List.of(
                Precondition.Fill.of("one sequential fill", 128 * K, 256, 1, 1),
                WorkloadStep.underLoad(Workload.of("4K random read under load", Rw.RANDREAD, 4 * K), m,
                        WorkloadStep.TEN_LOADS));
        String description = "Latency under load: what the drive does at 60 % of its peak, which peak numbers hide. "
                + "One sequential fill (128K, IODepth 256 / 1 job) so that reads read written data; then 4K random "
                + "read at IODepth 32 / NumJobs 8 as fast as it goes (the peak, 30 s after a 5 s ramp), then the "
                + "same at offered rates of 10 %, 20 % ... 100 % of that peak (fio's rate_iops, spread evenly over "
                + "the 8 jobs), 30 s each after a 5 s ramp. Why 4K random read at 32/8: the reviews' 4K random read "
                + "peaks sit at 256 I/Os in flight (the PS1030 at 16/16, the matrix's 32/8 beside it), and reads "
                + "are what a serving tier waits on. Latency is measured from each I/O's scheduled time (free of "
                + "coordinated omission), so a rate the drive cannot hold shows as latency, not as a missing "
                + "point. A resumed run reuses the stored peak.";
        return new TestPlan(Presets.LATENCY_UNDER_LOAD, description, Region.WHOLE, steps, null);
    }

    /** The PS1030 review's KV-cache offload, one drive's share of the array's 1.9 GB/s, held for an hour. */
    static TestPlan kvCacheOffload() {
        Workload w = new Workload("KV-cache offload write, 237.5 MB/s", Rw.WRITE, KV_BS, null, null, KV_RATE_IOPS);
        List<Step> steps = List.of(new WorkloadStep(w, Matrix.single(16, 1, 3600, 10, 0)));
        String description = "KV-cache offload after the Solidigm D7-PS1030 review: its array of 8 x 12.8 TB drives "
                + "held 1.9 GB/s of KV-cache writes 24 h a day for weeks (about 1.6 DWPD per drive in RAID 0, "
                + "3.2 mirrored, against the drive's 3 DWPD). Scaled to one drive: its RAID 0 share, 1.9 GB/s / 8 "
                + "= 237.5 MB/s, written as 128K sequential writes at IODepth 16 / 1 job (the reviews' 128K "
                + "sequential write point) at 1,812 writes per second (fio's rate_iops). Scaled to the run's time "
                + "budget: the review held the rate for weeks; DriveLab holds it for 1 hour after a 10 s ramp "
                + "(855 GB, a 24th of the review's daily writes per drive); the rate stays the review's, only the "
                + "time shrinks (a runtime override changes it). The report shows the rate achieved, the time "
                + "it was not held and write latency from each I/O's scheduled time beside the review's figures.";
        return new TestPlan(Presets.KV_CACHE_OFFLOAD, description, Region.WHOLE, steps, null);
    }
}
