package io.drivelab.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.BitSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The CPUs a run keeps to, in fio's list syntax, checked before anything runs (issue 10, item 18). */
class CpuListTest {

    @Test
    void fiosFormsAreTakenAsGiven() {
        for (String text : new String[] {"1", "0-3", "0,2", "0-1,6", "12"}) {
            assertEquals(text, CpuList.parse(text).text());
        }
        assertEquals("--cpus_allowed=0,2", CpuList.parse("0,2").engineOption());
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "1-", "-1", "1,", ",1", "1 ", "0x1", "1-2-3", "99999999999"})
    void aListThatIsNotCpuNumbersIsRefusedByItsTextWithTheFormExpected(String text) {
        var e = assertThrows(IllegalArgumentException.class, () -> CpuList.parse(text));
        assertEquals("\"" + text + "\" is not a list of CPUs: give CPU numbers such as 1, 0-3 or 0,2",
                e.getMessage());
    }

    @Test
    void anEmptyListIsRefusedAsEmpty() {
        var e = assertThrows(IllegalArgumentException.class, () -> CpuList.parse(""));
        assertEquals("the CPU list is empty: give CPU numbers such as 1, 0-3 or 0,2", e.getMessage());
    }

    @Test
    void aBackwardRangeIsNamed() {
        var e = assertThrows(IllegalArgumentException.class, () -> CpuList.parse("0,3-1"));
        assertEquals("\"0,3-1\" has the range 3-1, which runs backwards: give CPU numbers such as 1, 0-3 or 0,2",
                e.getMessage());
    }

    @Test
    void theFirstCpuThisProcessMayNotUseIsRefusedByNumber() {
        BitSet usable = CpuList.cpus("0-1,4");
        CpuList.parse("0-1,4").requireUsable(usable);
        var e = assertThrows(IllegalArgumentException.class, () -> CpuList.parse("1-5").requireUsable(usable));
        assertEquals("CPU 2 (of 1-5) is offline or not one this process may use; it may use 0-1,4", e.getMessage());
    }

    @Test
    void aCpuBeyondThisMachineIsRefusedByNumber() {
        var e = assertThrows(IllegalArgumentException.class, () -> CpuList.usable("9999"));
        assertTrue(e.getMessage().startsWith("CPU 9999 (of 9999) is offline or not one this process may use; it "
                + "may use "), e.getMessage());
    }

    @Test
    void theCpusThisProcessMayUseAreWhereTheJvmRuns() {
        BitSet usable = CpuList.usableNow();
        assertEquals(Runtime.getRuntime().availableProcessors(), usable.cardinality());
        assertEquals(CpuList.describe(usable), CpuList.usable(CpuList.describe(usable)).text());
    }
}
