package io.drivelab.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.reference.RatedEndurance;
import io.drivelab.reference.ReferenceLibrary;
import io.drivelab.reference.ReferenceStore;
import io.drivelab.store.Drive;
import io.drivelab.store.HealthSnapshot;
import io.drivelab.store.PointResult;
import io.drivelab.store.Run;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The share of a drive's rated endurance a run wrote (docs/telemetry.md): what the drive's health logs say it
 * wrote (after − before), else what the run's points wrote; against its rating from the reference library, or one
 * the user gives. What is not known stays unknown, never 0.
 *
 * @param writtenBytes  bytes written, or null when not known
 * @param byHealthLog   whether {@code writtenBytes} is the health logs' difference (else the points' writes)
 * @param rated         the drive's rating, if known
 * @param whyUnrated    why there is no rating (when {@code rated} is empty)
 */
public record EnduranceShare(Long writtenBytes, boolean byHealthLog, Optional<RatedEndurance> rated,
                             String whyUnrated) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * A run's share: {@code given}, when not null, is the user's rating and wins over the library's.
     */
    public static EnduranceShare of(Store store, Run run, HealthSnapshot before, HealthSnapshot after,
                                    List<StoredPoint> points, RatedEndurance given) {
        Long written = healthDifference(before, after);
        boolean byLog = written != null;
        if (written == null) {
            written = pointsWrote(points);
        }
        if (given != null) {
            return new EnduranceShare(written, byLog, Optional.of(given), null);
        }
        Optional<Drive> drive = run.driveId() == null ? Optional.empty() : store.getDrive(run.driveId());
        if (drive.isEmpty()) {
            String holder = after != null ? after.drive() : before != null ? before.drive() : null;
            return new EnduranceShare(written, byLog, Optional.empty(), !"file".equals(run.targetKind())
                    ? "the run's drive is not known" : "a run on a test file" + (holder == null ? "" : " (on "
                    + holder + ")") + " has no drive model to look a rating up by");
        }
        Optional<RatedEndurance> rated = RatedEndurance.inLibrary(library(store), drive.get().model(),
                drive.get().capacityBytes());
        return new EnduranceShare(written, byLog, rated, rated.isPresent() ? null
                : "no rating of " + drive.get().model() + " in the reference library");
    }

    private static ReferenceLibrary library(Store store) {
        ReferenceLibrary stored = ReferenceStore.library(store);
        if (!stored.reviews().isEmpty()) {
            return stored;
        }
        // a database never started with the reference library: the shipped one, where the build has it
        try {
            return ReferenceLibrary.shipped();
        } catch (IllegalStateException e) {
            return ReferenceLibrary.of(List.of());
        }
    }

    /** The rated endurance written, in %; empty when what was written or the rating is not known. */
    public OptionalDouble percent() {
        if (writtenBytes == null || rated.isEmpty()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(100 * writtenBytes / rated.get().bytes());
    }

    /** "0.000061 % of its rated 7,008 TBW (as given)", or why that is unknown. */
    public String sentence() {
        if (writtenBytes == null) {
            return "its share of the rated endurance is unknown: what the run wrote is not known";
        }
        if (rated.isEmpty()) {
            return "its share of the rated endurance is unknown: " + whyUnrated;
        }
        return percentText(percent().orElseThrow()) + " % of its rated " + rated.get().label();
    }

    /** Two significant digits, however small: a run writes millionths of a drive's endurance. */
    static String percentText(double percent) {
        if (percent == 0) {
            return "0";
        }
        return new BigDecimal(percent).round(new MathContext(2)).stripTrailingZeros().toPlainString();
    }

    private static Long healthDifference(HealthSnapshot before, HealthSnapshot after) {
        if (before == null || after == null || before.bytesWritten() == null || after.bytesWritten() == null) {
            return null;
        }
        return after.bytesWritten() - before.bytesWritten();
    }

    /**
     * What the points wrote in their measured time (preconditions included, ramps not: the engine's figures leave
     * them out); null when no point has a result.
     */
    static Long pointsWrote(List<StoredPoint> points) {
        Long total = null;
        for (StoredPoint sp : points) {
            Long bytes = written(sp.point());
            if (bytes != null) {
                total = (total == null ? 0 : total) + bytes;
            }
        }
        return total;
    }

    private static Long written(PointResult p) {
        if (p.resultJson() != null) {
            try {
                JsonNode bytes = JSON.readTree(p.resultJson()).path("write").get("io_bytes");
                if (bytes != null && bytes.isNumber()) {
                    return bytes.asLong();
                }
            } catch (JsonProcessingException e) {
                // the figures below, as the store keeps them
            }
        }
        if (p.write() == null || p.runtimeMs() == null) {
            return null;
        }
        return Math.round(p.write().bwBytes() * (p.runtimeMs() / 1000.0));
    }
}
