package io.drivelab.ui.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The theme's remembered name and what the desktop says, without JavaFX running. */
class ThemeTest {
    @Test
    void aRememberedNameGivesItsThemeAndAnyOtherFollowsTheSystem() {
        assertEquals(Theme.DARK, Theme.of("DARK"));
        assertEquals(Theme.LIGHT, Theme.of(" light "));
        assertEquals(Theme.SYSTEM, Theme.of(null));
        assertEquals(Theme.SYSTEM, Theme.of("sepia"));
    }

    @Test
    void theDesktopAsksForDarkThroughGtkThemeColorSchemeOrADarkThemeName() {
        assertTrue(Theme.desktopPrefersDark("Adwaita:dark", null, null));
        assertTrue(Theme.desktopPrefersDark(null, "'prefer-dark'\n", null));
        assertTrue(Theme.desktopPrefersDark(null, "'default'\n", "'Adwaita-dark'\n"));
        assertFalse(Theme.desktopPrefersDark(null, "'default'\n", "'Adwaita'\n"));
        assertFalse(Theme.desktopPrefersDark(null, null, null));
    }
}
