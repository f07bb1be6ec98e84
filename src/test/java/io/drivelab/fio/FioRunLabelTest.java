package io.drivelab.fio;

import java.time.Instant;

import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.ui.compare.CompareViewModel;
import javafx.beans.property.SimpleBooleanProperty;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Compare's run list tells a run fio measured from one DriveLab's engine measured. */
class FioRunLabelTest {
    private static Run run(String engineVersion) {
        return new Run(3, "quick on /tmp/t.img", "{}", "quick", "/tmp/t.img", "file", null, "vm", engineVersion,
                Instant.parse("2026-12-01T16:00:00Z"), null, RunStatus.COMPLETE, null, null);
    }

    @Test
    void aRunFioMeasuredSaysFioAndItsVersion() {
        String label = new CompareViewModel.RunChoice(run("fio-3.33"), new SimpleBooleanProperty()).label();
        assertTrue(label.contains("quick · fio-3.33 · complete"), label);
    }

    @Test
    void aRunTheEngineMeasuredNamesNoEngine() {
        String label = new CompareViewModel.RunChoice(run("0.1.0"), new SimpleBooleanProperty()).label();
        assertFalse(label.contains("fio"), label);
    }
}
