package io.drivelab.workload;

/**
 * The rules for single values, shared by the JSON reader (which collects every problem with its path) and the
 * records' constructors (which refuse the first). Each returns null when the value is fine, else the predicate of
 * the message ("is not a multiple of 512"), for the caller to put the value and the path in front.
 *
 * <p>The limits are the engine's (docs/engine.md and its option parser), so a plan that validates also starts.
 */
final class Checks {
    /** Direct I/O needs every size and offset aligned to the logical block size; 512 is the smallest there is. */
    static final long SECTOR = 512;
    static final long MAX_BS = 1L << 30;
    /** io_uring's largest ring (IORING_MAX_ENTRIES): a deeper queue never starts. */
    static final int MAX_IODEPTH = 32768;
    static final int MAX_RATE_IOPS = 100_000_000;
    /** I/Os in flight over all jobs of one point: more only sets up buffers for seconds and cannot stop. */
    static final long MAX_IN_FLIGHT = 65536;
    /** Points (engine runs) in one plan: a plan is shown and estimated whole, so it must stay small. */
    static final long MAX_POINTS = 10_000;
    static final int MAX_PASSES = 1000;
    static final int MAX_ROUNDS = 10_000;
    static final int MAX_NUMJOBS = 1024;
    static final int MAX_LOOPS = 1_000_000;
    /** The engine refuses more than 1 GiB of buffers per job (iodepth × largest block). */
    static final long MAX_BUFFERS = 1L << 30;

    private Checks() {
    }

    static String blockSize(long bs) {
        if (bs <= 0) {
            return "is not a block size above 0";
        }
        if (bs > MAX_BS) {
            return "is larger than 1g, the engine's largest block size";
        }
        if (bs % SECTOR != 0) {
            return "is not a multiple of " + SECTOR;
        }
        return null;
    }

    static String regionSize(long size) {
        if (size <= 0) {
            return "is not a size above 0";
        }
        if (size % SECTOR != 0) {
            return "is not a multiple of " + SECTOR;
        }
        return null;
    }

    static String offset(long offset) {
        if (offset < 0) {
            return "is negative";
        }
        if (offset % SECTOR != 0) {
            return "is not a multiple of " + SECTOR;
        }
        return null;
    }

    static String iodepth(long n) {
        return range(n, 1, MAX_IODEPTH);
    }

    /** The I/Os in flight of {@code numjobs} jobs at {@code iodepth} each. */
    static String inFlight(long iodepth, long numjobs) {
        long all = iodepth * numjobs;
        return all > MAX_IN_FLIGHT ? "QD" + iodepth + " x " + numjobs + " jobs is " + all
                + " I/Os in flight; the engine runs at most " + MAX_IN_FLIGHT + " I/Os in flight over all jobs"
                : null;
    }

    /** A plan's point count, counted before any point is made. */
    static String points(long points) {
        return points > MAX_POINTS ? "makes " + points + " points; a plan has at most " + MAX_POINTS
                + " points (split it into several plans)" : null;
    }

    static String passes(long n) {
        return range(n, 1, MAX_PASSES);
    }

    static String rounds(long n) {
        return range(n, 1, MAX_ROUNDS);
    }

    static String numjobs(long n) {
        return range(n, 1, MAX_NUMJOBS);
    }

    static String loops(long n) {
        return range(n, 1, MAX_LOOPS);
    }

    /** A sustained rate per job: as many I/Os a second as the engine can space (10 ns apart). */
    static String rateIops(long n) {
        return range(n, 1, MAX_RATE_IOPS);
    }

    static String percent(long n) {
        return range(n, 0, 100);
    }

    /** One offered rate of latency under load, as % of the measured peak. */
    static String loadPercent(long n) {
        return range(n, 1, 100);
    }

    /** A latency-under-load step's offered rates: at least one, each 1 to 100 % of the peak, rising. */
    static String loads(java.util.List<Integer> loads) {
        if (loads.isEmpty()) {
            return "is empty; give the offered rates as % of the peak, e.g. [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]";
        }
        for (int i = 0; i < loads.size(); i++) {
            String p = loadPercent(loads.get(i));
            if (p != null) {
                return loads + ": " + loads.get(i) + " " + p;
            }
            if (i > 0 && loads.get(i) <= loads.get(i - 1)) {
                return loads + " does not rise: give the offered rates from the lowest to the highest";
            }
        }
        return null;
    }

    /** Runtimes and round lengths: at least a second. */
    static String runtime(long s) {
        if (s < 0) {
            return "is negative";
        }
        return s == 0 ? "is not a duration above 0" : null;
    }

    /** Ramp and idle times: zero is fine. */
    static String pause(long s) {
        return s < 0 ? "is negative" : null;
    }

    /** Checkpoints per pass, and passes, as the engine takes them. */
    static String checkpoints(long n) {
        return range(n, 1, 100_000);
    }

    static String checkpointPasses(long n) {
        return range(n, 1, 1000);
    }

    static String positive(long n) {
        return n < 1 ? "is not a number from 1 up" : null;
    }

    static String buffers(int iodepth, long maxBs) {
        if ((long) iodepth * maxBs > MAX_BUFFERS) {
            return "needs " + ((long) iodepth * maxBs >> 20) + " MiB of buffers per job with "
                    + Units.formatSize(maxBs) + " blocks; the engine's limit is 1024 MiB";
        }
        return null;
    }

    private static String range(long n, long min, long max) {
        return n < min || n > max ? "is not a number from " + min + " to " + max : null;
    }

    /** Throws the first problem, for constructors. */
    static void require(String path, Object value, String problem) {
        if (problem != null) {
            throw PlanException.of(path, value + " " + problem);
        }
    }

    static void require(String path, String problem) {
        if (problem != null) {
            throw PlanException.of(path, problem);
        }
    }
}
