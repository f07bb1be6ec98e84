package io.drivelab.store;

/** The disk (or the quota) holding the database has no room for a change: nothing of that change was kept. */
public class DiskFullException extends StoreException {
    public DiskFullException(String message, Throwable cause) {
        super(message, cause);
    }
}
