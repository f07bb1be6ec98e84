package io.drivelab.store;

import java.util.Locale;

/** An I/O direction, named as in the engine's JSON ("read", "write"). */
public enum Direction {
    READ, WRITE;

    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Direction fromJsonName(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
