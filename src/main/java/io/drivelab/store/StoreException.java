package io.drivelab.store;

/**
 * A results-store failure, with a message meant for the user (it names the database file where that helps).
 * Unchecked: callers can rarely recover, and the GUI and CLI report it at the top.
 */
public class StoreException extends RuntimeException {
    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
