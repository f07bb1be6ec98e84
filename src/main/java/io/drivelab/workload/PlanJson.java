package io.drivelab.workload;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;

import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * The JSON form of a plan, both ways.
 *
 * <p>Reading walks the tree by hand rather than binding with Jackson, so that every bad field is reported (not
 * just the first), each with its path and value, and sizes ("4k") and durations ("3h") can be written the way
 * people write them. Rules about one value come from {@link Checks}; rules across fields come from the records'
 * constructors, whose problem is reported at the record's path.
 */
final class PlanJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private PlanJson() {
    }

    /** The plan in {@code root}, or a PlanException listing every problem, attributed to {@code source}. */
    static TestPlan read(JsonNode root, String source) {
        Reader r = new Reader();
        TestPlan plan = r.plan(root);
        if (!r.problems.isEmpty() || plan == null) {
            throw new PlanException(source, r.problems.isEmpty()
                    ? List.of(new PlanException.Problem("", "is not a plan")) : r.problems);
        }
        return plan;
    }

    // ---------------------------------------------------------------------------------------------- writing

    static ObjectNode write(TestPlan plan) {
        ObjectNode root = NODES.objectNode();
        root.put("name", plan.name());
        if (!plan.description().isEmpty()) {
            root.put("description", plan.description());
        }
        if (!plan.target().isWhole()) {
            ObjectNode t = root.putObject("target");
            if (plan.target().size() != null) {
                t.put("size", Units.formatSize(plan.target().size()));
            }
            if (plan.target().offset() != null) {
                t.put("offset", Units.formatSize(plan.target().offset()));
            }
        }
        if (plan.freshPrecondition() != null) {
            root.put("freshPreconditionOnBsChange", true);
            FreshPrecondition fp = plan.freshPrecondition();
            ObjectNode f = root.putObject("freshPrecondition");
            ObjectNode seq = f.putObject("sequential");
            seq.put("iodepth", fp.sequential().iodepth());
            seq.put("numjobs", fp.sequential().numjobs());
            seq.put("loops", fp.sequential().loops());
            ObjectNode rnd = f.putObject("random");
            rnd.put("iodepth", fp.random().iodepth());
            rnd.put("numjobs", fp.random().numjobs());
            putIfSet(rnd, "runtime", fp.random().runtime());
            putIfSet(rnd, "maxRounds", fp.random().maxRounds());
            putIfSet(rnd, "roundRuntime", fp.random().roundRuntime());
        }
        ArrayNode steps = root.putArray("steps");
        for (Step s : plan.steps()) {
            ObjectNode step = steps.addObject();
            if (s instanceof Precondition p) {
                writePrecondition(step.putObject("precondition"), p);
            } else if (s instanceof WorkloadStep ws) {
                step.set("workload", write(ws.workload()));
                step.set("matrix", write(ws.matrix()));
            } else if (s instanceof CheckpointStep cs) {
                writeCheckpoint(step.putObject("checkpoint"), cs);
            }
        }
        return root;
    }

    static ObjectNode write(Workload w) {
        ObjectNode o = NODES.objectNode();
        o.put("name", w.name());
        o.put("rw", w.rw().value());
        putTransfer(o, w.bs(), w.mix());
        putIfSet(o, "rwmixread", w.rwmixread());
        return o;
    }

    static ObjectNode write(Matrix m) {
        ObjectNode o = NODES.objectNode();
        ArrayNode qd = o.putArray("iodepths");
        m.iodepths().forEach(qd::add);
        ArrayNode jobs = o.putArray("numjobs");
        m.numjobs().forEach(jobs::add);
        o.put("runtime", m.runtime());
        o.put("ramp", m.ramp());
        o.put("idle", m.idle());
        if (m.passes() != 1) {
            o.put("passes", m.passes());
            o.put("keep", m.keep().value());
        }
        if (m.outer() != Matrix.Outer.IODEPTH) {
            o.put("outer", m.outer().value());
        }
        return o;
    }

    private static void writePrecondition(ObjectNode o, Precondition p) {
        o.put("type", p.type());
        o.put("name", p.name());
        putTransfer(o, p.bs(), p.mix());
        o.put("iodepth", p.iodepth());
        o.put("numjobs", p.numjobs());
        if (p instanceof Precondition.Fill f) {
            o.put("loops", f.loops());
            if (f.ioSize() != null) {
                o.put("ioSize", Units.formatSize(f.ioSize()));
            }
        } else if (p instanceof Precondition.Saturate s) {
            o.put("runtime", s.runtime());
        } else if (p instanceof Precondition.UntilSteady u) {
            o.put("maxRounds", u.maxRounds());
            o.put("roundRuntime", u.roundRuntime());
        }
    }

    private static void writeCheckpoint(ObjectNode o, CheckpointStep step) {
        Checkpoint c = step.checkpoint();
        o.put("name", step.name());
        if (c.size() != null) {
            o.put("size", Units.formatSize(c.size()));
        } else {
            o.put("share", c.sharePercent());
        }
        o.put("ranks", step.ranks());
        o.put("checkpoints", c.perPass());
        o.put("passes", c.passes());
        o.put("bs", Units.formatSize(step.bs()));
        o.put("direct", c.direct());
    }

    private static void putTransfer(ObjectNode o, Long bs, BlockSizeMix mix) {
        if (bs != null) {
            o.put("bs", Units.formatSize(bs));
        } else {
            o.put("bssplit", mix.toEngineSpec());
        }
    }

    private static void putIfSet(ObjectNode o, String field, Integer value) {
        if (value != null) {
            o.put(field, value);
        }
    }

    // ---------------------------------------------------------------------------------------------- reading

    /** Reads one plan, collecting problems instead of stopping at the first. */
    private static final class Reader {
        final List<PlanException.Problem> problems = new ArrayList<>();

        void problem(String path, String message) {
            problems.add(new PlanException.Problem(path, message));
        }

        TestPlan plan(JsonNode root) {
            if (root == null || root.isMissingNode()) {
                problem("", "is empty; a plan is a JSON object with a name and steps");
                return null;
            }
            Obj o = object(root, "", "plan", "name", "description", "target", "freshPreconditionOnBsChange",
                    "freshPrecondition", "steps");
            if (o == null) {
                return null;
            }
            int before = problems.size();
            String name = o.text("name", "a plan needs a name");
            String description = o.text("description", null);
            Region target = o.has("target") ? region(o.node.get("target"), o.child("target")) : Region.WHOLE;
            Boolean fresh = o.bool("freshPreconditionOnBsChange");
            FreshPrecondition fp = null;
            if (o.has("freshPrecondition")) {
                fp = fresh(o.node.get("freshPrecondition"), o.child("freshPrecondition"));
                if (!Boolean.TRUE.equals(fresh)) {
                    problem(o.child("freshPrecondition"),
                            "is given but freshPreconditionOnBsChange is not true, so it would not be used");
                }
            } else if (Boolean.TRUE.equals(fresh)) {
                fp = FreshPrecondition.DEFAULT;
            }
            List<Step> steps = steps(o);
            if (problems.size() > before || steps == null) {
                return null;
            }
            FreshPrecondition freshPrecondition = fp;
            return construct("", () -> new TestPlan(name, description, target, steps, freshPrecondition));
        }

        List<Step> steps(Obj plan) {
            String path = plan.child("steps");
            JsonNode node = plan.node.get("steps");
            if (node == null || node.isNull()) {
                problem(path, "missing: a plan needs steps, e.g. [{\"workload\": {...}, \"matrix\": {...}}]");
                return null;
            }
            if (!node.isArray()) {
                problem(path, node + " is not a list of steps");
                return null;
            }
            if (node.isEmpty()) {
                problem(path, "is empty; a plan needs at least one step");
                return null;
            }
            List<Step> steps = new ArrayList<>();
            for (int i = 0; i < node.size(); i++) {
                steps.add(step(node.get(i), path + "[" + i + "]"));
            }
            return steps.contains(null) ? null : steps;
        }

        Step step(JsonNode node, String path) {
            Obj o = object(node, path, "step", "precondition", "workload", "matrix", "checkpoint");
            if (o == null) {
                return null;
            }
            if (o.has("checkpoint")) {
                if (o.has("precondition") || o.has("workload") || o.has("matrix")) {
                    problem(path, "a checkpoint step is {\"checkpoint\": ...} alone");
                    return null;
                }
                return checkpoint(node.get("checkpoint"), o.child("checkpoint"));
            }
            if (o.has("precondition")) {
                if (o.has("workload") || o.has("matrix")) {
                    problem(path, "a step is either {\"precondition\": ...} or {\"workload\": ..., \"matrix\": ...},"
                            + " not both");
                    return null;
                }
                return precondition(node.get("precondition"), o.child("precondition"));
            }
            if (!o.has("workload")) {
                problem(path, "missing: a step needs \"precondition\", \"checkpoint\", or \"workload\" and "
                        + "\"matrix\"");
                return null;
            }
            Workload w = workload(node.get("workload"), o.child("workload"));
            Matrix m = null;
            if (o.has("matrix")) {
                m = matrix(node.get("matrix"), o.child("matrix"));
            } else {
                problem(o.child("matrix"), "missing: a workload step needs a matrix (iodepths, numjobs, runtime)");
            }
            if (w == null || m == null) {
                return null;
            }
            Matrix matrix = m;
            return construct(path, () -> new WorkloadStep(w, matrix));
        }

        Workload workload(JsonNode node, String path) {
            Obj o = object(node, path, "workload", "name", "rw", "bs", "bssplit", "rwmixread");
            if (o == null) {
                return null;
            }
            int before = problems.size();
            String name = o.text("name", null);
            Rw rw = rw(o);
            Long bs = o.size("bs", null, Checks::blockSize);
            BlockSizeMix mix = o.mix("bssplit");
            transfer(o);
            Integer rwmixread = o.integer("rwmixread", null, Checks::percent);
            if (rwmixread != null && rw != null && Workload.problemWithRwmixread(rw) != null) {
                problem(o.child("rwmixread"), Workload.problemWithRwmixread(rw));
            }
            if (problems.size() > before) {
                return null;
            }
            return construct(path, () -> new Workload(name, rw, bs, mix, rwmixread));
        }

        Rw rw(Obj o) {
            String value = o.text("rw", "a workload needs rw (" + Rw.choices() + ")");
            if (value == null) {
                return null;
            }
            return Rw.find(value).orElseGet(() -> {
                problem(o.child("rw"), "\"" + value + "\" is not " + Rw.choices());
                return null;
            });
        }

        /** Exactly one of bs and bssplit. */
        void transfer(Obj o) {
            if (o.has("bs") && o.has("bssplit")) {
                problem(o.child("bs"), "give bs or bssplit, not both");
            } else if (!o.has("bs") && !o.has("bssplit")) {
                problem(o.child("bs"), Workload.problemWithTransfer(null, null));
            }
        }

        Matrix matrix(JsonNode node, String path) {
            Obj o = object(node, path, "matrix", "iodepths", "numjobs", "runtime", "ramp", "idle", "passes", "keep",
                    "outer");
            if (o == null) {
                return null;
            }
            int before = problems.size();
            List<Integer> iodepths = o.intList("iodepths", Checks::iodepth);
            List<Integer> numjobs = o.intList("numjobs", Checks::numjobs);
            Integer runtime = o.seconds("runtime", "a matrix needs runtime, the measured seconds per point",
                    Checks::runtime);
            Integer ramp = o.seconds("ramp", null, Checks::pause);
            Integer idle = o.seconds("idle", null, Checks::pause);
            Integer passes = o.integer("passes", null, Checks::positive);
            Matrix.Keep keep = o.choice("keep", Matrix.Keep.class);
            Matrix.Outer outer = o.choice("outer", Matrix.Outer.class);
            if (problems.size() > before) {
                return null;
            }
            return construct(path, () -> new Matrix(iodepths, numjobs, runtime,
                    ramp == null ? 0 : ramp, idle == null ? 0 : idle, passes == null ? 1 : passes,
                    keep == null ? Matrix.Keep.BEST : keep, outer == null ? Matrix.Outer.IODEPTH : outer));
        }

        Precondition precondition(JsonNode node, String path) {
            if (node == null || !node.isObject()) {
                object(node, path, "precondition");
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
                    problem(where, "missing: a precondition needs a type (" + Precondition.types() + ")");
                } else {
                    problem(where, typeNode + " is not " + Precondition.types());
                }
                return null;
            }
            String[] known = Arrays.copyOf(common, common.length + own.length);
            System.arraycopy(own, 0, known, common.length, own.length);
            Obj o = object(node, path, type + " precondition", known);
            int before = problems.size();
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
                    if (problems.size() > before) {
                        return null;
                    }
                    return construct(path, () -> new Precondition.Fill(name, bs, mix, qd, jobs,
                            loops == null ? 1 : loops, ioSize));
                }
                case "saturate" -> {
                    Integer runtime = o.seconds("runtime", "a saturate precondition needs runtime, in seconds",
                            Checks::runtime);
                    if (problems.size() > before) {
                        return null;
                    }
                    return construct(path, () -> new Precondition.Saturate(name, bs, mix, qd, jobs, runtime));
                }
                default -> {
                    Integer maxRounds = o.integer("maxRounds", "a steady-state precondition needs maxRounds",
                            Checks::positive);
                    Integer round = o.seconds("roundRuntime",
                            "a steady-state precondition needs roundRuntime, the seconds of one round",
                            Checks::runtime);
                    if (problems.size() > before) {
                        return null;
                    }
                    return construct(path, () -> new Precondition.UntilSteady(name, bs, mix, qd, jobs, maxRounds,
                            round));
                }
            }
        }

        /** A checkpoint step; without size or share, the reviews' 1,636 GB scaled to the target. */
        CheckpointStep checkpoint(JsonNode node, String path) {
            Obj o = object(node, path, "checkpoint", "name", "size", "share", "ranks", "checkpoints", "passes", "bs",
                    "direct");
            if (o == null) {
                return null;
            }
            int before = problems.size();
            String name = o.text("name", null);
            Long size = o.size("size", null, Checks::regionSize);
            Double share = null;
            if (o.has("share")) {
                JsonNode v = node.get("share");
                if (!v.isNumber() || Checkpoint.shareProblem(v.asDouble()) != null) {
                    problem(o.child("share"), v + " is not a percentage above 0 and up to 100");
                } else {
                    share = v.asDouble();
                }
            }
            if (o.has("size") && o.has("share")) {
                problem(o.child("size"), Checkpoint.problemWithSize(1L, 1.0));
            }
            Integer ranks = o.integer("ranks", null, Checks::numjobs);
            Integer perPass = o.integer("checkpoints", null, Checks::checkpoints);
            Integer passes = o.integer("passes", null, Checks::checkpointPasses);
            Long bs = o.size("bs", null, Checks::blockSize);
            Boolean direct = o.bool("direct");
            if (problems.size() > before) {
                return null;
            }
            Double sharePercent = size == null && share == null ? Double.valueOf(Checkpoint.REVIEWS_SHARE_PERCENT)
                    : share;
            return construct(path, () -> new CheckpointStep(name, new Checkpoint(size, sharePercent,
                    perPass == null ? Checkpoint.REVIEWS_PER_PASS : perPass,
                    passes == null ? Checkpoint.REVIEWS_PASSES : passes, Boolean.TRUE.equals(direct)),
                    ranks == null ? Checkpoint.REVIEWS_RANKS : ranks, bs == null ? CheckpointStep.DEFAULT_BS : bs));
        }

        Region region(JsonNode node, String path) {
            Obj o = object(node, path, "target", "size", "offset");
            if (o == null) {
                return null;
            }
            int before = problems.size();
            Long size = o.size("size", null, Checks::regionSize);
            Long offset = o.size("offset", null, Checks::offset);
            return problems.size() > before ? null : construct(path, () -> new Region(size, offset));
        }

        FreshPrecondition fresh(JsonNode node, String path) {
            Obj o = object(node, path, "freshPrecondition", "sequential", "random");
            if (o == null) {
                return null;
            }
            int before = problems.size();
            FreshPrecondition.Sequential seq = FreshPrecondition.DEFAULT.sequential();
            if (o.has("sequential")) {
                Obj s = object(node.get("sequential"), o.child("sequential"), "sequential precondition",
                        "iodepth", "numjobs", "loops");
                if (s != null) {
                    Integer qd = s.integer("iodepth", "missing: give iodepth", Checks::iodepth);
                    Integer jobs = s.integer("numjobs", null, Checks::numjobs);
                    Integer loops = s.integer("loops", null, Checks::loops);
                    if (problems.size() == before) {
                        seq = construct(s.path, () -> new FreshPrecondition.Sequential(qd,
                                jobs == null ? 1 : jobs, loops == null ? 1 : loops));
                    }
                }
            }
            FreshPrecondition.Random rnd = FreshPrecondition.DEFAULT.random();
            if (o.has("random")) {
                int beforeRandom = problems.size();
                Obj r = object(node.get("random"), o.child("random"), "random precondition",
                        "iodepth", "numjobs", "runtime", "maxRounds", "roundRuntime");
                if (r != null) {
                    Integer qd = r.integer("iodepth", "missing: give iodepth", Checks::iodepth);
                    Integer jobs = r.integer("numjobs", null, Checks::numjobs);
                    Integer runtime = r.seconds("runtime", null, Checks::runtime);
                    Integer maxRounds = r.integer("maxRounds", null, Checks::positive);
                    Integer round = r.seconds("roundRuntime", null, Checks::runtime);
                    String timing = FreshPrecondition.Random.problemWithTiming(runtime, maxRounds, round);
                    if (timing != null && problems.size() == beforeRandom) {
                        problem(r.path, timing);
                    }
                    if (problems.size() == beforeRandom) {
                        rnd = construct(r.path, () -> new FreshPrecondition.Random(qd, jobs == null ? 1 : jobs,
                                runtime, maxRounds, round));
                    }
                }
            }
            if (problems.size() > before) {
                return null;
            }
            FreshPrecondition.Sequential s = seq;
            FreshPrecondition.Random r = rnd;
            return construct(path, () -> new FreshPrecondition(s, r));
        }

        /** Builds a record whose single fields passed; a cross-field rule it breaks becomes a problem here. */
        <T> T construct(String path, java.util.function.Supplier<T> make) {
            try {
                return make.get();
            } catch (PlanException e) {
                for (PlanException.Problem p : e.in(null, path).problems()) {
                    problems.add(p);
                }
                return null;
            }
        }

        /** The object at {@code path}, its unknown fields reported; null (reported) when it is not an object. */
        Obj object(JsonNode node, String path, String what, String... known) {
            if (node == null || !node.isObject()) {
                problem(path, (node == null ? "nothing" : node.toString()) + " is not a " + what
                        + " object {...}");
                return null;
            }
            Obj o = new Obj(node, path);
            List<String> knownList = Arrays.asList(known);
            for (Map.Entry<String, JsonNode> entry : node.properties()) {
                String field = entry.getKey();
                if (!knownList.contains(field)) {
                    problem(o.child(field), "unknown property" + suggestion(field, knownList)
                            + "; a " + what + " has " + String.join(", ", knownList));
                }
            }
            return o;
        }

        /** Typed access to the fields of one object; each bad value becomes a problem at its path. */
        final class Obj {
            final JsonNode node;
            final String path;

            Obj(JsonNode node, String path) {
                this.node = node;
                this.path = path;
            }

            String child(String field) {
                return path.isEmpty() ? field : path + "." + field;
            }

            boolean has(String field) {
                JsonNode v = node.get(field);
                return v != null && !v.isNull();
            }

            /** The field's node, or null when absent (a problem when {@code missing} says why it is needed). */
            private JsonNode value(String field, String missing) {
                if (!has(field)) {
                    if (missing != null) {
                        problem(child(field), missing.startsWith("missing") ? missing : "missing: " + missing);
                    }
                    return null;
                }
                return node.get(field);
            }

            String text(String field, String missing) {
                JsonNode v = value(field, missing);
                if (v == null) {
                    return null;
                }
                if (!v.isTextual()) {
                    problem(child(field), v + " is not a text (put it in quotes)");
                    return null;
                }
                return v.asText();
            }

            Boolean bool(String field) {
                JsonNode v = value(field, null);
                if (v == null) {
                    return null;
                }
                if (!v.isBoolean()) {
                    problem(child(field), v + " is not true or false");
                    return null;
                }
                return v.asBoolean();
            }

            Integer integer(String field, String missing, LongFunction<String> check) {
                JsonNode v = value(field, missing);
                return v == null ? null : wholeNumber(v, child(field), check);
            }

            List<Integer> intList(String field, LongFunction<String> check) {
                JsonNode v = value(field, "give a list, e.g. [1, 2, 4, 8, 16, 32]");
                if (v == null) {
                    return null;
                }
                if (!v.isArray()) {
                    problem(child(field), v + " is not a list, e.g. [1, 2, 4]");
                    return null;
                }
                List<Integer> values = new ArrayList<>();
                for (int i = 0; i < v.size(); i++) {
                    values.add(wholeNumber(v.get(i), child(field) + "[" + i + "]", check));
                }
                if (values.contains(null)) {
                    return null;
                }
                String p = Matrix.listProblem(values);
                if (p != null) {
                    problem(child(field), p);
                    return null;
                }
                return values;
            }

            private Integer wholeNumber(JsonNode v, String where, LongFunction<String> check) {
                if (!v.isIntegralNumber() || !v.canConvertToLong()) {
                    problem(where, v + " is not a whole number");
                    return null;
                }
                long n = v.asLong();
                String p = check.apply(n);
                if (p == null && (n > Integer.MAX_VALUE || n < Integer.MIN_VALUE)) {
                    p = "is too large";
                }
                if (p != null) {
                    problem(where, v + " " + p);
                    return null;
                }
                return (int) n;
            }

            Long size(String field, String missing, LongFunction<String> check) {
                JsonNode v = value(field, missing);
                if (v == null) {
                    return null;
                }
                long n;
                if (v.isIntegralNumber() && v.canConvertToLong()) {
                    n = v.asLong();
                } else if (v.isTextual()) {
                    try {
                        n = Units.parseSize(v.asText());
                    } catch (IllegalArgumentException e) {
                        problem(child(field), e.getMessage());
                        return null;
                    }
                } else {
                    problem(child(field), v + " is not a size (e.g. 4096, \"4k\", \"128K\", \"1m\", \"1MiB\")");
                    return null;
                }
                String p = check.apply(n);
                if (p != null) {
                    problem(child(field), v + " " + p);
                    return null;
                }
                return n;
            }

            Integer seconds(String field, String missing, LongFunction<String> check) {
                JsonNode v = value(field, missing);
                if (v == null) {
                    return null;
                }
                long s;
                if (v.isIntegralNumber() && v.canConvertToLong()) {
                    s = v.asLong();
                } else if (v.isTextual()) {
                    try {
                        s = Units.parseSeconds(v.asText());
                    } catch (IllegalArgumentException e) {
                        problem(child(field), e.getMessage());
                        return null;
                    }
                } else {
                    problem(child(field), v + " is not a duration in whole seconds (or e.g. \"90s\", \"5m\", \"3h\")");
                    return null;
                }
                String p = check.apply(s);
                if (p == null && s > Integer.MAX_VALUE) {
                    p = "is too long";
                }
                if (p != null) {
                    problem(child(field), v + " " + p);
                    return null;
                }
                return (int) s;
            }

            <E extends Enum<E>> E choice(String field, Class<E> type) {
                String value = text(field, null);
                if (value == null) {
                    return null;
                }
                List<String> names = new ArrayList<>();
                for (E e : type.getEnumConstants()) {
                    String name = e.name().toLowerCase(java.util.Locale.ROOT);
                    if (name.equals(value)) {
                        return e;
                    }
                    names.add(name);
                }
                problem(child(field), "\"" + value + "\" is not one of " + String.join(", ", names));
                return null;
            }

            /** A mix, as the engine's string or as a list of {"bs": ..., "weight": ...}. */
            BlockSizeMix mix(String field) {
                JsonNode v = value(field, null);
                if (v == null) {
                    return null;
                }
                String where = child(field);
                if (v.isTextual()) {
                    try {
                        return BlockSizeMix.parse(v.asText());
                    } catch (PlanException e) {
                        problem(where, e.problems().get(0).message());
                        return null;
                    }
                }
                if (!v.isArray()) {
                    problem(where, v + " is not a mix: \"128k/83.21:64k/5:...\" or [{\"bs\": \"128k\", "
                            + "\"weight\": 83.21}, ...]");
                    return null;
                }
                int before = problems.size();
                List<BlockSizeMix.Share> shares = new ArrayList<>();
                for (int i = 0; i < v.size(); i++) {
                    Obj e = object(v.get(i), where + "[" + i + "]", "mix entry", "bs", "weight");
                    if (e == null) {
                        continue;
                    }
                    Long bs = e.size("bs", "give the entry's block size", Checks::blockSize);
                    BigDecimal weight = e.weight();
                    if (bs != null && weight != null) {
                        shares.add(new BlockSizeMix.Share(bs, weight));
                    }
                }
                if (problems.size() > before) {
                    return null;
                }
                String p = BlockSizeMix.problem(shares);
                if (p != null) {
                    problem(where, p);
                    return null;
                }
                return new BlockSizeMix(shares);
            }

            private BigDecimal weight() {
                JsonNode v = value("weight", "give the entry's weight in percent");
                if (v == null) {
                    return null;
                }
                BigDecimal w;
                if (v.isNumber()) {
                    w = v.decimalValue();
                } else {
                    try {
                        w = new BigDecimal(v.asText().trim());
                    } catch (NumberFormatException e) {
                        w = null;
                    }
                }
                if (w == null || w.signum() <= 0 || w.compareTo(BlockSizeMix.HUNDRED) > 0) {
                    problem(child("weight"), v + " is not a percentage above 0 and up to 100");
                    return null;
                }
                return w;
            }
        }
    }

    /** "; did you mean "iodepths"?" for a near miss (edit distance up to 2), else "". */
    static String suggestion(String field, List<String> known) {
        String best = null;
        int bestDistance = 3;
        for (String k : known) {
            int d = distance(field.toLowerCase(java.util.Locale.ROOT), k.toLowerCase(java.util.Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        return best == null ? "" : " (did you mean \"" + best + "\"?)";
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    // ---------------------------------------------------------------------------------------------- Jackson

    /** Lets a plain ObjectMapper write a TestPlan in the plan file format. */
    static final class PlanSerializer extends StdSerializer<TestPlan> {
        PlanSerializer() {
            super(TestPlan.class);
        }

        @Override
        public void serialize(TestPlan plan, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeTree(write(plan));
        }
    }

    /** Lets a plain ObjectMapper read a TestPlan, with the same checks as {@link PlanFiles}. */
    static final class PlanDeserializer extends StdDeserializer<TestPlan> {
        PlanDeserializer() {
            super(TestPlan.class);
        }

        @Override
        public TestPlan deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonNode tree = p.readValueAsTree();
            return read(tree, null);
        }
    }
}
