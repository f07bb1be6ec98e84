package io.drivelab.workload;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The part of the target a plan works in ({@code --size}, {@code --offset}); all jobs share it, sequential jobs
 * each take a consecutive slice of it.
 *
 * @param size   bytes, or null for the whole device (or the existing file)
 * @param offset start in bytes, or null for 0
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Region(Long size, Long offset) {
    /** The whole target. */
    public static final Region WHOLE = new Region(null, null);

    public Region {
        if (size != null) {
            Checks.require("size", size, Checks.regionSize(size));
        }
        if (offset != null) {
            Checks.require("offset", offset, Checks.offset(offset));
        }
    }

    public static Region ofSize(long size) {
        return new Region(size, null);
    }

    @JsonIgnore
    public boolean isWhole() {
        return size == null && offset == null;
    }

    /** Whether both name the same bytes (no offset and offset 0 alike). */
    public boolean sameAs(Region other) {
        return java.util.Objects.equals(size, other.size) && startsAt() == other.startsAt();
    }

    /** "the first 1 GiB", "256 MiB from 4 GiB", "from 4 GiB to the end", "the whole target", for people. */
    public String describe() {
        if (size == null) {
            return startsAt() == 0 ? "the whole target" : "from " + binary(startsAt()) + " to the end";
        }
        return startsAt() == 0 ? "the first " + binary(size) : binary(size) + " from " + binary(startsAt());
    }

    private long startsAt() {
        return offset == null ? 0 : offset;
    }

    /** "256 MiB", "1 GiB", "1000 bytes": the largest binary unit that divides it. */
    public static String binary(long bytes) {
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
        for (int i = units.length; i >= 1; i--) {
            long unit = 1L << (10 * i);
            if (bytes != 0 && bytes % unit == 0) {
                return bytes / unit + " " + units[i - 1];
            }
        }
        return bytes + " bytes";
    }
}
