package io.drivelab.export;

import java.util.List;
import java.util.stream.Collectors;

/** CSV as RFC 4180 has it: comma-separated, a field quoted when it holds a comma, quote or line break. */
public final class Csv {
    private Csv() {
    }

    /** One record, ending in "\n"; null fields are empty. */
    public static String line(List<?> fields) {
        return fields.stream().map(Csv::field).collect(Collectors.joining(",")) + "\n";
    }

    static String field(Object value) {
        if (value == null) {
            return "";
        }
        String text = value instanceof java.math.BigDecimal d ? d.toPlainString() : value.toString();
        if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
            return text;
        }
        return '"' + text.replace("\"", "\"\"") + '"';
    }
}
