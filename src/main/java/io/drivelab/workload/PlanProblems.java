package io.drivelab.workload;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** The problems found reading one plan, each at its path: the reader collects them all instead of stopping. */
final class PlanProblems {
    private final List<PlanException.Problem> problems = new ArrayList<>();

    void add(String path, String message) {
        problems.add(new PlanException.Problem(path, message));
    }

    /** How many so far: a reader compares before and after a part to know whether the part was fine. */
    int count() {
        return problems.size();
    }

    boolean isEmpty() {
        return problems.isEmpty();
    }

    List<PlanException.Problem> list() {
        return List.copyOf(problems);
    }

    /** Builds a record whose single fields passed; a cross-field rule it breaks becomes a problem here. */
    <T> T construct(String path, Supplier<T> make) {
        try {
            return make.get();
        } catch (PlanException e) {
            problems.addAll(e.in(null, path).problems());
            return null;
        }
    }

    /** The object at {@code path}, its unknown fields reported; null (reported) when it is not an object. */
    PlanFields object(JsonNode node, String path, String what, String... known) {
        if (node == null || !node.isObject()) {
            add(path, (node == null ? "nothing" : node.toString()) + " is not a " + what + " object {...}");
            return null;
        }
        PlanFields o = new PlanFields(this, node, path);
        List<String> knownList = Arrays.asList(known);
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            String field = entry.getKey();
            if (!knownList.contains(field)) {
                add(o.child(field), "unknown property" + DidYouMean.suggestion(field, knownList)
                        + "; a " + what + " has " + String.join(", ", knownList));
            }
        }
        return o;
    }
}
