package io.drivelab.store;

import java.util.Locale;

/** Where a run stands; stored as the lower-case name. */
public enum RunStatus {
    RUNNING, COMPLETE, INTERRUPTED, FAILED;

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RunStatus fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
