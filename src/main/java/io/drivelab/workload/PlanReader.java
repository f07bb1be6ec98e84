package io.drivelab.workload;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads one plan from its JSON tree, collecting every problem (not just the first), each with its path and value.
 * Rules about one value come from {@link Checks}; rules across fields come from the records' constructors, whose
 * problem is reported at the record's path.
 */
final class PlanReader {
    private final PlanProblems problems = new PlanProblems();

    private PlanReader() {
    }

    /** The plan in {@code root}, or a PlanException listing every problem, attributed to {@code source}. */
    static TestPlan read(JsonNode root, String source) {
        PlanReader r = new PlanReader();
        TestPlan plan = r.plan(root);
        if (!r.problems.isEmpty() || plan == null) {
            throw new PlanException(source, r.problems.isEmpty()
                    ? List.of(new PlanException.Problem("", "is not a plan")) : r.problems.list());
        }
        return plan;
    }

    TestPlan plan(JsonNode root) {
        if (root == null || root.isMissingNode()) {
            problems.add("", "is empty; a plan is a JSON object with a name and steps");
            return null;
        }
        PlanFields o = problems.object(root, "", "plan", "name", "description", "target", "freshPreconditionOnBsChange",
                "freshPrecondition", "steps");
        if (o == null) {
            return null;
        }
        int before = problems.count();
        String name = o.text("name", "a plan needs a name");
        String description = o.text("description", null);
        Region target = o.has("target") ? region(o.node.get("target"), o.child("target")) : Region.WHOLE;
        Boolean fresh = o.bool("freshPreconditionOnBsChange");
        FreshPrecondition fp = null;
        if (o.has("freshPrecondition")) {
            fp = fresh(o.node.get("freshPrecondition"), o.child("freshPrecondition"));
            if (!Boolean.TRUE.equals(fresh)) {
                problems.add(o.child("freshPrecondition"),
                        "is given but freshPreconditionOnBsChange is not true, so it would not be used");
            }
        } else if (Boolean.TRUE.equals(fresh)) {
            fp = FreshPrecondition.DEFAULT;
        }
        List<Step> steps = steps(o);
        if (problems.count() > before || steps == null) {
            return null;
        }
        FreshPrecondition freshPrecondition = fp;
        List<Step> kinded = olderKinds(name, steps, o);
        return problems.construct("", () -> new TestPlan(name, description, target, kinded, freshPrecondition));
    }

