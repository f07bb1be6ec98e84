package io.drivelab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When the run's engine goes through pkexec, and what a refused authorization says. */
class DeviceAccessTest {
    @TempDir
    Path dir;

    @Test
    void aFileNeverAsksForAnAdministrator() throws Exception {
        Path file = Files.writeString(dir.resolve("f.img"), "x");
        file.toFile().setReadable(false, false);
        file.toFile().setWritable(false, false);
        assertFalse(DeviceAccess.needsPrivileges(file, true));
        assertEquals(List.of("/e", "--serve", "--filename=" + file),
                DeviceAccess.sessionCommand(Path.of("/e"), file, List.of(), true));
    }

    @Test
    void pkexecsRefusalsAreSaidAsARefusedAuthorization() {
        String dismissed = DeviceAccess.refusal(126, "");
        assertTrue(dismissed.startsWith("authorization was refused: the dialog was dismissed"), dismissed);
        String refused = DeviceAccess.refusal(127, "Error executing command as another user: Not authorized\n");
        assertTrue(refused.startsWith("authorization was refused: Error executing command as another user: Not "
                + "authorized;"), refused);
        assertTrue(refused.contains("nothing was measured or written"), refused);
    }

    @Test
    void theEnginesOwnExitCodesAreNoRefusal() {
        for (int code : new int[] {0, 1, 2, 3, 137}) {
            assertNull(DeviceAccess.refusal(code, "engine words"));
        }
    }
}
