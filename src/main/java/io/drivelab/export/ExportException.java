package io.drivelab.export;

/** An export that cannot be made as asked: no such run, or no group to combine; the message says which. */
public final class ExportException extends RuntimeException {
    ExportException(String message) {
        super(message);
    }
}
