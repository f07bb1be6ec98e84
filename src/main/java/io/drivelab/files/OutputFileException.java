package io.drivelab.files;

/**
 * A file DriveLab was asked to write and did not: either refused before anything was written (a device, a folder,
 * a link to one of those: {@link #refused()}), or the write failed (the message says why, the old file stays).
 */
public final class OutputFileException extends RuntimeException {
    private final boolean refused;

    OutputFileException(String message, boolean refused, Throwable cause) {
        super(message, cause);
        this.refused = refused;
    }

    /** True when the path was refused (the user's choice is wrong); false when writing failed. */
    public boolean refused() {
        return refused;
    }
}
