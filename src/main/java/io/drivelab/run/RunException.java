package io.drivelab.run;

/** A run cannot start or go on; the message says what is wrong and what to do. */
public class RunException extends RuntimeException {
    public RunException(String message) {
        super(message);
    }

    public RunException(String message, Throwable cause) {
        super(message, cause);
    }
}
