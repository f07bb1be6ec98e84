package io.drivelab.reference;

import java.util.Objects;

/**
 * A drive a review shows figures of. The same drive in two reviews has the same vendor, model and capacity.
 *
 * @param capacity       as the reviews write it, "7.68TB", or null for figures of a whole model family
 * @param formFactor     e.g. "U.2 2.5in 15 mm", or null when the review does not say
 * @param namedInReview  how the review names it, e.g. "Micron 9550 7.68TB"
 * @param note           what else the review says about it, or null
 */
public record ReferenceDrive(String vendor, String model, String capacity, String formFactor, String iface,
                             String namedInReview, String note) {
    public ReferenceDrive {
        Objects.requireNonNull(vendor, "vendor");
        Objects.requireNonNull(model, "model");
    }

    /** "Kingston DC3000ME". */
    public String name() {
        return vendor + " " + model;
    }

    /** "Kingston DC3000ME 7.68TB", or the name alone for a family. */
    public String label() {
        return capacity == null ? name() : name() + " " + capacity;
    }

    /** Whether both are the same physical model and capacity (attributes other than those may differ by review). */
    public boolean sameDrive(ReferenceDrive other) {
        return vendor.equalsIgnoreCase(other.vendor) && model.equalsIgnoreCase(other.model)
                && Objects.equals(capacity, other.capacity);
    }
}
