package io.drivelab.workload;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The access pattern, with fio's and the engine's names ({@code --rw=}). */
public enum Rw {
    READ(false, true, false),
    WRITE(false, false, true),
    RANDREAD(true, true, false),
    RANDWRITE(true, false, true),
    RANDRW(true, true, true),
    /** Sequential mixed reads and writes. */
    RW(false, true, true);

    private final boolean random;
    private final boolean reads;
    private final boolean writes;

    Rw(boolean random, boolean reads, boolean writes) {
        this.random = random;
        this.reads = reads;
        this.writes = writes;
    }

    /** The option value: "randread" etc. */
    @JsonValue
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean isRandom() {
        return random;
    }

    public boolean isSequential() {
        return !random;
    }

    public boolean reads() {
        return reads;
    }

    public boolean writes() {
        return writes;
    }

    /** Both reads and writes, so {@code rwmixread} applies. */
    public boolean isMixed() {
        return reads && writes;
    }

    /** The pattern for an option value; "readwrite" is accepted as fio's and the engine's alias of "rw". */
    public static Optional<Rw> find(String value) {
        if ("readwrite".equals(value)) {
            return Optional.of(RW);
        }
        return Arrays.stream(values()).filter(r -> r.value().equals(value)).findFirst();
    }

    @JsonCreator
    public static Rw of(String value) {
        return find(value).orElseThrow(() -> PlanException.of("rw", "\"" + value + "\" is not " + choices()));
    }

    /** "one of read, write, randread, randwrite, randrw, rw". */
    static String choices() {
        return "one of " + Arrays.stream(values()).map(Rw::value).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return value();
    }
}
