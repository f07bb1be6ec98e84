package io.drivelab.workload;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The IODepth × NumJobs sweep a workload is measured over, and how long each point runs.
 *
 * @param iodepths I/Os in flight per job, in the order measured; no value twice
 * @param numjobs  jobs, in the order measured; no value twice
 * @param runtime  measured seconds per point (per pass)
 * @param ramp     seconds before each measurement whose I/O is not counted
 * @param idle     seconds the drive rests after each point (the CDN suite's 180 s lets it recover)
 * @param passes   how often each point is run (CrystalDiskMark: 5); the runner keeps one result per {@code keep}
 * @param keep     which of the passes' results is the point's result
 * @param outer    which list is the outer loop: IODEPTH gives 1/1, 1/2, 1/4 … 2/1 …; NUMJOBS gives 1/1, 2/1, 4/1 …
 */
public record Matrix(List<Integer> iodepths, List<Integer> numjobs, int runtime, int ramp, int idle, int passes,
                     Keep keep, Outer outer) {

    /** Which pass of a repeated point counts. */
    public enum Keep {
        /** The pass with the highest throughput (CrystalDiskMark's rule). */
        BEST,
        /** The mean of the passes' figures. */
        MEAN;

        @JsonValue
        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static Keep of(String value) {
            for (Keep k : values()) {
                if (k.value().equals(value)) {
                    return k;
                }
            }
            throw PlanException.of("keep", "\"" + value + "\" is not one of best, mean");
        }
    }

    /** The outer loop of the sweep. */
    public enum Outer {
        IODEPTH, NUMJOBS;

        @JsonValue
        public String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        @JsonCreator
        public static Outer of(String value) {
            for (Outer o : values()) {
                if (o.value().equals(value)) {
                    return o;
                }
            }
            throw PlanException.of("outer", "\"" + value + "\" is not one of iodepth, numjobs");
        }
    }

    /** One cell of the sweep. */
    public record Cell(int iodepth, int numjobs) {
        // Written out: a record's own equals and hashCode go through method handles, run by the interpreter at a
        // window's start, where the plan panel compares every cell of the grid for each workload (30 ms of it).
        @Override
        public boolean equals(Object other) {
            return other instanceof Cell cell && cell.iodepth == iodepth && cell.numjobs == numjobs;
        }

        @Override
        public int hashCode() {
            return 31 * iodepth + numjobs;
        }
    }

    public Matrix {
        iodepths = List.copyOf(iodepths);
        numjobs = List.copyOf(numjobs);
        Objects.requireNonNull(keep, "keep");
        Objects.requireNonNull(outer, "outer");
        Checks.require("iodepths", listProblem(iodepths));
        Checks.require("numjobs", listProblem(numjobs));
        for (int i = 0; i < iodepths.size(); i++) {
            Checks.require("iodepths[" + i + "]", iodepths.get(i), Checks.iodepth(iodepths.get(i)));
        }
        for (int i = 0; i < numjobs.size(); i++) {
            Checks.require("numjobs[" + i + "]", numjobs.get(i), Checks.numjobs(numjobs.get(i)));
        }
        Checks.require("runtime", runtime, Checks.runtime(runtime));
        Checks.require("ramp", ramp, Checks.pause(ramp));
        Checks.require("idle", idle, Checks.pause(idle));
        Checks.require("passes", passes, Checks.passes(passes));
        Checks.require("", Checks.points((long) iodepths.size() * numjobs.size()));
        Checks.require("", Checks.inFlight(java.util.Collections.max(iodepths), java.util.Collections.max(numjobs)));
    }

    /** One pass per point, the best kept (irrelevant with one pass), IODepth as the outer loop. */
    public static Matrix of(List<Integer> iodepths, List<Integer> numjobs, int runtime, int ramp, int idle) {
        return new Matrix(iodepths, numjobs, runtime, ramp, idle, 1, Keep.BEST, Outer.IODEPTH);
    }

    /** A single point: IODepth {@code qd}, {@code jobs} jobs. */
    public static Matrix single(int qd, int jobs, int runtime, int ramp, int idle) {
        return of(List.of(qd), List.of(jobs), runtime, ramp, idle);
    }

    static String listProblem(List<Integer> values) {
        if (values.isEmpty()) {
            return "is empty; give at least one value";
        }
        if (new HashSet<>(values).size() != values.size()) {
            return values + " lists a value twice";
        }
        return null;
    }

    /** The cells in the order they are measured. */
    @JsonIgnore
    public List<Cell> cells() {
        List<Cell> cells = new ArrayList<>();
        if (outer == Outer.IODEPTH) {
            for (int qd : iodepths) {
                for (int j : numjobs) {
                    cells.add(new Cell(qd, j));
                }
            }
        } else {
            for (int j : numjobs) {
                for (int qd : iodepths) {
                    cells.add(new Cell(qd, j));
                }
            }
        }
        return cells;
    }

    /** Number of points: |iodepths| × |numjobs|. */
    @JsonIgnore
    public int size() {
        return iodepths.size() * numjobs.size();
    }

    public Matrix withPasses(int newPasses, Keep newKeep) {
        return new Matrix(iodepths, numjobs, runtime, ramp, idle, newPasses, newKeep, outer);
    }

    public Matrix withOuter(Outer newOuter) {
        return new Matrix(iodepths, numjobs, runtime, ramp, idle, passes, keep, newOuter);
    }

    /** Other times; a null keeps this matrix's value. */
    public Matrix withTimes(Integer newRuntime, Integer newRamp, Integer newIdle) {
        return new Matrix(iodepths, numjobs,
                newRuntime != null ? newRuntime : runtime,
                newRamp != null ? newRamp : ramp,
                newIdle != null ? newIdle : idle,
                passes, keep, outer);
    }
}
