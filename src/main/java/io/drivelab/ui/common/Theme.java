package io.drivelab.ui.common;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import org.jfree.chart.fx.ChartViewer;

/**
 * The window's colours: light, dark, or as the desktop is set. Dark is the "dark" style class on the scene's root
 * (drivelab.css colours the controls from it) and the charts' own colours ({@link ChartColours}), which CSS cannot
 * reach.
 */
public enum Theme {
    LIGHT("Light"), DARK("Dark"), SYSTEM("Follow system");

    /** The root's style class of the dark theme. */
    public static final String DARK_CLASS = "dark";

    private final String label;

    Theme(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The theme of a remembered name; {@link #SYSTEM} for none or one this version does not know. */
    public static Theme of(String name) {
        for (Theme t : values()) {
            if (t.name().equalsIgnoreCase(name == null ? "" : name.strip())) {
                return t;
            }
        }
        return SYSTEM;
    }

    /** Whether this theme is dark here: {@link #SYSTEM} asks the desktop. */
    public boolean isDark() {
        return this == DARK || this == SYSTEM && desktopPrefersDark(System.getenv("GTK_THEME"), gsettings(
                "color-scheme"), gsettings("gtk-theme"));
    }

    /**
     * Whether the desktop asks for dark windows: GTK_THEME "Adwaita:dark", GNOME's color-scheme 'prefer-dark', or
     * a GTK theme named dark ("Adwaita-dark"); any of them may be null where the desktop does not say.
     */
    static boolean desktopPrefersDark(String gtkThemeVariable, String colorScheme, String gtkTheme) {
        return contains(gtkThemeVariable, ":dark") || contains(colorScheme, "prefer-dark")
                || contains(gtkTheme, "dark");
    }

    /** Shows {@code scene} light or dark: its controls through the style class, its charts through their colours. */
    public static void show(Scene scene, boolean dark) {
        Parent root = scene.getRoot();
        root.getStyleClass().remove(DARK_CLASS);
        if (dark) {
            root.getStyleClass().add(DARK_CLASS);
        }
        for (Node node : root.lookupAll("ChartViewer")) {
            if (node instanceof ChartViewer viewer && viewer.getChart() != null) {
                ChartColours.apply(viewer.getChart(), dark);
            }
        }
    }

    /** Whether {@code node} is in a scene shown dark. */
    public static boolean isShownDark(Node node) {
        Scene scene = node.getScene();
        return scene != null && scene.getRoot() != null && scene.getRoot().getStyleClass().contains(DARK_CLASS);
    }

    private static boolean contains(String text, String part) {
        return text != null && text.toLowerCase(Locale.ROOT).contains(part);
    }

    /** GNOME's interface setting {@code key}, or null where there is no gsettings or it does not answer at once. */
    private static String gsettings(String key) {
        try {
            Process p = new ProcessBuilder("gsettings", "get", "org.gnome.desktop.interface", key)
                    .redirectErrorStream(true).start();
            if (!p.waitFor(1, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
