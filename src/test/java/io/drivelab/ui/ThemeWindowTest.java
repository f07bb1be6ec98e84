package io.drivelab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.nio.file.Path;

import io.drivelab.IntegrationTest;
import io.drivelab.ui.common.Theme;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.Menu;
import javafx.stage.Stage;
import org.jfree.chart.fx.ChartViewer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** View, Theme on the real window (headless Monocle): the controls and the charts go dark, and it is remembered. */
@IntegrationTest
class ThemeWindowTest {
    @TempDir
    Path dir;
    private Stage stage;
    private final FxRobot robot = new FxRobot();

    private WindowUnderTest window;

    private void open() throws Exception {
        window = WindowUnderTest.open(dir);
        stage = window.stage();
    }

    private void close() throws Exception {
        window.close();
        window = null;
    }

    @AfterEach
    void closeApp() throws Exception {
        if (window != null) {
            close();
        }
    }

    private RadioMenuItem themeItem(String id) {
        Menu view = robot.lookup(".menu-bar").queryAs(MenuBar.class).getMenus().get(0);
        Menu themes = (Menu) view.getItems().get(0);
        for (MenuItem item : themes.getItems()) {
            if (id.equals(item.getId())) {
                return (RadioMenuItem) item;
            }
        }
        throw new AssertionError("no menu item " + id);
    }

    private Color chartBackground() {
        return (Color) robot.lookup("#time-chart").queryAs(ChartViewer.class).getChart().getBackgroundPaint();
    }

    private boolean rootIsDark() {
        return stage.getScene().getRoot().getStyleClass().contains(Theme.DARK_CLASS);
    }

    @Test
    void darkTurnsTheControlsAndTheChartsDarkAndIsRememberedAcrossStarts() throws Exception {
        open();
        robot.interact(() -> themeItem("theme-light").fire());
        assertFalse(rootIsDark());
        Color light = chartBackground();
        assertTrue(light.getRed() > 200, "a light chart background: " + light);

        robot.interact(() -> themeItem("theme-dark").fire());
        assertTrue(rootIsDark());
        Color dark = chartBackground();
        assertNotEquals(light, dark);
        assertTrue(dark.getRed() < 80 && dark.getGreen() < 80 && dark.getBlue() < 80, "a dark chart: " + dark);
        assertTrue(themeItem("theme-dark").isSelected());
        close();

        assertEquals("DARK", Settings.load(dir.resolve("config/gui.json")).theme());
        open();
        assertTrue(themeItem("theme-dark").isSelected(), "the choice is ticked again");
        assertTrue(rootIsDark());
        assertEquals(dark, chartBackground(), "the charts are dark from the start");

        robot.interact(() -> themeItem("theme-light").fire());
        assertEquals(light, chartBackground(), "back to the report's light colours");
    }
}
