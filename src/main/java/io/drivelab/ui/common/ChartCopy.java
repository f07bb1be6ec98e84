package io.drivelab.ui.common;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.drivelab.report.UnitAxes;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.fx.ChartViewer;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;

/**
 * Copying a chart's figures as tab-separated text with a header, as {@link TableCopy} copies a table's rows: Ctrl+C
 * on a chart that has the focus (a click gives it), and "Copy figures" in its context menu. One line per point
 * drawn: its series, x and y, and the axis y is read on (a chart may have two, IOPS and µs).
 */
public final class ChartCopy {
    private static final KeyCombination COPY = new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);

    private ChartCopy() {
    }

    static void install(ChartViewer viewer) {
        // on release: a scroll pane around the chart takes the focus when the button goes down
        viewer.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> viewer.requestFocus());
        viewer.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (COPY.match(e)) {
                copy(viewer.getChart());
                e.consume();
            }
        });
        MenuItem copy = new MenuItem("Copy figures");
        copy.setOnAction(e -> copy(viewer.getChart()));
        viewer.getContextMenu().getItems().addAll(0, List.of(copy, new SeparatorMenuItem()));
    }

    public static void copy(JFreeChart chart) {
        TableCopy.toClipboard(text(chart));
    }

    /** Header "Series, X AXIS, Value, Axis", then every point of every series shown; "" for a chart without any. */
    public static String text(JFreeChart chart) {
        if (chart == null || !(chart.getPlot() instanceof XYPlot plot)) {
            return "";
        }
        List<List<?>> rows = new ArrayList<>();
        for (int d = 0; d < plot.getDatasetCount(); d++) {
            XYDataset dataset = plot.getDataset(d);
            ValueAxis axis = plot.getRangeAxisForDataset(d);
            if (dataset == null || axis != null && !axis.isVisible()) {
                continue;
            }
            // an axis may read in ms or GB/s; its figures, copied as they are, are in µs or MB/s
            String unit = Objects.requireNonNullElse(UnitAxes.figuresLabel(axis), "");
            for (int s = 0; s < dataset.getSeriesCount(); s++) {
                String series = String.valueOf(dataset.getSeriesKey(s));
                for (int i = 0; i < dataset.getItemCount(s); i++) {
                    if (Double.isNaN(dataset.getYValue(s, i))) {
                        continue;  // a point planned, not measured: no figure
                    }
                    rows.add(List.of(series, number(dataset.getXValue(s, i)), number(dataset.getYValue(s, i)), unit));
                }
            }
        }
        if (rows.isEmpty()) {
            return "";
        }
        String x = Objects.requireNonNullElse(UnitAxes.figuresLabel(plot.getDomainAxis()), "x");
        return TableCopy.tabSeparated(List.of("Series", x, "Value", "Axis"), rows);
    }

    /** As a spreadsheet reads it in any locale: a point for decimals, no grouping, no trailing zeros. */
    private static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "";
        }
        return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }
}
