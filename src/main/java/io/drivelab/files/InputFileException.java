package io.drivelab.files;

import java.nio.file.Path;

/** A text file that was not read: missing, not a regular file, too large, or not UTF-8; the message names it. */
public final class InputFileException extends RuntimeException {
    private final String reason;

    InputFileException(Path file, String reason, Throwable cause) {
        super(file + " " + reason, cause);
        this.reason = reason;
    }

    /** Whether there was no file at the path. */
    public boolean missing() {
        return reason.equals(InputFile.MISSING);
    }

    /** The message without the file's name in front: "is a character device, not a plan file". */
    public String reason() {
        return reason;
    }
}
