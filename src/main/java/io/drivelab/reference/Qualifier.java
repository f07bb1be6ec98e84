package io.drivelab.reference;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/** How a figure relates to what the review printed, when it is not simply the exact value. */
public enum Qualifier {
    /** "~7,100 MB/s", "about 45 us". */
    APPROXIMATE("approximate"),
    /** "above 4,200 MB/s", "more than 1.6 million IOPS". */
    AT_LEAST("at least"),
    /** "under 565 s", a specification's "< 10 us". */
    AT_MOST("at most"),
    /** Worked out from a percentage or a difference the review gives; the note shows how. */
    DERIVED("derived"),
    /** The ends of a range the review gives for several points at once. */
    RANGE_LOW("range low"),
    RANGE_HIGH("range high");

    private final String label;

    Qualifier(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static Optional<Qualifier> find(String label) {
        return Arrays.stream(values()).filter(q -> q.label.equals(label)).findFirst();
    }

    static String choices() {
        return Arrays.stream(values()).map(Qualifier::label).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return label;
    }
}
