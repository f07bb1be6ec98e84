package io.drivelab.store;

import java.util.Locale;

/**
 * How a point's measurement ended. PARTIAL: the engine was stopped early (its figures cover less than the
 * planned runtime); FAILED: the engine reported an error (figures, if any, are what it measured before).
 */
public enum PointStatus {
    COMPLETE, PARTIAL, FAILED;

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static PointStatus fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
