package io.drivelab.report;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.drivelab.store.Run;

/** What runs are called in legends and tables: their names, with the run's number where two share a name. */
public final class RunLabels {
    private RunLabels() {
    }

    /** Each run's label by id: "quick on /dev/nvme0n1", or "quick on /dev/nvme0n1 (run 7)" when the name repeats. */
    public static Map<Long, String> of(List<Run> runs) {
        Map<String, Integer> uses = new HashMap<>();
        runs.forEach(r -> uses.merge(r.name(), 1, Integer::sum));
        Map<Long, String> labels = new LinkedHashMap<>();
        for (Run r : runs) {
            labels.put(r.id(), uses.get(r.name()) > 1 ? r.name() + " (run " + r.id() + ")" : r.name());
        }
        return labels;
    }
}
