package io.drivelab.ui.common;

import java.util.ArrayList;
import java.util.List;

import javafx.scene.Scene;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * Copying a results table's selected rows as tab-separated text with a header line, the form a spreadsheet pastes
 * into columns: Ctrl+C on any focused table of the window, and a "Copy" item in the tables' context menu.
 */
public final class TableCopy {
    private static final KeyCombination COPY = new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);

    private TableCopy() {
    }

    /** Ctrl+C copies the selected rows of whichever table has the focus; other controls keep their own copy. */
    public static void everywhere(Scene scene) {
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            if (COPY.match(e) && scene.getFocusOwner() instanceof TableView<?> table) {
                copy(table);
                e.consume();
            }
        });
    }

    /** Lets {@code table} select several rows and copy them with Ctrl+C or its context menu's "Copy". */
    public static void install(TableView<?> table) {
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (COPY.match(e)) {
                copy(table);
                e.consume();
            }
        });
        // No accelerator on the item: the scene would send every Ctrl+C to this table, focused or not.
        MenuItem copy = new MenuItem("Copy");
        copy.setOnAction(e -> copy(table));
        copy.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        table.setContextMenu(new ContextMenu(copy));
    }

    /** Puts the selected rows on the clipboard; nothing when none is selected. */
    public static void copy(TableView<?> table) {
        toClipboard(text(table));
    }

    /** Puts {@code text} on the clipboard; nothing when it is empty. */
    static void toClipboard(String text) {
        if (!text.isEmpty()) {
            ClipboardContent content = new ClipboardContent();
            content.putString(text);
            Clipboard.getSystemClipboard().setContent(content);
        }
    }

    /** The header and the selected rows, in the table's order, as shown: one line each, cells tab-separated. */
    public static <S> String text(TableView<S> table) {
        List<Integer> rows = new ArrayList<>(table.getSelectionModel().getSelectedIndices());
        if (rows.isEmpty()) {
            return "";
        }
        rows.sort(null);
        List<TableColumn<S, ?>> columns = table.getVisibleLeafColumns();
        List<List<?>> cells = new ArrayList<>();
        for (int row : rows) {
            cells.add(columns.stream().map(c -> c.getCellData(row)).toList());
        }
        return tabSeparated(columns.stream().map(TableColumn::getText).toList(), cells);
    }

    /** A header line and one line per row, cells tab-separated: what a spreadsheet pastes into columns. */
    static String tabSeparated(List<String> header, List<List<?>> rows) {
        StringBuilder text = new StringBuilder();
        text.append(String.join("\t", header.stream().map(TableCopy::cell).toList())).append('\n');
        for (List<?> row : rows) {
            text.append(String.join("\t", row.stream().map(TableCopy::cell).toList())).append('\n');
        }
        return text.toString();
    }

    /** A tab or line break inside a cell would split it in the spreadsheet. */
    private static String cell(Object value) {
        return value == null ? "" : value.toString().replaceAll("[\\t\\r\\n]+", " ");
    }
}
