package io.drivelab.workload;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A weighted block-size mix ({@code --bssplit=}): each I/O picks a size with the given probability.
 *
 * <p>Weights are percentages that may be decimals (the CDN read mix is 128K at 83.21 %) and add up to 100, within
 * 0.01 like the engine. They are kept as exact decimals so a plan saved and loaded again is the same plan. In JSON
 * a mix is its engine spelling, {@code "128k/83.21:64k/5:4k/11.79"}.
 *
 * @param shares in the order given; no size twice; every weight above 0
 */
public record BlockSizeMix(List<Share> shares) {
    static final BigDecimal HUNDRED = BigDecimal.valueOf(100);
    private static final BigDecimal TOLERANCE = new BigDecimal("0.01");

    /** One size of the mix and its weight in percent. */
    public record Share(long bs, BigDecimal weight) {
        public Share {
            Checks.require("bs", bs, Checks.blockSize(bs));
            Objects.requireNonNull(weight, "weight");
            if (weight.signum() <= 0 || weight.compareTo(HUNDRED) > 0) {
                throw PlanException.of("weight", weight.toPlainString() + " is not a percentage above 0 and up to 100");
            }
            weight = normalise(weight);
        }

        public Share(long bs, String weight) {
            this(bs, new BigDecimal(weight));
        }

        @Override
        public String toString() {
            return Units.formatSize(bs) + "/" + weight.toPlainString();
        }
    }

    public BlockSizeMix {
        shares = List.copyOf(shares);
        Checks.require("bssplit", problem(shares));
    }

    /** The mix in the engine's syntax, e.g. "128k/98.51:64k/0.3725". Throws PlanException on a bad spec. */
    @JsonCreator
    public static BlockSizeMix parse(String spec) {
        List<Share> shares = new ArrayList<>();
        String[] entries = spec.trim().split(":");
        for (String entry : entries) {
            int slash = entry.indexOf('/');
            if (slash < 0) {
                throw PlanException.of("bssplit", "\"" + entry + "\" is not SIZE/WEIGHT (e.g. 128k/83.21)");
            }
            long bs;
            try {
                bs = Units.parseSize(entry.substring(0, slash));
            } catch (IllegalArgumentException e) {
                throw PlanException.of("bssplit", "\"" + entry + "\": " + e.getMessage());
            }
            BigDecimal weight;
            try {
                weight = new BigDecimal(entry.substring(slash + 1).trim());
            } catch (NumberFormatException e) {
                throw PlanException.of("bssplit", "\"" + entry + "\": the weight is not a number");
            }
            try {
                shares.add(new Share(bs, weight));
            } catch (PlanException e) {
                throw PlanException.of("bssplit", "\"" + entry + "\": " + e.problems().get(0));
            }
        }
        return new BlockSizeMix(shares);
    }

    /** What is wrong with these shares as a whole (empty, a size twice, not adding up to 100), or null. */
    static String problem(List<Share> shares) {
        if (shares.isEmpty()) {
            return "a mix needs at least one SIZE/WEIGHT";
        }
        Set<Long> seen = new HashSet<>();
        for (Share s : shares) {
            if (!seen.add(s.bs())) {
                return Units.formatSize(s.bs()) + " is listed twice";
            }
        }
        BigDecimal total = shares.stream().map(Share::weight).reduce(BigDecimal.ZERO, BigDecimal::add);
        if (total.subtract(HUNDRED).abs().compareTo(TOLERANCE) > 0) {
            return "weights add up to " + normalise(total).toPlainString() + ", not 100";
        }
        return null;
    }

    /** The engine's spelling, "128k/83.21:64k/5". */
    @JsonValue
    public String toEngineSpec() {
        return shares.stream().map(Share::toString).collect(Collectors.joining(":"));
    }

    @JsonIgnore
    public long minBs() {
        return shares.stream().mapToLong(Share::bs).min().orElseThrow();
    }

    @JsonIgnore
    public long maxBs() {
        return shares.stream().mapToLong(Share::bs).max().orElseThrow();
    }

    /** The size with the largest weight (the first such when tied): 128K for the CDN mixes. */
    @JsonIgnore
    public long dominantBs() {
        Share best = shares.get(0);
        for (Share s : shares) {
            if (s.weight().compareTo(best.weight()) > 0) {
                best = s;
            }
        }
        return best.bs();
    }

    /** Whether every weight is a whole percentage adding up to exactly 100, as fio's bssplit needs. */
    @JsonIgnore
    public boolean isWholePercent() {
        return shares.stream().allMatch(s -> s.weight().scale() <= 0)
                && shares.stream().map(Share::weight).reduce(BigDecimal.ZERO, BigDecimal::add).compareTo(HUNDRED) == 0;
    }

    /**
     * The mix in whole percentages adding up to exactly 100, for fio: each weight is rounded down, and the points
     * still missing go one each to the largest remainders (ties: the larger weight, then the earlier entry).
     * Sizes that end up with 0 % are left out, since fio gives an entry written "/0" a share of the rest.
     */
    public BlockSizeMix roundedToWholePercent() {
        int n = shares.size();
        // Scale to exactly 100 first, so a mix within the 0.01 tolerance still rounds to 100.
        BigDecimal total = shares.stream().map(Share::weight).reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal[] exact = new BigDecimal[n];
        long[] whole = new long[n];
        long sum = 0;
        for (int i = 0; i < n; i++) {
            exact[i] = shares.get(i).weight().multiply(HUNDRED).divide(total, 12, RoundingMode.HALF_EVEN);
            whole[i] = exact[i].setScale(0, RoundingMode.FLOOR).longValueExact();
            sum += whole[i];
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            order.add(i);
        }
        order.sort(Comparator.<Integer, BigDecimal>comparing(i -> exact[i].subtract(BigDecimal.valueOf(whole[i])))
                .reversed()
                .thenComparing(Comparator.<Integer, BigDecimal>comparing(i -> exact[i]).reversed())
                .thenComparing(Comparator.naturalOrder()));
        for (int k = 0; sum < 100; k++, sum++) {
            whole[order.get(k % n)]++;
        }
        List<Share> rounded = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (whole[i] > 0) {
                rounded.add(new Share(shares.get(i).bs(), BigDecimal.valueOf(whole[i])));
            }
        }
        return new BlockSizeMix(rounded);
    }

    @Override
    public String toString() {
        return toEngineSpec();
    }

    /** 5.00 and 5 are the same weight; keep one spelling so equal mixes are equal records. */
    private static BigDecimal normalise(BigDecimal w) {
        BigDecimal s = w.stripTrailingZeros();
        return s.scale() < 0 ? s.setScale(0) : s;
    }
}
