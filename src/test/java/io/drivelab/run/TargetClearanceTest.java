package io.drivelab.run;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.Region;
import io.drivelab.workload.Rw;
import io.drivelab.workload.TestPlan;
import io.drivelab.workload.Workload;
import io.drivelab.workload.WorkloadStep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The write guard answers what a target needs as a value (issue 11, item 2), for each face to word: the GUI asks
 * once instead of trying confirmations and catching refusals; no answer names an option of the command line.
 */
class TargetClearanceTest {
    @TempDir
    Path dir;
    private final WriteGuard guard = new WriteGuard(new DeviceDiscovery());

    private static TestPlan plan(Rw rw) {
        return new TestPlan("clearance-" + rw.value(), "", Region.ofSize(1 << 20),
                List.of(new WorkloadStep(Workload.of(rw, 4096), Matrix.single(1, 1, 1, 0, 0))));
    }

    @Test
    void aNewFileNeedsNothing() {
        TargetClearance c = guard.clearance(dir.resolve("new.img"), plan(Rw.RANDWRITE));

        assertEquals(TargetClearance.Kind.CLEAR, c.kind());
    }

    @Test
    void anExistingFileAWritePlanWouldOverwriteNeedsTheOverwriteConfirmation() throws Exception {
        Path theirs = Files.writeString(dir.resolve("theirs.img"), "a user's data");

        TargetClearance c = guard.clearance(theirs, plan(Rw.RANDWRITE));

        assertEquals(TargetClearance.Kind.CONFIRM_OVERWRITE, c.kind());
        assertEquals(theirs, c.target());
        assertTrue(c.reason().contains("not a DriveLab test file"), c.reason());
        assertFalse(c.reason().contains("--"), c.reason());
    }

    @Test
    void aFolderForAPlanThatIsNoCheckpointPlanIsRefusedWithTheReason() {
        TargetClearance c = guard.clearance(dir, plan(Rw.RANDREAD));

        assertEquals(TargetClearance.Kind.REFUSED, c.kind());
        assertTrue(c.reason().contains("is a folder"), c.reason());
    }

    @Test
    void aFileInProcIsRefused() {
        TargetClearance c = guard.clearance(Path.of("/proc/self/status"), plan(Rw.RANDREAD));

        assertEquals(TargetClearance.Kind.REFUSED, c.kind());
    }
}
