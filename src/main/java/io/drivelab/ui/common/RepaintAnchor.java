package io.drivelab.ui.common;

import java.lang.reflect.Field;

import javafx.scene.Scene;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;

/**
 * Keeps JavaFX from painting the whole window for changes nobody can see. When a pulse synchronises nodes but none of
 * them changed what is on screen, Prism finds no dirty region and paints everything (ViewPainter: "there are no dirty
 * regions, so just paint everything"). That happens at every pseudo-class change made after the CSS pass (a list
 * cell re-indexed during layout, a combo box's value, a table's column resize: JavaFX marks the scene's root for the
 * next pulse's CSS, and the root alone is then synchronised) and at every change to a hidden node. In software, as
 * under Xvfb or without a GPU driver, a whole-window paint took 46-120 ms here: the live run's longest pauses
 * (2026-12-02). So when a pulse has nodes to synchronise, a 1-pixel node with nothing to draw changes too, and the
 * painter repaints that pixel rather than the window.
 *
 * <p>The scene's pending nodes are read through a private field: with another JavaFX, where it is missing, nothing
 * is installed and the window paints as before.
 */
public final class RepaintAnchor {
    private static final Field DIRTY_NODES = field("dirtyNodesSize");
    /** Two opacities of a node that draws nothing: each change makes its pixel, and only it, dirty. */
    private static final double ONE = 0.5;
    private static final double OTHER = 0.51;

    private final Region anchor = new Region();
    private final Scene scene;
    private long pokes;

    private RepaintAnchor(Scene scene) {
        this.scene = scene;
    }

    /**
     * Lays a 1-pixel node at the top-left corner of {@code scene}'s root (which must be a {@link Pane}), changed in
     * each pulse that has nodes to synchronise; null where JavaFX's field is missing.
     */
    public static RepaintAnchor install(Scene scene) {
        if (DIRTY_NODES == null || !(scene.getRoot() instanceof Pane root)) {
            return null;
        }
        RepaintAnchor installed = new RepaintAnchor(scene);
        Region anchor = installed.anchor;
        anchor.setManaged(false);
        anchor.setMouseTransparent(true);
        anchor.setFocusTraversable(false);
        anchor.setOpacity(ONE);
        anchor.resizeRelocate(0, 0, 1, 1);
        root.getChildren().add(anchor);
        // after CSS and layout (whose pseudo-class changes mark the root), before the nodes are synchronised
        scene.addPostLayoutPulseListener(installed::afterLayout);
        return installed;
    }

    private void afterLayout() {
        if (pendingNodes() > 0) {
            anchor.setOpacity(anchor.getOpacity() == ONE ? OTHER : ONE);
            pokes++;
        }
    }

    private int pendingNodes() {
        try {
            return DIRTY_NODES.getInt(scene);
        } catch (IllegalAccessException e) {
            return 0;
        }
    }

    /** Pulses in which the anchor changed (for tests). */
    public long pokes() {
        return pokes;
    }

    private static Field field(String name) {
        try {
            Field field = Scene.class.getDeclaredField(name);
            field.setAccessible(true);
            return field.getType() == int.class ? field : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
