package io.drivelab.run;

/** A target the plan may write only once the user confirms it; {@link #clearance()} says which confirmation. */
public final class ConfirmationNeeded extends RunException {
    private final TargetClearance clearance;

    ConfirmationNeeded(TargetClearance clearance) {
        super(clearance.reason() + (clearance.kind() == TargetClearance.Kind.CONFIRM_DEVICE
                ? ". To confirm, name the device to destroy"
                : ". Give a new file name for DriveLab to create, or confirm that it may be overwritten"));
        this.clearance = clearance;
    }

    public TargetClearance clearance() {
        return clearance;
    }
}
