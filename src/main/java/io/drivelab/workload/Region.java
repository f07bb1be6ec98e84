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
}
