package io.drivelab.reference;

import java.util.List;

/** A reference data file that cannot be used, with every problem found in it, one per line. */
public final class ReferenceDataException extends RuntimeException {
    private final List<String> problems;

    public ReferenceDataException(String file, List<String> problems) {
        super(file + ": " + String.join("\n" + file + ": ", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
