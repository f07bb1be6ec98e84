package io.drivelab.workload;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UnitsTest {

    @Test
    void sizesAreBinaryInEveryUsualSpelling() {
        assertEquals(4096, Units.parseSize("4k"));
        assertEquals(131072, Units.parseSize("128K"));
        assertEquals(1048576, Units.parseSize("1m"));
        assertEquals(1048576, Units.parseSize("1MiB"));
        assertEquals(1048576, Units.parseSize("1MB"));
        assertEquals(8L << 30, Units.parseSize("8g"));
        assertEquals(4096, Units.parseSize("4096"));
        assertEquals(512, Units.parseSize("512b"));
    }

    @Test
    void aSizeThatIsNotOneSaysSo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Units.parseSize("4 x"));
        assertTrue(e.getMessage().startsWith("\"4 x\" is not a size"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Units.parseSize("-4k"));
        assertThrows(IllegalArgumentException.class, () -> Units.parseSize("1.5m"));
        assertThrows(IllegalArgumentException.class, () -> Units.parseSize("99999999999p"));
    }

    @Test
    void sizesAreWrittenInTheShortestExactForm() {
        assertEquals("4k", Units.formatSize(4096));
        assertEquals("128k", Units.formatSize(131072));
        assertEquals("1m", Units.formatSize(1048576));
        assertEquals("8g", Units.formatSize(8L << 30));
        assertEquals("1536k", Units.formatSize(1536 * 1024));
        assertEquals("1000", Units.formatSize(1000));
    }

    @Test
    void durationsAreSecondsOrWithAUnit() {
        assertEquals(300, Units.parseSeconds("300"));
        assertEquals(300, Units.parseSeconds("300s"));
        assertEquals(300, Units.parseSeconds("5m"));
        assertEquals(10800, Units.parseSeconds("3h"));
        assertThrows(IllegalArgumentException.class, () -> Units.parseSeconds("5 min"));
    }

    @Test
    void durationsForPeople() {
        assertEquals("45 s", Units.formatDuration(Duration.ofSeconds(45)));
        assertEquals("1 min 36 s", Units.formatDuration(Duration.ofSeconds(96)));
        assertEquals("3 h 00 min", Units.formatDuration(Duration.ofHours(3)));
        assertEquals("7 h 45 min", Units.formatDuration(Duration.ofSeconds(27900)));
        assertEquals("2 d 4 h", Units.formatDuration(Duration.ofHours(52)));
    }
}
