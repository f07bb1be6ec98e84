package io.drivelab.fio;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FioVersionTest {
    @Test
    void aReleaseIsReadAsFioPrintsIt() {
        FioVersion v = FioVersion.parse("fio-3.33\n").orElseThrow();
        assertEquals(3, v.major());
        assertEquals(33, v.minor());
        assertEquals("fio-3.33", v.toString());
    }

    @Test
    void aBuildFromGitIsReadAsItsRelease() {
        assertEquals(36, FioVersion.parse("fio-3.36-12-gabc1234").orElseThrow().minor());
    }

    @Test
    void olderThan329IsNotEnoughAndNewerIs() {
        assertFalse(FioVersion.parse("fio-3.28").orElseThrow().isAtLeast(FioVersion.OLDEST));
        assertFalse(FioVersion.parse("fio-2.99").orElseThrow().isAtLeast(FioVersion.OLDEST));
        assertTrue(FioVersion.parse("fio-3.29").orElseThrow().isAtLeast(FioVersion.OLDEST));
        assertTrue(FioVersion.parse("fio-4.0").orElseThrow().isAtLeast(FioVersion.OLDEST));
    }

    @Test
    void textThatNamesNoVersionIsEmpty() {
        assertTrue(FioVersion.parse("usage: fio [options]").isEmpty());
        assertTrue(FioVersion.parse(null).isEmpty());
    }

    @Test
    void clientAndServerOfOneReleaseMatchAndOfAnotherDoNot() {
        FioVersion v333 = FioVersion.parse("fio-3.33").orElseThrow();
        assertTrue(v333.sameRelease(FioVersion.parse("fio-3.33-1-gdeadbee").orElseThrow()));
        assertFalse(v333.sameRelease(FioVersion.parse("fio-3.35").orElseThrow()));
    }
}
