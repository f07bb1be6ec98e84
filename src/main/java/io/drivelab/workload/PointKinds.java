package io.drivelab.workload;

import java.util.HashMap;
import java.util.Map;

/**
 * The kind of each point of a stored run, read from the plan stored with it (points are matched by their key), so
 * reports chart a run as its plan said, whatever it is called.
 */
public final class PointKinds {
    /** For runs without a readable plan (imported from fio): every point is a matrix point. */
    public static final PointKinds NONE = new PointKinds(Map.of());

    private final Map<String, WorkloadKind> byKey;

    private PointKinds(Map<String, WorkloadKind> byKey) {
        this.byKey = byKey;
    }

    public static PointKinds of(TestPlan plan) {
        Map<String, WorkloadKind> byKey = new HashMap<>();
        for (PlanItem item : plan.expand()) {
            if (!item.isIdle()) {
                byKey.put(item.point().key(), item.point().kind());
            }
        }
        return new PointKinds(byKey);
    }

    /** Kinds by point key, for points made without a plan. */
    public static PointKinds of(Map<String, WorkloadKind> byKey) {
        return new PointKinds(Map.copyOf(byKey));
    }

    /** The kinds in a stored plan's JSON; {@link #NONE} when there is none or it no longer reads. */
    public static PointKinds ofPlanJson(String planJson) {
        if (planJson == null || planJson.isBlank()) {
            return NONE;
        }
        try {
            return of(PlanFiles.fromJson(planJson, null));
        } catch (PlanException e) {
            return NONE;
        }
    }

    /** The kind of the point with this key; MATRIX for a key the plan does not have. */
    public WorkloadKind kindOf(String pointKey) {
        return byKey.getOrDefault(pointKey, WorkloadKind.MATRIX);
    }
}
