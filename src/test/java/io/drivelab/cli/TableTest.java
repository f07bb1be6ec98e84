package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.PrintWriter;
import java.io.StringWriter;

import org.junit.jupiter.api.Test;

class TableTest {

    static String print(Table table) {
        StringWriter text = new StringWriter();
        table.print(new PrintWriter(text));
        return text.toString();
    }

    @Test
    void columnsAreTwoSpacesApartAndFiguresRightAligned() {
        Table table = new Table("NAME", "IOPS", "NOTE").alignRight(1)
                .row("4k randread", 100001, "fast")
                .row("128k", 8000, "ok");

        assertEquals("""
                NAME           IOPS  NOTE
                4k randread  100001  fast
                128k           8000  ok
                """, print(table));
    }

    @Test
    void missingValuesAreDashesAndLinesHaveNoTrailingBlanks() {
        Table table = new Table("A", "B", "C").row("long value", null, null);

        assertEquals("""
                A           B  C
                long value  -  -
                """, print(table));
    }

    @Test
    void aRowMustFillTheColumns() {
        assertThrows(IllegalArgumentException.class, () -> new Table("A", "B").row("only one"));
    }
}
