package io.drivelab.workload;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A whole test: preconditions and workloads-with-matrix in order, on one region of the target.
 *
 * <p>Plans are JSON files ({@link PlanFiles}); the same JSON comes out of a plain Jackson {@code ObjectMapper}, so
 * a plan can be stored with its results and read back.
 *
 * @param name              short name, e.g. "storagereview-fio"
 * @param description       what it does and why, for people; may be empty
 * @param target            the region of the target the plan works in
 * @param steps             in the order they run; at least one
 * @param freshPrecondition how to precondition afresh when the transfer size changes, or null not to
 */
@JsonSerialize(using = PlanJson.PlanSerializer.class)
@JsonDeserialize(using = PlanJson.PlanDeserializer.class)
public record TestPlan(String name, String description, Region target, List<Step> steps,
                       FreshPrecondition freshPrecondition) {

    public TestPlan {
        if (name == null || name.isBlank()) {
            throw PlanException.of("name", "missing: a plan needs a name");
        }
        description = description == null ? "" : description;
        target = target == null ? Region.WHOLE : target;
        steps = List.copyOf(steps);
        if (steps.isEmpty()) {
            throw PlanException.of("steps", "is empty; a plan needs at least one step");
        }
        Checks.require("steps", Checks.points(pointCount(steps, freshPrecondition != null)));
    }

    public TestPlan(String name, String description, Region target, List<Step> steps) {
        this(name, description, target, steps, null);
    }

    /** "Fresh precondition when the transfer size changes", as the storagereview-fio methodology says. */
    public boolean freshPreconditionOnBsChange() {
        return freshPrecondition != null;
    }

    /**
     * What the runner does, in order: fresh preconditions where the transfer size changes (when enabled), every
     * step's points (a matrix's cells in its order), and after each measured point its matrix's idle time (none
     * after the plan's last item, and none of 0 s).
     */
    public List<PlanItem> expand() {
        List<PlanItem> items = new ArrayList<>();
        int width = Math.max(2, String.valueOf(steps.size()).length());
        Workload previous = null;
        for (int i = 0; i < steps.size(); i++) {
            int stepNo = i + 1;
            Step step = steps.get(i);
            if (step instanceof Precondition p) {
                items.add(preconditionItem(p, stepNo, width));
            } else if (step instanceof WorkloadStep ws) {
                Workload w = ws.workload();
                if (freshPrecondition != null && (previous == null || transferChanged(previous, w))) {
                    items.add(preconditionItem(freshPrecondition.before(w), stepNo, width));
                }
                previous = w;
                Matrix m = ws.matrix();
                for (Matrix.Cell c : m.cells()) {
                    String key = String.format(Locale.ROOT, "%0" + width + "d-%s-%s-qd%d-j%d",
                            stepNo, w.rw().value(), w.transferLabel(), c.iodepth(), c.numjobs());
                    Point p = new Point(key, stepNo, w, c.iodepth(), c.numjobs(), m.runtime(), m.ramp(),
                            target.size(), target.offset(), null, null, m.passes(), m.keep()).as(ws.kind());
                    List<Point> points = ws.kind() == WorkloadKind.LATENCY_UNDER_LOAD ? underLoad(p, ws.loads())
                            : List.of(p);
                    for (Point point : points) {
                        items.add(PlanItem.measure(point));
                        if (m.idle() > 0) {
                            items.add(PlanItem.idle(m.idle()));
                        }
                    }
                }
            } else if (step instanceof CheckpointStep cs) {
                String key = String.format(Locale.ROOT, "%0" + width + "d-checkpoint-%s-r%d",
                        stepNo, Units.formatSize(cs.bs()), cs.ranks());
                items.add(PlanItem.measure(Point.checkpoint(key, stepNo, cs.workload(), cs.ranks(), target.size(),
                        target.offset(), cs.checkpoint())));
            }
        }
        // Resting after the very last point only delays the end of the run.
        while (!items.isEmpty() && items.get(items.size() - 1).isIdle()) {
            items.remove(items.size() - 1);
        }
        return List.copyOf(items);
    }

    /** The measured points only, in order (what the plan's results consist of). */
    public List<Point> points() {
        return expand().stream().filter(PlanItem::isMeasure).map(PlanItem::point).toList();
    }

    /** The sum of {@link PlanItem#estimatedSeconds()} over {@link #expand()}, and the fills' passes and bytes. */
    public Estimate estimatedDuration() {
        long seconds = 0;
        double passes = 0;
        long bytes = 0;
        for (PlanItem item : expand()) {
            seconds += item.estimatedSeconds();
            passes += item.regionPasses();
            bytes += item.fixedBytes();
        }
        return new Estimate(Duration.ofSeconds(seconds), passes, bytes);
    }

    /**
     * The same plan with every matrix's runtime, ramp and idle replaced; a null keeps each matrix's own value.
     * Preconditions keep their times: they depend on the drive, not on how long one wants to measure.
     */
    public TestPlan withTimes(Integer runtime, Integer ramp, Integer idle) {
        List<Step> changed = steps.stream()
                .map(s -> s instanceof WorkloadStep ws ? (Step) ws.withTimes(runtime, ramp, idle) : s)
                .toList();
        // the description speaks of the preset's own times: say which ones this plan replaces
        List<String> overrides = new java.util.ArrayList<>();
        if (runtime != null) {
            overrides.add("runtime " + runtime + " s");
        }
        if (ramp != null) {
            overrides.add("ramp " + ramp + " s");
        }
        if (idle != null) {
            overrides.add("idle " + idle + " s");
        }
        String newDescription = overrides.isEmpty() ? description
                : noted("Times changed for every point: " + String.join(", ", overrides) + ".");
        return new TestPlan(name, newDescription, target, changed, freshPrecondition);
    }

    /**
     * The same plan on another region of the target; the description, which speaks of the plan's own region ("on
     * the first 1 GiB"), says which one replaces it.
     */
    public TestPlan withTarget(Region newTarget) {
        Region other = newTarget == null ? Region.WHOLE : newTarget;
        String newDescription = target.sameAs(other) ? description
                : noted("Region changed: " + other.describe() + ", not " + target.describe() + ".");
        return new TestPlan(name, newDescription, newTarget, steps, freshPrecondition);
    }

    /** The description with {@code note} after it: what a changed plan does differently from what it says. */
    private String noted(String note) {
        return description.isBlank() ? note : description + " " + note;
    }

    public TestPlan withName(String newName, String newDescription) {
        return new TestPlan(newName, newDescription, target, steps, freshPrecondition);
    }

    /** Engine runs the plan makes at most (a fresh precondition counted before every workload), without making them. */
    private static long pointCount(List<Step> steps, boolean fresh) {
        long n = 0;
        for (Step s : steps) {
            n += s instanceof WorkloadStep ws ? ws.matrix().size() * (1L + ws.loads().size()) + (fresh ? 1 : 0) : 1;
        }
        return n;
    }

    /**
     * Latency under load at {@code cell}: its peak first ("...-peak"), then each offered rate ("...-load030"), so
     * that a resumed run finds the peak stored and offers the same rates.
     */
    private static List<Point> underLoad(Point cell, List<Integer> loads) {
        List<Point> points = new ArrayList<>();
        Point peak = cell.withKey(cell.key() + "-peak");
        points.add(peak);
        for (int percent : loads) {
            points.add(cell.withKey(String.format(Locale.ROOT, "%s-load%03d", cell.key(), percent))
                    .offering(new Point.Load(peak.key(), percent)));
        }
        return points;
    }

    private static boolean transferChanged(Workload previous, Workload next) {
        return !previous.sameTransfer(next) || previous.rw().isRandom() != next.rw().isRandom();
    }

    private PlanItem preconditionItem(Precondition p, int stepNo, int width) {
        Workload w = p.workload();
        String key = String.format(Locale.ROOT, "%0" + width + "d-%s-%s-qd%d-j%d",
                stepNo, p.type(), w.transferLabel(), p.iodepth(), p.numjobs());
        if (p instanceof Precondition.Fill f) {
            Integer loops = f.ioSize() == null ? f.loops() : null;
            return PlanItem.precondition(new Point(key, stepNo, w, f.iodepth(), f.numjobs(), null, null,
                    target.size(), target.offset(), f.ioSize(), loops, 1, Matrix.Keep.BEST));
        }
        if (p instanceof Precondition.Saturate s) {
            return PlanItem.precondition(new Point(key, stepNo, w, s.iodepth(), s.numjobs(), s.runtime(), null,
                    target.size(), target.offset(), null, null, 1, Matrix.Keep.BEST));
        }
        Precondition.UntilSteady u = (Precondition.UntilSteady) p;
        return PlanItem.untilSteady(new Point(key, stepNo, w, u.iodepth(), u.numjobs(), u.roundRuntime(), null,
                target.size(), target.offset(), null, null, 1, Matrix.Keep.BEST), u.maxRounds());
    }

    @Override
    public String toString() {
        return "TestPlan[" + name + ", " + steps.size() + " steps]";
    }

}
