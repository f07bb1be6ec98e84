package io.drivelab.reference;

import java.math.BigDecimal;
import java.util.Objects;

import io.drivelab.workload.BlockSizeMix;

/**
 * A block-size mix the reviews name without listing all of it, e.g. the CDN read mix: "128K at 83.21 %, then 30+
 * smaller sizes". It is recognised by its dominant size and that size's weight, the part the reviews state exactly.
 */
public record NamedMix(String name, long dominantBs, BigDecimal dominantWeight, String description) {
    public NamedMix {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(dominantWeight, "dominantWeight");
    }

    /** Whether a user's mix is this one: the same most frequent size at the same weight. */
    public boolean matches(BlockSizeMix mix) {
        long dominant = mix.dominantBs();
        return dominant == dominantBs && mix.shares().stream()
                .anyMatch(s -> s.bs() == dominant && s.weight().compareTo(dominantWeight) == 0);
    }

    boolean sameDefinition(NamedMix other) {
        return dominantBs == other.dominantBs && dominantWeight.compareTo(other.dominantWeight) == 0;
    }
}
