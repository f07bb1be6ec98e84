package io.drivelab.workload;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** A plan as a JSON tree in the plan file format: sizes written the short way ("4k"), defaults left out. */
final class PlanWriter {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private PlanWriter() {
    }

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
                if (ws.kind() != WorkloadKind.MATRIX) {
                    step.put("kind", ws.kind().value());
                }
                step.set("workload", write(ws.workload()));
                step.set("matrix", write(ws.matrix()));
                if (!ws.loads().isEmpty()) {
                    ws.loads().forEach(step.putArray("loads")::add);
                }
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
        putIfSet(o, "rateIops", w.rateIops());
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
}
