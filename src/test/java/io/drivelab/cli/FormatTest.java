package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FormatTest {

    @Test
    void capacityIsInDecimalUnitsAsDrivesAreSold() {
        assertEquals("1.00 TB", Format.capacity(1953525168L * 512));
        assertEquals("2.00 TB", Format.capacity(3907029168L * 512));
        assertEquals("240 GB", Format.capacity(468862128L * 512));
        assertEquals("1.07 GB", Format.capacity(1L << 30));
        assertEquals("512 B", Format.capacity(512));
    }

    @Test
    void capacityRoundsUpToTheNextUnitRatherThanShow1000() {
        assertEquals("1.00 TB", Format.capacity(999_900_000_000L));
    }

    @Test
    void figuresForTables() {
        assertEquals("100001", Format.iops(100000.5));
        assertEquals("16.7", Format.iops(16.7));
        assertEquals("409.6", Format.megabytesPerSecond(409602048));
        assertEquals("318.0", Format.microsOfNanos(318000.25));
        assertEquals(null, Format.microsOfNanos(null));
    }
}