    /**
     * Plan files from before steps said their kind: a workload step of the gdsio-sweep preset (or named GDSIO) that
     * gdsio could run is a GDSIO sweep, as the live view and the reports used to guess; decided here, once.
     */
    private static List<Step> olderKinds(String planName, List<Step> steps, PlanFields plan) {
        List<Step> kinded = new ArrayList<>();
        JsonNode nodes = plan.node.get("steps");
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            boolean said = nodes.get(i).has("kind");
            if (s instanceof WorkloadStep ws && !said) {
                boolean gdsio = Presets.GDSIO_SWEEP.equals(planName)
                        || ws.workload().name().toUpperCase(java.util.Locale.ROOT).contains("GDSIO");
                boolean runnable = WorkloadStep.problemWithKind(WorkloadKind.GDSIO_SWEEP, ws.workload()) == null;
                WorkloadKind kind = gdsio && runnable ? WorkloadKind.GDSIO_SWEEP : WorkloadKind.MATRIX;
                s = new WorkloadStep(ws.workload(), ws.matrix(), kind, ws.loads());
            }
            kinded.add(s);
        }
        return kinded;
    }

    List<Step> steps(PlanFields plan) {
        String path = plan.child("steps");
        JsonNode node = plan.node.get("steps");
        if (node == null || node.isNull()) {
            problems.add(path, "missing: a plan needs steps, e.g. [{\"workload\": {...}, \"matrix\": {...}}]");
            return null;
        }
        if (!node.isArray()) {
            problems.add(path, node + " is not a list of steps");
            return null;
        }
        if (node.isEmpty()) {
            problems.add(path, "is empty; a plan needs at least one step");
            return null;
        }
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            steps.add(step(node.get(i), path + "[" + i + "]"));
        }
        return steps.contains(null) ? null : steps;
    }

    Step step(JsonNode node, String path) {
        PlanFields o = problems.object(node, path, "step", "kind", "precondition", "workload", "matrix",
                "checkpoint", "loads");
        if (o == null) {
            return null;
        }
        if (o.has("checkpoint")) {
            if (o.has("precondition") || o.has("workload") || o.has("matrix") || o.has("kind")) {
                problems.add(path, "a checkpoint step is {\"checkpoint\": ...} alone");
                return null;
            }
            return checkpoint(node.get("checkpoint"), o.child("checkpoint"));
        }
        if (o.has("precondition")) {
            if (o.has("workload") || o.has("matrix") || o.has("kind")) {
                problems.add(path, "a step is either {\"precondition\": ...} or {\"workload\": ..., \"matrix\": ...},"
                        + " not both");
                return null;
            }
            return precondition(node.get("precondition"), o.child("precondition"));
        }
        if (!o.has("workload")) {
            problems.add(path, "missing: a step needs \"precondition\", \"checkpoint\", or \"workload\" and "
                    + "\"matrix\"");
            return null;
        }
        WorkloadKind kind = kind(o);
        Workload w = workload(node.get("workload"), o.child("workload"));
        Matrix m = null;
        if (o.has("matrix")) {
            m = matrix(node.get("matrix"), o.child("matrix"));
        } else {
            problems.add(o.child("matrix"), "missing: a workload step needs a matrix (iodepths, numjobs, runtime)");
        }
        List<Integer> loads = o.has("loads") ? o.intList("loads", Checks::loadPercent) : List.of();
        if (w == null || m == null || loads == null) {
            return null;
        }
        Matrix matrix = m;
        return problems.construct(path, () -> new WorkloadStep(w, matrix, kind, loads));
    }

    /** The step's kind; null (derived from the plan later) when an older plan file does not say. */
    private WorkloadKind kind(PlanFields o) {
        String value = o.text("kind", null);
        if (value == null) {
            return null;
        }
        return WorkloadKind.find(value).orElseGet(() -> {
            problems.add(o.child("kind"), "\"" + value + "\" is not one of " + WorkloadKind.choices());
            return null;
        });
    }

    Workload workload(JsonNode node, String path) {
        PlanFields o = problems.object(node, path, "workload", "name", "rw", "bs", "bssplit", "rwmixread",
                "rateIops");
        if (o == null) {
            return null;
        }
        int before = problems.count();
        String name = o.text("name", null);
        Rw rw = rw(o);
        Long bs = o.size("bs", null, Checks::blockSize);
        BlockSizeMix mix = o.mix("bssplit");
        transfer(o);
        Integer rwmixread = o.integer("rwmixread", null, Checks::percent);
        if (rwmixread != null && rw != null && Workload.problemWithRwmixread(rw) != null) {
            problems.add(o.child("rwmixread"), Workload.problemWithRwmixread(rw));
        }
        Integer rateIops = o.integer("rateIops", null, Checks::rateIops);
        if (problems.count() > before) {
            return null;
        }
        return problems.construct(path, () -> new Workload(name, rw, bs, mix, rwmixread, rateIops));
    }

    Rw rw(PlanFields o) {
        String value = o.text("rw", "a workload needs rw (" + Rw.choices() + ")");
        if (value == null) {
            return null;
        }
        return Rw.find(value).orElseGet(() -> {
            problems.add(o.child("rw"), "\"" + value + "\" is not " + Rw.choices());
            return null;
        });
    }

    /** Exactly one of bs and bssplit. */
    void transfer(PlanFields o) {
        if (o.has("bs") && o.has("bssplit")) {
            problems.add(o.child("bs"), "give bs or bssplit, not both");
        } else if (!o.has("bs") && !o.has("bssplit")) {
            problems.add(o.child("bs"), Workload.problemWithTransfer(null, null));
        }
    }

    Matrix matrix(JsonNode node, String path) {
        PlanFields o = problems.object(node, path, "matrix", "iodepths", "numjobs", "runtime", "ramp", "idle",
                "passes", "keep", "outer");
        if (o == null) {
            return null;
        }
        int before = problems.count();
        List<Integer> iodepths = o.intList("iodepths", Checks::iodepth);
        List<Integer> numjobs = o.intList("numjobs", Checks::numjobs);
        Integer runtime = o.seconds("runtime", "a matrix needs runtime, the measured seconds per point",
                Checks::runtime);
        Integer ramp = o.seconds("ramp", null, Checks::pause);
        Integer idle = o.seconds("idle", null, Checks::pause);
        Integer passes = o.integer("passes", null, Checks::passes);
        Matrix.Keep keep = o.choice("keep", Matrix.Keep.class);
        Matrix.Outer outer = o.choice("outer", Matrix.Outer.class);
        if (problems.count() > before) {
            return null;
        }
        return problems.construct(path, () -> new Matrix(iodepths, numjobs, runtime,
                ramp == null ? 0 : ramp, idle == null ? 0 : idle, passes == null ? 1 : passes,
                keep == null ? Matrix.Keep.BEST : keep, outer == null ? Matrix.Outer.IODEPTH : outer));
    }

    Precondition precondition(JsonNode node, String path) {
        if (node == null || !node.isObject()) {
            problems.object(node, path, "precondition");
            return null;
        }
        JsonNode typeNode = node.get("type");
        String type = typeNode != null && typeNode.isTextual() ? typeNode.asText() : null;
        String[] common = {"type", "name", "bs", "bssplit", "iodepth", "numjobs"};
        String[] own = switch (type == null ? "" : type) {
            case "fill" -> new String[]{"loops", "ioSize"};
            case "saturate" -> new String[]{"runtime"};
            case "steady-state" -> new String[]{"maxRounds", "roundRuntime"};
            default -> null;
        };
        if (own == null) {
            String where = path.isEmpty() ? "type" : path + ".type";
            if (typeNode == null || typeNode.isNull()) {
                problems.add(where, "missing: a precondition needs a type (" + Precondition.types() + ")");
            } else {
                problems.add(where, typeNode + " is not " + Precondition.types());
            }
            return null;
        }
        String[] known = Arrays.copyOf(common, common.length + own.length);
        System.arraycopy(own, 0, known, common.length, own.length);
        PlanFields o = problems.object(node, path, type + " precondition", known);
        int before = problems.count();
        String name = o.text("name", null);
        Long bs = o.size("bs", null, Checks::blockSize);
        BlockSizeMix mix = o.mix("bssplit");
        transfer(o);
        Integer iodepth = o.integer("iodepth", null, Checks::iodepth);
        Integer numjobs = o.integer("numjobs", null, Checks::numjobs);
        int qd = iodepth == null ? 1 : iodepth;
        int jobs = numjobs == null ? 1 : numjobs;
        switch (type) {
            case "fill" -> {
                Integer loops = o.integer("loops", null, Checks::loops);
                Long ioSize = o.size("ioSize", null, Checks::regionSize);
                if (problems.count() > before) {
                    return null;
                }
                return problems.construct(path, () -> new Precondition.Fill(name, bs, mix, qd, jobs,
                        loops == null ? 1 : loops, ioSize));
            }
            case "saturate" -> {
                Integer runtime = o.seconds("runtime", "a saturate precondition needs runtime, in seconds",
                        Checks::runtime);
                if (problems.count() > before) {
                    return null;
                }
                return problems.construct(path, () -> new Precondition.Saturate(name, bs, mix, qd, jobs, runtime));
            }
            default -> {
                Integer maxRounds = o.integer("maxRounds", "a steady-state precondition needs maxRounds",
                        Checks::positive);
                Integer round = o.seconds("roundRuntime",
                        "a steady-state precondition needs roundRuntime, the seconds of one round",
                        Checks::runtime);
                if (problems.count() > before) {
                    return null;
                }
                return problems.construct(path, () -> new Precondition.UntilSteady(name, bs, mix, qd, jobs, maxRounds,
                        round));
            }
        }
    }

    /** A checkpoint step; without size or share, the reviews' 1,636 GB scaled to the target. */
    CheckpointStep checkpoint(JsonNode node, String path) {
        PlanFields o = problems.object(node, path, "checkpoint", "name", "size", "share", "ranks", "checkpoints",
                "passes", "bs", "direct");
        if (o == null) {
            return null;
        }
        int before = problems.count();
        String name = o.text("name", null);
        Long size = o.size("size", null, Checks::regionSize);
        Double share = null;
        if (o.has("share")) {
            JsonNode v = node.get("share");
            if (!v.isNumber() || Checkpoint.shareProblem(v.asDouble()) != null) {
                problems.add(o.child("share"), v + " is not a percentage above 0 and up to 100");
            } else {
                share = v.asDouble();
            }
        }
        if (o.has("size") && o.has("share")) {
            problems.add(o.child("size"), Checkpoint.problemWithSize(1L, 1.0));
        }
        Integer ranks = o.integer("ranks", null, Checks::numjobs);
        Integer perPass = o.integer("checkpoints", null, Checks::checkpoints);
        Integer passes = o.integer("passes", null, Checks::checkpointPasses);
        Long bs = o.size("bs", null, Checks::blockSize);
        Boolean direct = o.bool("direct");
        if (problems.count() > before) {
            return null;
        }
        Double sharePercent = size == null && share == null ? Double.valueOf(Checkpoint.REVIEWS_SHARE_PERCENT)
                : share;
        return problems.construct(path, () -> new CheckpointStep(name, new Checkpoint(size, sharePercent,
                perPass == null ? Checkpoint.REVIEWS_PER_PASS : perPass,
                passes == null ? Checkpoint.REVIEWS_PASSES : passes, Boolean.TRUE.equals(direct)),
                ranks == null ? Checkpoint.REVIEWS_RANKS : ranks, bs == null ? CheckpointStep.DEFAULT_BS : bs));
    }

    Region region(JsonNode node, String path) {
        PlanFields o = problems.object(node, path, "target", "size", "offset");
        if (o == null) {
            return null;
        }
        int before = problems.count();
        Long size = o.size("size", null, Checks::regionSize);
        Long offset = o.size("offset", null, Checks::offset);
        return problems.count() > before ? null : problems.construct(path, () -> new Region(size, offset));
    }

    FreshPrecondition fresh(JsonNode node, String path) {
        PlanFields o = problems.object(node, path, "freshPrecondition", "sequential", "random");
        if (o == null) {
            return null;
        }
        int before = problems.count();
        FreshPrecondition.Sequential seq = FreshPrecondition.DEFAULT.sequential();
        if (o.has("sequential")) {
            PlanFields s = problems.object(node.get("sequential"), o.child("sequential"), "sequential precondition",
                    "iodepth", "numjobs", "loops");
            if (s != null) {
                Integer qd = s.integer("iodepth", "missing: give iodepth", Checks::iodepth);
                Integer jobs = s.integer("numjobs", null, Checks::numjobs);
                Integer loops = s.integer("loops", null, Checks::loops);
                if (problems.count() == before) {
                    seq = problems.construct(s.path, () -> new FreshPrecondition.Sequential(qd,
                            jobs == null ? 1 : jobs, loops == null ? 1 : loops));
                }
            }
        }
        FreshPrecondition.Random rnd = FreshPrecondition.DEFAULT.random();
        if (o.has("random")) {
            int beforeRandom = problems.count();
            PlanFields r = problems.object(node.get("random"), o.child("random"), "random precondition",
                    "iodepth", "numjobs", "runtime", "maxRounds", "roundRuntime");
            if (r != null) {
                Integer qd = r.integer("iodepth", "missing: give iodepth", Checks::iodepth);
                Integer jobs = r.integer("numjobs", null, Checks::numjobs);
                Integer runtime = r.seconds("runtime", null, Checks::runtime);
                Integer maxRounds = r.integer("maxRounds", null, Checks::rounds);
                Integer round = r.seconds("roundRuntime", null, Checks::runtime);
                String timing = FreshPrecondition.Random.problemWithTiming(runtime, maxRounds, round);
                if (timing != null && problems.count() == beforeRandom) {
                    problems.add(r.path, timing);
                }
                if (problems.count() == beforeRandom) {
                    rnd = problems.construct(r.path, () -> new FreshPrecondition.Random(qd, jobs == null ? 1 : jobs,
                            runtime, maxRounds, round));
                }
            }
        }
        if (problems.count() > before) {
            return null;
        }
        FreshPrecondition.Sequential s = seq;
        FreshPrecondition.Random r = rnd;
        return problems.construct(path, () -> new FreshPrecondition(s, r));
    }
}
