package io.drivelab.reference;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A drive's rated endurance from the shipped reference library's vendor figures, or as the user gives it. */
class RatedEnduranceTest {
    private static final ReferenceLibrary LIBRARY = ReferenceLibrary.shipped();

    @Test
    void aDriveOfALibraryModelAndCapacityHasItsVendorsTbw() {
        RatedEndurance rated = RatedEndurance.inLibrary(LIBRARY, "KINGSTON SEDC3000ME7T68", 7_681_501_126_656L)
                .orElseThrow();

        assertEquals(14016, rated.terabytesWritten());
        assertEquals(14016e12, rated.bytes());
        assertTrue(rated.source().startsWith("Kingston DC3000ME 7.68TB, spec in "), rated.source());
    }

    @Test
    void theSameModelOfAnotherCapacityHasThatCapacitysRating() {
        assertEquals(7008, RatedEndurance.inLibrary(LIBRARY, "KINGSTON SEDC3000ME3T84", 3_840_755_982_336L)
                .orElseThrow().terabytesWritten());
        assertEquals(Optional.empty(), RatedEndurance.inLibrary(LIBRARY, "KINGSTON SEDC3000ME1T92",
                1_920_383_410_176L), "no 1.92 TB DC3000ME in the library");
    }

    @Test
    void aDriveTheLibraryDoesNotKnowOrWithoutModelOrCapacityHasNoRating() {
        assertEquals(Optional.empty(), RatedEndurance.inLibrary(LIBRARY, "Samsung SSD 990 PRO 2TB",
                2_000_398_934_016L));
        assertEquals(Optional.empty(), RatedEndurance.inLibrary(LIBRARY, null, 7_681_501_126_656L));
        assertEquals(Optional.empty(), RatedEndurance.inLibrary(LIBRARY, "KINGSTON SEDC3000ME7T68", null));
    }

    @Test
    void aGivenRatingMustBeAPositiveNumberOfTerabytes() {
        assertEquals("1,200 TBW (as given)", RatedEndurance.given(1200).label());
        for (double bad : new double[]{0, -5, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> RatedEndurance.given(bad));
            assertTrue(e.getMessage().startsWith("a drive's rated endurance is a positive number of terabytes "
                    + "written (TBW)"), e.getMessage());
        }
    }

    @Test
    void aCapacityAsTheReviewsWriteItIsRead() {
        assertEquals(12_800_000_000_000L, RatedEndurance.capacityBytes("12.8TB"));
        assertEquals(960_000_000_000L, RatedEndurance.capacityBytes("960GB"));
        assertEquals(null, RatedEndurance.capacityBytes(null));
        assertEquals(null, RatedEndurance.capacityBytes("family"));
    }
}
