package io.drivelab.reference;

import java.util.Map;
import java.util.SortedMap;

/**
 * fio's latency histogram layout (stat.h: FIO_IO_U_PLAT_BITS 6, FIO_IO_U_PLAT_GROUP_NR 29), which the engine
 * shares: json+ output names each bucket by its midpoint in ns (plat_idx_to_val), the store by its index.
 */
public final class FioHistogram {
    static final int BITS = 6;
    static final int GROUPS = 29;
    static final String LAYOUT = "fio";
    private static final int VAL = 1 << BITS;
    private static final int NR = GROUPS * VAL;

    /** The percentiles fio and the engine report, as the engine names them. */
    static final String[] PERCENTILES = {"1", "5", "10", "20", "30", "40", "50", "60", "70", "80", "90", "95", "99",
            "99.5", "99.9", "99.95", "99.99"};

    private FioHistogram() {
    }

    /** The bucket a latency falls into (fio's plat_val_to_idx). */
    public static int index(long ns) {
        if (ns < (VAL << 1)) {
            return (int) ns;
        }
        int msb = 63 - Long.numberOfLeadingZeros(ns);
        int errorBits = msb - BITS;
        int idx = ((errorBits + 1) << BITS) + (int) ((ns >> errorBits) & (VAL - 1));
        return Math.min(idx, NR - 1);
    }

    /** A bucket's midpoint in ns (fio's plat_idx_to_val), the name json+ gives it. */
    public static long value(int idx) {
        if (idx < (VAL << 1)) {
            return idx;
        }
        int errorBits = (idx >> BITS) - 1;
        long base = 1L << (errorBits + BITS);
        return base + (long) (idx % VAL) * (1L << errorBits) + ((1L << errorBits) >> 1);
    }

    /**
     * Percentiles of a histogram by fio's rule: the midpoint of the first bucket whose running count reaches p % of
     * all samples, kept within [min, max].
     */
    public static Map<String, Long> percentiles(SortedMap<Integer, Long> buckets, long min, long max) {
        long total = buckets.values().stream().mapToLong(Long::longValue).sum();
        java.util.LinkedHashMap<String, Long> out = new java.util.LinkedHashMap<>();
        if (total == 0) {
            return out;
        }
        int j = 0;
        long sum = 0;
        for (Map.Entry<Integer, Long> bucket : buckets.entrySet()) {
            sum += bucket.getValue();
            while (j < PERCENTILES.length && sum >= Double.parseDouble(PERCENTILES[j]) / 100.0 * total) {
                out.put(PERCENTILES[j++], Math.max(min, Math.min(max, value(bucket.getKey()))));
            }
        }
        while (j < PERCENTILES.length) {
            out.put(PERCENTILES[j++], max);
        }
        return out;
    }
}
