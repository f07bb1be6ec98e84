package io.drivelab.run;

import java.nio.file.Path;

/**
 * What a target needs before a plan may run on it, as the write guard judges it: each face words the
 * confirmation its own way (the CLI an option, the GUI a dialog).
 *
 * @param kind   clear, refused, or which confirmation would let the plan run
 * @param reason why (for REFUSED: what is wrong and what to do; for a confirmation: what would be destroyed);
 *               empty when clear
 * @param target the target as given: the device or file the user confirms
 */
public record TargetClearance(Kind kind, String reason, Path target) {
    public enum Kind {
        /** Nothing to confirm. */
        CLEAR,
        /** No confirmation allows it (mounted, in use, read-only, a place the engine does not take). */
        REFUSED,
        /** The plan destroys the device's data: the user names the device. */
        CONFIRM_DEVICE,
        /** The plan overwrites a file DriveLab did not create: the user confirms. */
        CONFIRM_OVERWRITE
    }

    static TargetClearance clear(Path target) {
        return new TargetClearance(Kind.CLEAR, "", target);
    }

    static TargetClearance refused(Path target, String reason) {
        return new TargetClearance(Kind.REFUSED, reason, target);
    }

    public boolean needsConfirmation() {
        return kind == Kind.CONFIRM_DEVICE || kind == Kind.CONFIRM_OVERWRITE;
    }
}
