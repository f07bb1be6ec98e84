package io.drivelab.ui.compare;

import io.drivelab.report.CrystalSummary;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;

/** CrystalDiskMark's 8 tiles: a row per test, read and write side by side, MB/s large with IOPS and latency. */
public final class CrystalGridView {
    private CrystalGridView() {
    }

    public static GridPane of(CrystalSummary grid) {
        GridPane pane = new GridPane();
        pane.getStyleClass().add("crystal-grid");
        pane.setHgap(6);
        pane.setVgap(6);
        pane.add(head("Read"), 1, 0);
        pane.add(head("Write"), 2, 0);
        int row = 1;
        for (CrystalSummary.Row r : grid.rows()) {
            Label test = new Label(r.test());
            test.getStyleClass().add("crystal-test");
            test.setMaxHeight(Double.MAX_VALUE);
            pane.add(test, 0, row);
            pane.add(tile(r.read()), 1, row);
            pane.add(tile(r.write()), 2, row);
            row++;
        }
        return pane;
    }

    private static Label head(String text) {
        Label label = new Label(text);
        label.setStyle("-fx-font-weight: bold;");
        return label;
    }

    private static VBox tile(CrystalSummary.Tile tile) {
        Label headline = new Label(tile.headline());
        headline.getStyleClass().add("crystal-headline");
        Label detail = new Label(tile.detail());
        VBox box = new VBox(2, headline, detail);
        box.setAlignment(Pos.CENTER_RIGHT);
        box.setMinWidth(200);
        box.getStyleClass().add("crystal-tile");
        return box;
    }
}
