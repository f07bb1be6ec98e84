package io.drivelab.store;

import java.util.Locale;

/** MEASURE: a point of the plan's results; PRECONDITION: a fill or steady-state pass kept for the record. */
public enum PointKind {
    MEASURE, PRECONDITION;

    public String dbValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static PointKind fromDb(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
