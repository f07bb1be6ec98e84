package io.drivelab.reference;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How much a drive may write over its warranty, in terabytes (10^12 bytes) written: its vendor's endurance figure
 * from the reference library, or a figure the user gives.
 *
 * @param terabytesWritten the rating, TBW
 * @param source           where it comes from: "as given", or the library's drive and review
 */
public record RatedEndurance(double terabytesWritten, String source) {
    /** A stored drive is a library drive of the same capacity within this share (7.68 TB drives hold 7.6815e12 B). */
    private static final double CAPACITY_TOLERANCE = 0.02;
    private static final Pattern CAPACITY = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(TB|GB)",
            Pattern.CASE_INSENSITIVE);

    public RatedEndurance {
        if (!(terabytesWritten > 0) || Double.isInfinite(terabytesWritten)) {
            throw new IllegalArgumentException("a drive's rated endurance is a positive number of terabytes written "
                    + "(TBW), such as 7008; not " + terabytesWritten);
        }
    }

    /** A rating the user gives. */
    public static RatedEndurance given(double terabytesWritten) {
        return new RatedEndurance(terabytesWritten, "as given");
    }

    /** The rating in bytes. */
    public double bytes() {
        return terabytesWritten * 1e12;
    }

    /** "7,008 TBW (as given)". */
    public String label() {
        return String.format(Locale.ROOT, "%,.0f TBW (%s)", terabytesWritten, source);
    }

    /**
     * The library's endurance figure (TBW) of the drive a run was filed under: a library drive whose model the
     * drive's model contains (letters and digits only, any case: "KINGSTON SEDC3000ME7T6" is a DC3000ME) and whose
     * capacity is the drive's. Empty when the library has no such drive or no endurance figure of it.
     *
     * @param model         the drive's model as the kernel gives it, or null
     * @param capacityBytes the drive's capacity, or null
     */
    public static Optional<RatedEndurance> inLibrary(ReferenceLibrary library, String model, Long capacityBytes) {
        if (model == null || capacityBytes == null || capacityBytes <= 0) {
            return Optional.empty();
        }
        String drive = letters(model);
        for (ReferenceFigure f : library.figures()) {
            if (f.metric() != Metric.ENDURANCE || f.unit() != Unit.TBW || f.value() <= 0) {
                continue;
            }
            Long capacity = capacityBytes(f.drive().capacity());
            String libraryModel = letters(f.drive().model());
            if (capacity != null && !libraryModel.isEmpty() && drive.contains(libraryModel)
                    && Math.abs(capacityBytes - capacity) <= CAPACITY_TOLERANCE * capacity) {
                return Optional.of(new RatedEndurance(f.value(), f.drive().label() + ", " + f.kind().label()
                        + " in " + f.source().shortTitle()));
            }
        }
        return Optional.empty();
    }

    /** "7.68TB" → 7.68e12 bytes; null for a family without a capacity or one this cannot read. */
    static Long capacityBytes(String capacity) {
        if (capacity == null) {
            return null;
        }
        Matcher m = CAPACITY.matcher(capacity.strip());
        if (!m.matches()) {
            return null;
        }
        double value = Double.parseDouble(m.group(1));
        return Math.round(value * (m.group(2).equalsIgnoreCase("TB") ? 1e12 : 1e9));
    }

    private static String letters(String text) {
        return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
    }
}
