package io.drivelab.reference;

/** A file that cannot be imported as fio output, with a message naming the file and what is wrong with it. */
public final class FioImportException extends RuntimeException {
    public FioImportException(String message) {
        super(message);
    }

    public FioImportException(String message, Throwable cause) {
        super(message, cause);
    }
}
