package io.drivelab.reference;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A figure the copies of a review state differently (machine translations move and drop digits), or that one copy
 * states two ways, and how the library resolved it.
 *
 * @param copies what each copy says, by seed file name, in the data file's order
 */
public record Disagreement(String figure, Map<String, String> copies, String resolution) {
    public Disagreement {
        copies = Collections.unmodifiableMap(new LinkedHashMap<>(copies));
    }
}
