package io.drivelab.ui.common;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

/** The application's background work once the window has closed. */
class FxTasksTest {

    /** A result that arrives after the close (the window loads its data after it shows) may ask for more work. */
    @Test
    void workAskedForAfterTheCloseIsDroppedWithoutAnError() {
        FxTasks tasks = new FxTasks();
        tasks.close();
        AtomicBoolean ran = new AtomicBoolean();

        assertDoesNotThrow(() -> tasks.create(() -> ran.getAndSet(true)).start());

        assertFalse(ran.get(), "ran after the close");
    }
}
