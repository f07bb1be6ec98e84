package io.drivelab.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.drivelab.ui.plan.EngineChoice;
import io.drivelab.ui.targets.TargetsViewModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine choice, the remote hosts and the CPUs survive a restart through the settings file; without JavaFX.
 */
class RememberedEngineAndHostsTest {
    @TempDir
    Path dir;

    @Test
    void theEngineAndTheRemoteHostsAreReadBackAsSaved() {
        List<TargetsViewModel.RemoteHost> hosts = List.of(
                new TargetsViewModel.RemoteHost("server1:8766", "/dev/nvme1n1", true),
                new TargetsViewModel.RemoteHost("server2", "/data/drivelab.img", false));
        Settings d = Settings.defaults();
        Settings saved = new Settings(d.width(), d.height(), d.preset(), d.planFile(), d.runtime(), d.ramp(),
                d.idle(), d.preconditions(), d.folder(), d.fileSize(), d.referenceDrives(), d.logScale(), d.tab(),
                d.theme(), d.runTogether(), EngineChoice.Engine.FIO.remembered(), hosts, null, null, null);
        Path file = dir.resolve("gui.json");
        saved.save(file);
        Settings read = Settings.load(file);
        assertEquals(EngineChoice.Engine.FIO, EngineChoice.Engine.named(read.engine()));
        assertEquals(hosts, read.remoteHosts());
    }

    @Test
    void settingsFromBeforeTheChoiceMeanDrivelabsEngineAndNoRemoteHosts() throws Exception {
        Path file = dir.resolve("gui.json");
        Files.writeString(file, "{\"width\": 1200, \"height\": 800, \"preset\": \"quick\"}");
        Settings read = Settings.load(file);
        assertEquals(EngineChoice.Engine.DRIVELAB, EngineChoice.Engine.named(read.engine()));
        assertNull(read.remoteHosts());
    }

    @Test
    void stoppingTheOthersWhenOneFailsIsReadBackAsSavedAndIsOffInOlderSettings() throws Exception {
        Settings d = Settings.defaults();
        Path file = dir.resolve("gui.json");
        new Settings(d.width(), d.height(), d.preset(), d.planFile(), d.runtime(), d.ramp(), d.idle(),
                d.preconditions(), d.folder(), d.fileSize(), d.referenceDrives(), d.logScale(), d.tab(), d.theme(),
                true, d.engine(), d.remoteHosts(), true, null, null).save(file);
        assertEquals(Boolean.TRUE, Settings.load(file).stopOthersOnFailure());

        Files.writeString(file, "{\"width\": 1200, \"height\": 800, \"runTogether\": true, \"remoteHosts\": "
                + "[{\"host\": \"server1\", \"path\": \"/data/a.img\", \"ticked\": true}]}");
        Settings older = Settings.load(file);
        assertNull(older.stopOthersOnFailure(), "a file from before the choice: the others go on");
        assertEquals(Boolean.TRUE, older.runTogether());
        assertEquals(1, older.remoteHosts().size(), "the rest of it still reads");
    }

    @Test
    void theCpusAreReadBackAsTypedAndAreNoneInOlderSettings() throws Exception {
        Settings d = Settings.defaults();
        Path file = dir.resolve("gui.json");
        new Settings(d.width(), d.height(), d.preset(), d.planFile(), d.runtime(), d.ramp(), d.idle(),
                d.preconditions(), d.folder(), d.fileSize(), d.referenceDrives(), d.logScale(), d.tab(), d.theme(),
                d.runTogether(), d.engine(), d.remoteHosts(), d.stopOthersOnFailure(), "0,2-3", null).save(file);
        assertEquals("0,2-3", Settings.load(file).cpusAllowed());

        // a file written before the field, with everything it had then
        Files.writeString(file, "{\"width\": 1200, \"height\": 800, \"runtime\": 3, \"engine\": \"fio\", "
                + "\"stopOthersOnFailure\": true}");
        Settings older = Settings.load(file);
        assertNull(older.cpusAllowed(), "a file from before the field: the scheduler places the jobs");
        assertEquals(3, older.runtime());
        assertEquals(Boolean.TRUE, older.stopOthersOnFailure(), "the rest of it still reads");
    }
}
