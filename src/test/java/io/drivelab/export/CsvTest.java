package io.drivelab.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

class CsvTest {

    @Test
    void plainFieldsAreWrittenAsTheyAre() {
        assertEquals("4k,32,409.602\n", Csv.line(Arrays.asList("4k", 32, new BigDecimal("409.602"))));
    }

    @Test
    void nullIsAnEmptyField() {
        assertEquals("a,,b\n", Csv.line(Arrays.asList("a", null, "b")));
    }

    @Test
    void fieldsWithCommasQuotesOrLineBreaksAreQuotedWithQuotesDoubled() {
        assertEquals("\"CDN read mix, 128k\",\"say \"\"hi\"\"\",\"two\nlines\"\n",
                Csv.line(Arrays.asList("CDN read mix, 128k", "say \"hi\"", "two\nlines")));
    }

    @Test
    void decimalsAreNeverInScientificNotation() {
        assertEquals("500\n", Csv.line(Arrays.asList(PointRows.exact(500.0, 3))));
        assertEquals("0.0002\n", Csv.line(Arrays.asList(PointRows.exact(0.0002, 4))));
    }
}
