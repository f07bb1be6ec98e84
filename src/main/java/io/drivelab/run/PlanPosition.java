package io.drivelab.run;

import java.util.List;

import io.drivelab.workload.PlanItem;

/**
 * A run's plan and where the run is in it, counted as the Plan panel and History count: measured points, with the
 * preconditions and idle pauses named apart ("15 items in the plan" under "8 points" counted the pauses as points).
 * The window's run bar and the CLI's progress say the same.
 */
public final class PlanPosition {
    private PlanPosition() {
    }

    /** "8 points, after 1 precondition, 7 idle pauses between them". */
    public static String inThePlan(List<PlanItem> items) {
        long preconditions = count(items, PlanItem::isPrecondition);
        long pauses = count(items, PlanItem::isIdle);
        return counted(count(items, PlanItem::isMeasure), "point")
                + (preconditions == 0 ? "" : ", after " + counted(preconditions, "precondition"))
                + (pauses == 0 ? "" : ", " + counted(pauses, "idle pause") + " between them");
    }

    /**
     * "Point 3 of 8", "Pause after point 3 of 8", "Precondition 1 of 2"; "Item 5 of 15" where {@code items} is not
     * the plan {@code p} counts in.
     */
    public static String of(List<PlanItem> items, RunProgress p) {
        int index = p.itemIndex();
        if (items.size() != p.itemCount() || index < 0 || index >= items.size()) {
            return "Item " + Math.min(index + 1, p.itemCount()) + " of " + p.itemCount();
        }
        List<PlanItem> upTo = items.subList(0, index + 1);
        PlanItem item = items.get(index);
        if (item.isPrecondition()) {
            return "Precondition " + count(upTo, PlanItem::isPrecondition) + " of "
                    + count(items, PlanItem::isPrecondition);
        }
        long points = count(items, PlanItem::isMeasure);
        long pointsSoFar = count(upTo, PlanItem::isMeasure);
        if (item.isIdle()) {
            return pointsSoFar == 0 ? "Pause before point 1 of " + points
                    : "Pause after point " + pointsSoFar + " of " + points;
        }
        return "Point " + pointsSoFar + " of " + points;
    }

    private static long count(List<PlanItem> items, java.util.function.Predicate<PlanItem> kind) {
        return items.stream().filter(kind).count();
    }

    private static String counted(long n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }
}
