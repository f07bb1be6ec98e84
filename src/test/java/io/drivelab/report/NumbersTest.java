package io.drivelab.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** One number format, in the user's locale, with units that grow with the figure. */
class NumbersTest {
    private Locale before;

    @BeforeEach
    void german() {
        before = Locale.getDefault(Locale.Category.FORMAT);
        Locale.setDefault(Locale.Category.FORMAT, Locale.GERMANY);
    }

    @AfterEach
    void restore() {
        Locale.setDefault(Locale.Category.FORMAT, before);
    }

    @Test
    void figuresAreGroupedAsTheUsersLocaleGroupsThem() {
        assertEquals("26.345", Numbers.figure(26_345));
        assertEquals("12,3", Numbers.figure(12.34));
    }

    @Test
    void latencyGrowsFromMicrosecondsIntoMilliseconds() {
        assertEquals("95,3 µs", Numbers.latency(95.3));
        assertEquals("2,47 ms", Numbers.latency(2474.0));
        assertEquals("303,7 ms", Numbers.latency(303_722.0));
        assertEquals(null, Numbers.latency(null));
    }

    @Test
    void bandwidthGrowsFromMegabytesIntoGigabytesPerSecond() {
        assertArrayEquals(new String[]{"1.679", "MB/s"}, Numbers.throughput(1679.4, Throughput.MB_S));
        assertArrayEquals(new String[]{"14,1", "GB/s"}, Numbers.throughput(14_100, Throughput.MB_S));
        assertArrayEquals(new String[]{"62.345", "IOPS"}, Numbers.throughput(62_345, Throughput.IOPS));
    }
}
