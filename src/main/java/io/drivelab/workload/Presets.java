package io.drivelab.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The built-in test plans, after the methodology of the published reviews DriveLab compares against.
 *
 * <p>Each has a description that says what it runs and which choices are DriveLab's own where the reviews leave
 * something out, and an {@link TestPlan#estimatedDuration() estimate}. Their times can be shortened for a trial
 * with {@link TestPlan#withTimes(Integer, Integer, Integer)}.
 */
public final class Presets {
    public static final String STORAGEREVIEW_FIO = "storagereview-fio";
    public static final String STORAGEREVIEW_CDN = "storagereview-cdn";
    public static final String CRYSTALDISKMARK = "crystaldiskmark";
    public static final String QUICK = "quick";
    public static final String DLIO_CHECKPOINT = "dlio-checkpoint";
    public static final String GDSIO_SWEEP = "gdsio-sweep";
    public static final String LATENCY_UNDER_LOAD = "latency-under-load";
    public static final String KV_CACHE_OFFLOAD = "kv-cache-offload";
    /** gdsio's thread counts in the reviews' GDSIO charts. */
    public static final List<Integer> GDSIO_THREADS = List.of(1, 2, 4, 8, 16, 32, 64, 128);
    /** gdsio's transfer sizes in the reviews: 16K, 128K, 1M. */
    public static final List<Long> GDSIO_BLOCK_SIZES = List.of(16 * 1024L, 128 * 1024L, 1024 * 1024L);

    private static final long K = 1024;
    private static final long M = 1024 * K;
    private static final List<Integer> QD_1_TO_32 = List.of(1, 2, 4, 8, 16, 32);

    /**
     * A preset for a list: its name, one line about it, and the plan (whose description says the details).
     */
    public record Preset(String name, String summary, TestPlan plan) {
    }

    private record Entry(String summary, Supplier<TestPlan> plan) {
    }

    private static final Map<String, Entry> PRESETS = new LinkedHashMap<>();

    static {
        PRESETS.put(QUICK, new Entry("sanity sweep: 128K sequential and 4K random, read and write, "
                + "QD 1/32 x 1/2 jobs", Presets::quick));
        PRESETS.put(CRYSTALDISKMARK, new Entry("CrystalDiskMark's 8 default tests on 8 GiB, best of 5 passes",
                Presets::crystalDiskMark));
        PRESETS.put(STORAGEREVIEW_FIO, new Entry("StorageReview FIO: 128K sequential; 64K/16K/4K random over "
                + "QD 1-32 x 1-16 jobs", Presets::storageReviewFio));
        PRESETS.put(STORAGEREVIEW_CDN, new Entry("StorageReview CDN: 3 h saturation, then write and read mixes "
                + "over 1/2/4 jobs x QD 1-32", Presets::storageReviewCdn));
        PRESETS.put(DLIO_CHECKPOINT, new Entry("DLIO checkpointing: 8 ranks write 1,636 GB checkpoints scaled to "
                + "the target, 12 per pass x 3 passes", Presets::dlioCheckpoint));
        PRESETS.put(GDSIO_SWEEP, new Entry("GDSIO (CPU mode): sequential read and write, 16K/128K/1M over "
                + "1-128 threads at one I/O each", Presets::gdsioSweep));
        PRESETS.put(LATENCY_UNDER_LOAD, new Entry("latency under load: 4K random read QD32/8, its peak, then "
                + "10-100 % of it", SustainedPresets::latencyUnderLoad));
        PRESETS.put(KV_CACHE_OFFLOAD, new Entry("KV-cache offload (PS1030 review): 237.5 MB/s of 128K writes "
                + "held for 1 h", SustainedPresets::kvCacheOffload));
    }

    private Presets() {
    }

    /** The preset names, shortest first. */
    public static List<String> names() {
        return List.copyOf(PRESETS.keySet());
    }

    /** {@code name} where it is a preset (a remembered choice may be gone or null), {@link #QUICK} otherwise. */
    public static String knownOrQuick(String name) {
        return name != null && PRESETS.containsKey(name) ? name : QUICK;
    }

    /** Every preset with its one-line summary, in the order of {@link #names()}. */
    public static List<Preset> all() {
        return PRESETS.entrySet().stream()
                .map(e -> new Preset(e.getKey(), e.getValue().summary(), e.getValue().plan().get()))
                .toList();
    }

    /** The preset of that name; a PlanException lists the known names otherwise. */
    public static TestPlan get(String name) {
        Entry preset = PRESETS.get(name);
        if (preset == null) {
            throw PlanException.of("preset", "\"" + name + "\" is not a preset; known: " + String.join(", ", names()));
        }
        return preset.plan().get();
    }

    /**
     * The storagereview-fio suite: two full sequential fills; 128K sequential write at IODepth 16 / 1 job and read
     * at 64 / 1; 64K, 16K and 4K random read and write over IODepth 1–32 × NumJobs 1–16, with a fresh
     * precondition whenever the transfer size changes.
     */
    static TestPlan storageReviewFio() {
        List<Integer> numjobs = List.of(1, 2, 4, 8, 16);
        int runtime = 60;
        int ramp = 10;
        List<Step> steps = new ArrayList<>();
        steps.add(Precondition.Fill.of("two full sequential fills", 128 * K, 256, 1, 2));
        steps.add(new WorkloadStep(Workload.of("128K sequential write", Rw.WRITE, 128 * K),
                Matrix.single(16, 1, runtime, ramp, 0)));
        steps.add(new WorkloadStep(Workload.of("128K sequential read", Rw.READ, 128 * K),
                Matrix.single(64, 1, runtime, ramp, 0)));
        for (long bs : List.of(64 * K, 16 * K, 4 * K)) {
            String size = Units.formatSize(bs).toUpperCase(Locale.ROOT);
            Matrix matrix = Matrix.of(QD_1_TO_32, numjobs, runtime, ramp, 0);
            steps.add(new WorkloadStep(Workload.of(size + " random read", Rw.RANDREAD, bs), matrix));
            steps.add(new WorkloadStep(Workload.of(size + " random write", Rw.RANDWRITE, bs), matrix));
        }
        String description = "StorageReview's FIO suite (Kingston DC3000ME and Solidigm PS1030 reviews). "
                + "Two full sequential fills (128K, IODepth 256 / 1 job; the reviews do not give the fills' block "
                + "size), then 128K sequential write at IODepth 16 / NumJobs 1 and read at 64 / 1, then 64K, 16K "
                + "and 4K random read and write over IODepth 1, 2, 4, 8, 16, 32 x NumJobs 1, 2, 4, 8, 16 "
                + "(182 points). Fresh precondition whenever the transfer size changes: before the 128K "
                + "sequential points a 128K sequential pass at IODepth 256 / 1 job, as the reviews describe; "
                + "before each random block size a random write of that size at IODepth 32 / 4 jobs until steady "
                + "state (SNIA PTS rule over 60 s rounds, at most 25 rounds) - the reviews do not describe their "
                + "random precondition, so this is DriveLab's choice. Each point runs 60 s after a 10 s ramp "
                + "(the reviews do not give the point length).";
        return new TestPlan(STORAGEREVIEW_FIO, description, Region.WHOLE, steps, FreshPrecondition.DEFAULT);
    }

    /**
     * The CDN write mix: 128K at 98.51 %, as the reviews give it. The rest (1.49 %) is "64K down to 8K" without
     * weights; DriveLab spreads it evenly over the powers of two 64K, 32K, 16K and 8K: 0.3725 % each.
     */
    static BlockSizeMix cdnWriteMix() {
        return new BlockSizeMix(List.of(
                new BlockSizeMix.Share(128 * K, "98.51"),
                new BlockSizeMix.Share(64 * K, "0.3725"),
                new BlockSizeMix.Share(32 * K, "0.3725"),
                new BlockSizeMix.Share(16 * K, "0.3725"),
                new BlockSizeMix.Share(8 * K, "0.3725")));
    }

    /**
     * The CDN read mix: 128K at 83.21 %, as the reviews give it, then "a long tail of 30+ smaller sizes from 4K to
     * 124K", without weights. DriveLab takes every multiple of 4K from 4K to 124K (31 sizes) and spreads the
     * remaining 16.79 % evenly in hundredths: 1679 / 31 = 54 rest 5, so the five smallest sizes (4K–20K) get
     * 0.55 % and the other 26 (24K–124K) 0.54 %. The extra hundredths go to the small sizes because small objects
     * (thumbnails, metadata) are the frequent ones in a CDN.
     */
    static BlockSizeMix cdnReadMix() {
        List<BlockSizeMix.Share> shares = new ArrayList<>();
        shares.add(new BlockSizeMix.Share(128 * K, "83.21"));
        for (long kib = 124; kib >= 4; kib -= 4) {
            shares.add(new BlockSizeMix.Share(kib * K, kib <= 20 ? "0.55" : "0.54"));
        }
        return new BlockSizeMix(shares);
    }

    /**
     * The storagereview CDN suite: full 1 MiB sequential fill with 4 jobs, 3 h random-write saturation with the
     * write mix, then the write mix and the read mix over NumJobs 1/2/4 x IODepth 1–32, 300 s per point with
     * 180 s idle between points.
     */
    static TestPlan storageReviewCdn() {
        Matrix matrix = Matrix.of(QD_1_TO_32, List.of(1, 2, 4), 300, 0, 180).withOuter(Matrix.Outer.NUMJOBS);
        List<Step> steps = List.of(
                new Precondition.Fill("1 MiB sequential fill", 1 * M, null, 4, 4, 1, null),
                new Precondition.Saturate("3 h random-write saturation, CDN write mix", null, cdnWriteMix(),
                        32, 4, 3 * 3600),
                new WorkloadStep(Workload.of("CDN write mix", Rw.RANDWRITE, cdnWriteMix()), matrix),
                new WorkloadStep(Workload.of("CDN read mix", Rw.RANDREAD, cdnReadMix()), matrix));
        String description = "StorageReview's CDN suite (Kingston DC3000ME review). A full-device 1 MiB "
                + "sequential fill with 4 jobs at IODepth 4; 3 h random-write saturation with the write mix at "
                + "IODepth 32 / 4 jobs (the reviews give no queue depth for it); then the write mix and the read "
                + "mix, each over NumJobs 1, 2, 4 x IODepth 1, 2, 4, 8, 16, 32 (36 points), 300 s per point and "
                + "180 s idle between points. Write mix: 128K 98.51 %, the remaining 1.49 % spread evenly over "
                + "64K, 32K, 16K, 8K (0.3725 % each; the reviews say only \"64K to 8K\"). Read mix: 128K "
                + "83.21 %, the remaining 16.79 % spread over the 31 multiples of 4K from 4K to 124K, 0.55 % "
                + "each for 4K-20K and 0.54 % for 24K-124K (the reviews say only \"30+ sizes from 4K to 124K\").";
        return new TestPlan(STORAGEREVIEW_CDN, description, Region.WHOLE, steps, null);
    }

    /**
     * CrystalDiskMark's default profile on an 8 GiB region: SEQ1M Q8T1, SEQ128K Q32T1, RND4K Q32T16, RND4K Q1T1,
     * reads first then writes (as CrystalDiskMark runs "All"), each 5 passes of 5 s keeping the best.
     */
    static TestPlan crystalDiskMark() {
        record Test(String label, Rw read, Rw write, long bs, int qd, int threads) {
        }
        List<Test> tests = List.of(
                new Test("SEQ1M Q8T1", Rw.READ, Rw.WRITE, 1 * M, 8, 1),
                new Test("SEQ128K Q32T1", Rw.READ, Rw.WRITE, 128 * K, 32, 1),
                new Test("RND4K Q32T16", Rw.RANDREAD, Rw.RANDWRITE, 4 * K, 32, 16),
                new Test("RND4K Q1T1", Rw.RANDREAD, Rw.RANDWRITE, 4 * K, 1, 1));
        List<Step> steps = new ArrayList<>();
        for (boolean reads : new boolean[]{true, false}) {
            for (Test t : tests) {
                Matrix m = Matrix.single(t.qd(), t.threads(), 5, 0, 5).withPasses(5, Matrix.Keep.BEST);
                steps.add(new WorkloadStep(Workload.of(t.label() + (reads ? " read" : " write"),
                        reads ? t.read() : t.write(), t.bs()), m));
            }
        }
        String description = "CrystalDiskMark's default tests on an 8 GiB region (the size the reviews use): "
                + "SEQ1M Q8T1, SEQ128K Q32T1, RND4K Q32T16 and RND4K Q1T1, all reads then all writes, each "
                + "5 passes of 5 s keeping the best pass, 5 s idle between tests.";
        return new TestPlan(CRYSTALDISKMARK, description, Region.ofSize(8L << 30), steps, null);
    }

    /**
     * The reviews' DLIO checkpointing (LLaMA 3.1 405B, TP 4 × PP 2 on 8 GPUs, torch.save()): 8 ranks write their
     * shards in 1 MiB buffered writes then fsync; 12 checkpoints per pass, 3 passes; checkpoints of the reviews'
     * 1,636 GB scaled to the target by the share it had of the reviewed 7.68 TB drive (21.3 %).
     */
    static TestPlan dlioCheckpoint() {
        String description = "DLIO checkpointing as the reviews ran it (Kingston DC3000ME and Solidigm PS1030 "
                + "reviews; LLaMA 3.1 405B, 8 GPUs with tensor parallel 4 x pipeline parallel 2, torch.save()). "
                + "8 ranks each write their shard of a checkpoint in 1 MiB buffered writes, then fsync; a "
                + "checkpoint's time runs from the ranks' start to the last fsync. The reviews' checkpoint is "
                + "1,636 GB on a 7.68 TB drive; DriveLab scales it to the target by that share, 21.3 % of the "
                + "device (or of --size), so that the same number of checkpoints fit and the oldest goes when the "
                + "next would not fit (a checkpoint overwrites the oldest's slot on a device or file; in a folder "
                + "the oldest checkpoint's files are deleted). 12 checkpoints per pass, 3 passes (the reviews' 36 "
                + "checkpoints). Results: seconds per checkpoint and per-pass averages as the reviews give them, "
                + "and GB/s, which is what compares with the reviewed drives when the checkpoint size differs "
                + "(seconds only compare at 1,636 GB).";
        return new TestPlan(DLIO_CHECKPOINT, description, Region.WHOLE,
                List.of(CheckpointStep.reviews("DLIO checkpoint")), null);
    }

    /**
     * The reviews' GDSIO sweep in gdsio's CPU transfer mode: sequential write then read, 16K, 128K and 1M, over
     * 1–128 threads, each thread one synchronous I/O in flight on its own slice of the region.
     */
    static TestPlan gdsioSweep() {
        Matrix m = Matrix.of(List.of(1), GDSIO_THREADS, 30, 5, 0).withOuter(Matrix.Outer.NUMJOBS);
        List<Step> steps = new ArrayList<>();
        for (long bs : GDSIO_BLOCK_SIZES) {
            String size = Units.formatSize(bs).toUpperCase(Locale.ROOT);
            steps.add(new WorkloadStep(Workload.of(size + " sequential write (GDSIO)", Rw.WRITE, bs), m,
                    WorkloadKind.GDSIO_SWEEP));
            steps.add(new WorkloadStep(Workload.of(size + " sequential read (GDSIO)", Rw.READ, bs), m,
                    WorkloadKind.GDSIO_SWEEP));
        }
        String description = "NVIDIA GDSIO as the reviews ran it, in gdsio's CPU transfer mode (storage to host "
                + "memory): sequential write and read with 16K, 128K and 1M blocks over 1, 2, 4, 8, 16, 32, 64 "
                + "and 128 threads (48 points), each thread with one synchronous I/O in flight (IODepth 1) on its "
                + "own slice of the region, direct I/O. Reported in GiB/s, IOPS and mean latency in µs, as the "
                + "reviews chart them. Each point runs 30 s after a 5 s ramp (the reviews do not give the length; "
                + "DriveLab's choice); writes come before reads of the same block size so that reads read written "
                + "data. GPU-direct mode (cuFile, data straight into GPU memory) is not implemented yet: these "
                + "figures are the CPU path, which the reviews' GPU-direct curves can be set against but are not "
                + "the same measurement.";
        return new TestPlan(GDSIO_SWEEP, description, Region.WHOLE, steps, null);
    }

    /** A short sanity sweep: 128K sequential and 4K random, read and write, IODepth 1/32 x NumJobs 1/2. */
    static TestPlan quick() {
        Matrix m = Matrix.of(List.of(1, 32), List.of(1, 2), 5, 1, 0);
        List<Step> steps = List.of(
                new WorkloadStep(Workload.of("128K sequential write", Rw.WRITE, 128 * K), m),
                new WorkloadStep(Workload.of("128K sequential read", Rw.READ, 128 * K), m),
                new WorkloadStep(Workload.of("4K random read", Rw.RANDREAD, 4 * K), m),
                new WorkloadStep(Workload.of("4K random write", Rw.RANDWRITE, 4 * K), m));
        String description = "A quick sanity sweep on the first 1 GiB: 128K sequential write and read, 4K random "
                + "read and write, each at IODepth 1 and 32 x NumJobs 1 and 2 (16 points), 5 s per point after "
                + "a 1 s ramp, no idle. Not a benchmark: it checks that the target, the engine and the results "
                + "work.";
        return new TestPlan(QUICK, description, Region.ofSize(1L << 30), steps, null);
    }
}
