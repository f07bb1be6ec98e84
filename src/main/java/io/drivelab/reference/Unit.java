package io.drivelab.reference;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The units of the library, as the CSV writes them. MB/s is 10^6 bytes per second, as the reviews and fio use it;
 * GiB/s (gdsio) is 2^30.
 */
public enum Unit {
    IOPS("IOPS"), MB_S("MB/s"), GIB_S("GiB/s"), US("us"), MS("ms"), S("s"), W("W"), TBW("TBW"), H("h");

    private final String symbol;

    Unit(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    public static Optional<Unit> find(String symbol) {
        return Arrays.stream(values()).filter(u -> u.symbol.equals(symbol)).findFirst();
    }

    /** "IOPS, MB/s, GiB/s, us, ms, s, W, TBW, h". */
    static String choices() {
        return Arrays.stream(values()).map(Unit::symbol).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return symbol;
    }
}
