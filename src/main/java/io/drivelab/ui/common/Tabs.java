package io.drivelab.ui.common;

import java.util.Locale;
import java.util.function.Function;

import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.scene.Node;
import javafx.scene.control.Tab;

/** The window's tabs: each with an id tests and styles find it by, and those whose content is made when first shown. */
public final class Tabs {
    private Tabs() {
    }

    /** A tab titled {@code title} with the id "tab-" + its title in lower case. */
    public static Tab named(String title, Node content) {
        Tab tab = new Tab(title, content);
        tab.setId("tab-" + title.toLowerCase(Locale.ROOT));
        return tab;
    }

    /**
     * A tab whose content is made and joins the scene when the tab is first chosen: the styling and layout of
     * Compare and History, hidden at a start, took 0.1 s of the window's start, and making Compare's view another
     * 0.1 s (README, "Responsiveness and scale").
     */
    public static Tab filledWhenChosen(String title, Function<Tab, Node> content) {
        Tab tab = named(title, null);
        tab.selectedProperty().addListener(new InvalidationListener() {
            @Override
            public void invalidated(Observable selected) {
                if (tab.isSelected()) {
                    tab.selectedProperty().removeListener(this);
                    tab.setContent(content.apply(tab));
                }
            }
        });
        return tab;
    }
}
