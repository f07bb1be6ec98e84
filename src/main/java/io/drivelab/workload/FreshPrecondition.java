package io.drivelab.workload;

import java.util.Objects;

/**
 * How a plan preconditions afresh when the transfer size changes (the storagereview-fio methodology: "each time
 * the measured workload type changes, another precondition fill with the new transfer size").
 *
 * <p>Before a workload step whose block size (or mix) differs from the previous workload step's, or whose access
 * switches between sequential and random, and before the first workload step, the plan inserts: for a sequential
 * workload a {@link Precondition.Fill} with the workload's transfer size, for a random one a random write with it,
 * for a fixed time or until steady state.
 *
 * @param sequential the fill before sequential workloads
 * @param random     the random write before random workloads
 */
public record FreshPrecondition(Sequential sequential, Random random) {

    /**
     * The seeds' 128K sequential precondition: IODepth 256, 1 job, one pass. The random one: IODepth 32, 4 jobs
     * until steady state (SNIA PTS: five steady rounds), rounds of 60 s, at most 25 rounds. The reviews do not give
     * their random precondition; SNIA's rule at least says when the drive has settled.
     */
    public static final FreshPrecondition DEFAULT = new FreshPrecondition(
            new Sequential(256, 1, 1), new Random(32, 4, null, 25, 60));

    /** The fill before sequential workloads. */
    public record Sequential(int iodepth, int numjobs, int loops) {
        public Sequential {
            Checks.require("iodepth", iodepth, Checks.iodepth(iodepth));
            Checks.require("numjobs", numjobs, Checks.numjobs(numjobs));
            Checks.require("loops", loops, Checks.loops(loops));
            Checks.require("", Checks.inFlight(iodepth, numjobs));
        }
    }

    /**
     * The random write before random workloads: for {@code runtime} seconds, or else until steady state in rounds
     * of {@code roundRuntime} seconds, at most {@code maxRounds}.
     */
    public record Random(int iodepth, int numjobs, Integer runtime, Integer maxRounds, Integer roundRuntime) {
        public Random {
            Checks.require("iodepth", iodepth, Checks.iodepth(iodepth));
            Checks.require("numjobs", numjobs, Checks.numjobs(numjobs));
            Checks.require("runtime", problemWithTiming(runtime, maxRounds, roundRuntime));
            Checks.require("", Checks.inFlight(iodepth, numjobs));
            if (runtime != null) {
                Checks.require("runtime", runtime, Checks.runtime(runtime));
            } else {
                Checks.require("maxRounds", maxRounds, Checks.rounds(maxRounds));
                Checks.require("roundRuntime", roundRuntime, Checks.runtime(roundRuntime));
            }
        }

        static String problemWithTiming(Integer runtime, Integer maxRounds, Integer roundRuntime) {
            boolean steady = maxRounds != null || roundRuntime != null;
            if (runtime != null && steady) {
                return "give runtime (a fixed time) or maxRounds and roundRuntime (until steady), not both";
            }
            if (runtime == null && (maxRounds == null || roundRuntime == null)) {
                return "missing: give runtime (a fixed time) or both maxRounds and roundRuntime (until steady)";
            }
            return null;
        }
    }

    public FreshPrecondition {
        Objects.requireNonNull(sequential, "sequential");
        Objects.requireNonNull(random, "random");
    }

    /** The precondition that goes before {@code w} when the transfer size changes to w's. */
    public Precondition before(Workload w) {
        if (w.rw().isSequential()) {
            return new Precondition.Fill("fresh fill " + w.transferLabel(), w.bs(), w.mix(),
                    sequential.iodepth(), sequential.numjobs(), sequential.loops(), null);
        }
        String name = "fresh random write " + w.transferLabel();
        if (random.runtime() != null) {
            return new Precondition.Saturate(name, w.bs(), w.mix(), random.iodepth(), random.numjobs(),
                    random.runtime());
        }
        return new Precondition.UntilSteady(name, w.bs(), w.mix(), random.iodepth(), random.numjobs(),
                random.maxRounds(), random.roundRuntime());
    }
}
