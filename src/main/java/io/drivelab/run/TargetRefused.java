package io.drivelab.run;

import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * A target the plan cannot run on, found before a run is filed. Carries what each face needs to word its own hint
 * (the CLI names an option, the GUI offers a button): the kind of problem and, for a region too large, the largest
 * region that fits.
 */
public final class TargetRefused extends RunException {
    public enum Kind {
        /** A file to create, and the plan does not say how large. */
        NEEDS_SIZE,
        /** The plan's region ends past the end of the device. */
        REGION_TOO_LARGE,
        /** The user may not open the target the way the plan needs (read, or read and write). */
        NO_ACCESS,
        /** The test file to create is larger than its filesystem's free space. */
        NO_SPACE,
        /** The plan's region holds less than one of its blocks. */
        REGION_TOO_SMALL
    }

    private final Path target;
    private final Kind kind;
    private final long fittingBytes;

    TargetRefused(Path target, Kind kind, String message, long fittingBytes) {
        super(message);
        this.target = target;
        this.kind = kind;
        this.fittingBytes = fittingBytes;
    }

    public Path target() {
        return target;
    }

    public Kind kind() {
        return kind;
    }

    /**
     * For REGION_TOO_LARGE: the largest region (bytes from the plan's offset) that fits the device; for NO_SPACE, the
     * largest test file that fits the free space.
     */
    public OptionalLong fittingBytes() {
        return kind == Kind.REGION_TOO_LARGE || kind == Kind.NO_SPACE ? OptionalLong.of(fittingBytes)
                : OptionalLong.empty();
    }
}
