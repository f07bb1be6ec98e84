package io.drivelab.ui.common;

import javafx.beans.property.ObjectProperty;
import javafx.scene.control.Menu;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleGroup;

/** The View menu: the theme, Light, Dark or Follow system, one ticked. */
public final class ThemeMenu {
    private ThemeMenu() {
    }

    /** A "View" menu whose theme items show and set {@code theme}. */
    public static Menu view(ObjectProperty<Theme> theme) {
        Menu themes = new Menu("Theme");
        ToggleGroup group = new ToggleGroup();
        for (Theme t : Theme.values()) {
            RadioMenuItem item = new RadioMenuItem(t.label());
            item.setId("theme-" + t.name().toLowerCase(java.util.Locale.ROOT));
            item.setToggleGroup(group);
            item.setSelected(theme.get() == t);
            item.setOnAction(e -> theme.set(t));
            theme.addListener((o, a, b) -> item.setSelected(b == t));
            themes.getItems().add(item);
        }
        Menu view = new Menu("View");
        view.setId("menu-view");
        view.getItems().add(themes);
        return view;
    }
}
