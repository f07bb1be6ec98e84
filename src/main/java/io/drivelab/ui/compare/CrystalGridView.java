package io.drivelab.ui.compare;

import io.drivelab.report.CrystalSummary;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.VBox;

/** CrystalDiskMark's 8 tiles: a row per test, read and write side by side, MB/s large with IOPS and latency. */
public final class CrystalGridView {
    private CrystalGridView() {
    }

    public static GridPane of(CrystalSummary grid) {
        return of(grid, false);
    }

    /**
     * The grid with each tile on one line (MB/s, then IOPS and latency), for the live view, where the tiles of
     * {@link #of(CrystalSummary)} took the workload charts under them from 301 to 167 px at 1280 x 800.
     */
    public static GridPane compact(CrystalSummary grid) {
        return of(grid, true);
    }

    private static GridPane of(CrystalSummary grid, boolean compact) {
        GridPane pane = new GridPane();
        pane.getStyleClass().add("crystal-grid");
        if (compact) {
            pane.getStyleClass().add("compact");
        }
        pane.setHgap(6);
        pane.setVgap(compact ? 3 : 6);
        pane.add(head("Read"), 1, 0);
        pane.add(head("Write"), 2, 0);
        int row = 1;
        for (CrystalSummary.Row r : grid.rows()) {
            Label test = new Label(r.test());
            test.getStyleClass().add("crystal-test");
            test.setMaxHeight(Double.MAX_VALUE);
            pane.add(test, 0, row);
            pane.add(tile(r.read(), compact), 1, row);
            pane.add(tile(r.write(), compact), 2, row);
            row++;
        }
        return pane;
    }

    private static Label head(String text) {
        Label label = new Label(text);
        label.setStyle("-fx-font-weight: bold;");
        return label;
    }

    private static Pane tile(CrystalSummary.Tile tile, boolean compact) {
        Label headline = new Label(tile.headline());
        headline.getStyleClass().add("crystal-headline");
        Label detail = new Label(tile.detail());
        Pane box;
        if (compact) {
            HBox line = new HBox(8, detail, headline);
            line.setAlignment(Pos.BASELINE_RIGHT);
            box = line;
        } else {
            VBox lines = new VBox(2, headline, detail);
            lines.setAlignment(Pos.CENTER_RIGHT);
            box = lines;
        }
        box.setMinWidth(200);
        box.getStyleClass().add("crystal-tile");
        if (tile.partial()) {
            box.getStyleClass().add("partial");  // stopped or held up: not the test's figure yet
        }
        return box;
    }
}
