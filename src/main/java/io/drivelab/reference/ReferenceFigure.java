package io.drivelab.reference;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;

import io.drivelab.store.DirectionResult;
import io.drivelab.store.PointResult;
import io.drivelab.workload.Rw;
import io.drivelab.workload.Units;

/**
 * One figure a review publishes, with where it comes from and the workload it belongs to. What the review does not
 * say is null: a peak given without its configuration has no IODepth and NumJobs.
 *
 * @param rw        the access pattern, or null where it does not apply (DLIO, power, endurance)
 * @param bs        the block size in bytes, or null
 * @param mix       the named block-size mix (CDN), or null
 * @param numjobs   NumJobs; for GDSIO the thread count
 * @param qualifier how the value relates to the printed one, or null when it is the printed value
 * @param seeds     the copies of the review the value was read from
 */
public record ReferenceFigure(ReferenceSource source, ReferenceDrive drive, Kind kind, String section, String suite,
                              String test, Rw rw, Long bs, NamedMix mix, Integer iodepth, Integer numjobs,
                              Metric metric, double value, Unit unit, Qualifier qualifier, String note,
                              List<String> seeds) {

    /** MEASURED: a review's own measurement; SPEC: a vendor's specification, as the review quotes it. */
    public enum Kind {
        MEASURED, SPEC;

        public String label() {
            return this == MEASURED ? "measured" : "spec";
        }
    }

    /** The suite name of NVIDIA gdsio figures: their numjobs is a thread count, each thread one I/O at a time. */
    public static final String GDSIO = "GDSIO";

    public ReferenceFigure {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(drive, "drive");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(unit, "unit");
        seeds = List.copyOf(seeds);
    }

    /** "4k", "CDN read mix", or null when the review gives no transfer size. */
    public String transferLabel() {
        return bs != null ? Units.formatSize(bs) : mix != null ? mix.name() : null;
    }

    /** "QD32/8"; a part the review does not give is "?": "QD1/?"; null when it gives neither. */
    public String configurationLabel() {
        if (iodepth == null && numjobs == null) {
            return null;
        }
        return "QD" + (iodepth == null ? "?" : iodepth) + "/" + (numjobs == null ? "?" : numjobs);
    }

    /** "Kingston DC3000ME review [001_507741c9d7844d8e.txt] 4K random read": the review, its copy, its section. */
    public String sourceLabel() {
        return source.shortTitle() + " [" + String.join(" + ", seeds) + "] " + section;
    }

    /** The value as the data file has it, without a trailing ".0": "940", "8944.9", "3.577". */
    public String valueText() {
        BigDecimal exact = BigDecimal.valueOf(value).stripTrailingZeros();
        return (exact.scale() < 0 ? exact.setScale(0) : exact).toPlainString();
    }

    /** The qualifier and the note together, for one column: "approximate; review: around 7,100 MB/s". */
    public String noteText() {
        if (qualifier == null) {
            return note;
        }
        return note == null ? qualifier.label() : qualifier.label() + "; " + note;
    }

    /** Whether the review gives both IODepth and NumJobs. */
    public boolean configurationKnown() {
        return iodepth != null && numjobs != null;
    }

    /**
     * Whether a point DriveLab measures can stand next to this figure: a measurement (not a specification) of a
     * known access pattern and transfer size.
     */
    public boolean comparableWithPoints() {
        return kind == Kind.MEASURED && rw != null && (bs != null || mix != null);
    }

    /** A gdsio figure: GPU Direct Storage, compared only with points that emulate gdsio. */
    public boolean isGdsio() {
        return GDSIO.equals(suite);
    }

    /**
     * The point's own figure in this figure's metric and unit, so the two can be set side by side: MB/s
     * (10^6 bytes/s), GiB/s, IOPS, or mean latency in us or ms. Empty when the point lacks it (a failed point, a
     * direction it did not do) or the metric is not one a point measures.
     */
    public OptionalDouble comparableValue(PointResult point) {
        if (rw == null || rw.isMixed()) {
            return OptionalDouble.empty();
        }
        DirectionResult figures = rw.reads() ? point.read() : point.write();
        if (figures == null) {
            return OptionalDouble.empty();
        }
        return switch (metric) {
            case BANDWIDTH -> OptionalDouble.of(unit == Unit.GIB_S ? figures.bwBytes() / (double) (1L << 30)
                    : figures.bwBytes() / 1e6);
            case IOPS -> OptionalDouble.of(figures.iops());
            case MEAN_LATENCY -> figures.latMeanNs() == null ? OptionalDouble.empty()
                    : OptionalDouble.of(figures.latMeanNs() / (unit == Unit.MS ? 1e6 : 1e3));
            default -> OptionalDouble.empty();
        };
    }

    /** "Kingston DC3000ME 7.68TB, 4K random read QD16/16: 1957920 IOPS". */
    @Override
    public String toString() {
        String configuration = configurationLabel();
        return String.format(Locale.ROOT, "%s, %s%s: %s %s%s", drive.label(), test,
                configuration == null ? "" : " " + configuration, valueText(), unit.symbol(),
                qualifier == null ? "" : " (" + qualifier.label() + ")");
    }
}
