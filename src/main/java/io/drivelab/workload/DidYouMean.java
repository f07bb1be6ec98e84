package io.drivelab.workload;

import org.apache.commons.text.similarity.LevenshteinDistance;

import java.util.List;
import java.util.Locale;

/** The near miss among known names, for "unknown property" messages. */
final class DidYouMean {
    /** Edit distance up to 2: "iodepth" for "iodepths", not "ramp" for "runtime". */
    private static final LevenshteinDistance NEAR = new LevenshteinDistance(2);

    private DidYouMean() {
    }

    /** " (did you mean "iodepths"?)" for a near miss, else "". */
    static String suggestion(String field, List<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = NEAR.apply(field.toLowerCase(Locale.ROOT), k.toLowerCase(Locale.ROOT));
            if (d >= 0 && d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        }
        return best == null ? "" : " (did you mean \"" + best + "\"?)";
    }
}
