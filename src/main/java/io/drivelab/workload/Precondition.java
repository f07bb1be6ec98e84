package io.drivelab.workload;

/**
 * Writing that brings the drive into a known state before measuring, not measured itself (its results are kept
 * for the record). Three kinds, as the reviews use them:
 * <ul>
 *   <li>{@link Fill}: sequential write over the whole region, N times (the FIO suite's "two full fills");</li>
 *   <li>{@link Saturate}: random write for a fixed time (the CDN suite's 3 h with its write mix);</li>
 *   <li>{@link UntilSteady}: random write in rounds until the SNIA PTS steady-state rule holds, or a round limit.</li>
 * </ul>
 * Each writes either one block size ({@code bs}) or a mix ({@code mix}); exactly one of them is given.
 */
public sealed interface Precondition extends Step permits Precondition.Fill, Precondition.Saturate,
        Precondition.UntilSteady {

    /** The user's name, shown in progress and logs. */
    String name();

    Long bs();

    BlockSizeMix mix();

    int iodepth();

    int numjobs();

    /** "fill", "saturate" or "steady-state": the JSON {@code type}, and part of the point key. */
    String type();

    /** What it writes, as a workload (sequential write for a fill, random write otherwise). */
    Workload workload();

    /**
     * Sequential write over the region.
     *
     * @param loops  passes over the region (the engine's {@code --loops})
     * @param ioSize bytes each job writes instead of whole passes ({@code --io_size}), or null; then loops is 1
     */
    record Fill(String name, Long bs, BlockSizeMix mix, int iodepth, int numjobs, int loops, Long ioSize)
            implements Precondition {
        public Fill {
            name = nameOr(name, "fill");
            check(bs, mix, iodepth, numjobs);
            Checks.require("loops", loops, Checks.loops(loops));
            if (ioSize != null) {
                Checks.require("ioSize", ioSize, Checks.regionSize(ioSize));
                if (loops != 1) {
                    throw PlanException.of("loops", loops + " cannot be combined with ioSize; give one of them");
                }
                Checks.require("ioSize", ioSize, wholeBlocks(ioSize, bs, mix));
                try {
                    Math.multiplyExact(ioSize, numjobs);
                } catch (ArithmeticException e) {
                    throw PlanException.of("ioSize", Units.formatSize(ioSize) + " x " + numjobs
                            + " jobs is too large a size to write");
                }
            }
        }

        /** {@code loops} sequential passes with one block size. */
        public static Fill of(String name, long bs, int iodepth, int numjobs, int loops) {
            return new Fill(name, bs, null, iodepth, numjobs, loops, null);
        }

        @Override
        public String type() {
            return "fill";
        }

        @Override
        public Workload workload() {
            return new Workload(name, Rw.WRITE, bs, mix, null);
        }
    }

    /**
     * Random write for a fixed time.
     *
     * @param runtime seconds
     */
    record Saturate(String name, Long bs, BlockSizeMix mix, int iodepth, int numjobs, int runtime)
            implements Precondition {
        public Saturate {
            name = nameOr(name, "saturate");
            check(bs, mix, iodepth, numjobs);
            Checks.require("runtime", runtime, Checks.runtime(runtime));
        }

        @Override
        public String type() {
            return "saturate";
        }

        @Override
        public Workload workload() {
            return new Workload(name, Rw.RANDWRITE, bs, mix, null);
        }
    }

    /**
     * Random write in rounds of {@code roundRuntime} seconds until the last five rounds are steady
     * ({@link io.drivelab.run.SteadyStateDetector}), at most {@code maxRounds} rounds.
     */
    record UntilSteady(String name, Long bs, BlockSizeMix mix, int iodepth, int numjobs, int maxRounds,
                       int roundRuntime) implements Precondition {
        public UntilSteady {
            name = nameOr(name, "steady-state");
            check(bs, mix, iodepth, numjobs);
            Checks.require("maxRounds", maxRounds, Checks.rounds(maxRounds));
            Checks.require("roundRuntime", roundRuntime, Checks.runtime(roundRuntime));
        }

        @Override
        public String type() {
            return "steady-state";
        }

        @Override
        public Workload workload() {
            return new Workload(name, Rw.RANDWRITE, bs, mix, null);
        }
    }

    /** A job that writes part of a block never ends: ioSize is whole blocks. */
    private static String wholeBlocks(long ioSize, Long bs, BlockSizeMix mix) {
        long block = bs != null ? bs : mix.maxBs();
        String what = bs != null ? "bs " : "the mix's largest block size ";
        if (ioSize < block) {
            return "is smaller than " + what + Units.formatSize(block) + "; give at least one block";
        }
        if (bs != null && ioSize % bs != 0) {
            return "is not a multiple of bs " + Units.formatSize(bs) + "; give whole blocks, e.g. "
                    + Units.formatSize((ioSize / bs + 1) * bs);
        }
        return null;
    }

    private static String nameOr(String name, String fallback) {
        return name == null || name.isBlank() ? fallback : name;
    }

    private static void check(Long bs, BlockSizeMix mix, int iodepth, int numjobs) {
        Checks.require("bs", Workload.problemWithTransfer(bs, mix));
        if (bs != null) {
            Checks.require("bs", bs, Checks.blockSize(bs));
        }
        Checks.require("iodepth", iodepth, Checks.iodepth(iodepth));
        Checks.require("numjobs", numjobs, Checks.numjobs(numjobs));
        Checks.require("iodepth", iodepth, Checks.buffers(iodepth, bs != null ? bs : mix.maxBs()));
        Checks.require("", Checks.inFlight(iodepth, numjobs));
    }

    /** The JSON type names, for messages. */
    static String types() {
        return "one of fill, saturate, steady-state";
    }
}
