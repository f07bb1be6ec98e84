package io.drivelab.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A plain-text table for the terminal: a header row, columns two spaces apart, numbers right-aligned where asked.
 * Missing values (null) print as "-". The last column is not padded, so lines carry no trailing blanks.
 */
public final class Table {
    private static final String MISSING = "-";

    private final List<String> headers;
    private final boolean[] right;
    private final List<String[]> rows = new ArrayList<>();

    public Table(String... headers) {
        this.headers = List.of(headers);
        this.right = new boolean[headers.length];
    }

    /** Right-aligns these columns (0-based), for figures. */
    public Table alignRight(int... columns) {
        for (int column : columns) {
            right[column] = true;
        }
        return this;
    }

    /** Adds a row; cells are printed with toString(), null as "-". */
    public Table row(Object... cells) {
        if (cells.length != headers.size()) {
            throw new IllegalArgumentException("a row of " + cells.length + " cells in a table of "
                    + headers.size() + " columns");
        }
        rows.add(Arrays.stream(cells).map(c -> c == null ? MISSING : c.toString()).toArray(String[]::new));
        return this;
    }

    public int size() {
        return rows.size();
    }

    /** Prints the table in one write: picocli's writer flushes at every line (1,000 runs: 1,000 writes). */
    public void print(PrintWriter out) {
        int[] widths = new int[headers.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = headers.get(i).length();
        }
        for (String[] row : rows) {
            for (int i = 0; i < widths.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder text = new StringBuilder();
        line(text, headers.toArray(String[]::new), widths);
        for (String[] row : rows) {
            line(text, row, widths);
        }
        out.print(text);
        out.flush();
    }

    private void line(StringBuilder text, String[] cells, int[] widths) {
        int start = text.length();
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) {
                text.append("  ");
            }
            String padding = " ".repeat(widths[i] - cells[i].length());
            text.append(right[i] ? padding : "").append(cells[i]).append(right[i] ? "" : padding);
        }
        // no trailing blanks
        int end = text.length();
        while (end > start && text.charAt(end - 1) == ' ') {
            end--;
        }
        text.setLength(end);
        text.append(System.lineSeparator());
    }
}
