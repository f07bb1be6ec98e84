package io.drivelab.reference;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** What a published figure measures, with the units it may be given in. */
public enum Metric {
    BANDWIDTH("bandwidth", Unit.MB_S, Unit.GIB_S),
    IOPS("IOPS", Unit.IOPS),
    MEAN_LATENCY("mean latency", Unit.US, Unit.MS),
    /** A vendor's quality-of-service latency: 99 % of I/Os complete within it. */
    LATENCY_QOS_99("latency QoS 99%", Unit.US),
    /** DLIO: seconds to write one checkpoint (or their average over a pass). */
    CHECKPOINT_TIME("checkpoint time", Unit.S),
    POWER("power", Unit.W),
    ENDURANCE("endurance", Unit.TBW),
    MTBF("MTBF", Unit.H);

    private final String label;
    private final List<Unit> units;

    Metric(String label, Unit... units) {
        this.label = label;
        this.units = List.of(units);
    }

    /** The name used in the data files and the CSV, e.g. "mean latency". */
    public String label() {
        return label;
    }

    public List<Unit> units() {
        return units;
    }

    public static Optional<Metric> find(String label) {
        return Arrays.stream(values()).filter(m -> m.label.equals(label)).findFirst();
    }

    @Override
    public String toString() {
        return label;
    }
}
