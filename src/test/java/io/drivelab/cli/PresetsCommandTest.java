package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.drivelab.workload.PlanEstimate;
import io.drivelab.workload.Presets;
import org.junit.jupiter.api.Test;

class PresetsCommandTest {

    @Test
    void everyPresetIsListedWithItsEstimatePointCountAndSummary() {
        Cli.Result result = Cli.run("presets");

        assertEquals(0, result.exitCode(), result.toString());
        List<String> lines = result.lines();
        assertTrue(lines.get(0).matches("PRESET +DURATION +POINTS +SUMMARY"), lines.get(0));
        assertEquals(Presets.names().size() + 1, lines.size(), result.out());
        for (Presets.Preset preset : Presets.all()) {
            String line = lines.stream().filter(l -> l.startsWith(preset.name() + " ")).findFirst().orElseThrow();
            String duration = java.util.regex.Pattern.quote(PlanEstimate.duration(preset.plan()));
            assertTrue(line.matches(preset.name() + " +" + duration + " +" + preset.plan().points().size() + "  "
                    + java.util.regex.Pattern.quote(preset.summary())), line);
        }
    }

    @Test
    void theQuickPresetHas16PointsInAboutOneAndAHalfMinutes() {
        String quick = Cli.run("presets").lines().stream().filter(l -> l.startsWith("quick ")).findFirst()
                .orElseThrow();

        assertTrue(quick.matches("quick +1 min 36 s +16  sanity sweep: .*"), quick);
    }

    @Test
    void aPresetWithFillsCountsThemAsPassesOverTheRegion() {
        String fio = Cli.run("presets").lines().stream().filter(l -> l.startsWith("storagereview-fio ")).findFirst()
                .orElseThrow();

        assertTrue(fio.contains(" + 3 passes over the region "), fio);
        assertTrue(fio.contains(" 182  "), fio);
    }

    @Test
    void aCheckpointPresetSaysWhatItsCheckpointsWriteAsTheWindowDoes() {
        // it said "0 s + 8 passes over the region" beside a description of 3 passes: the window said 36 checkpoints
        String dlio = Cli.run("presets").lines().stream().filter(l -> l.startsWith("dlio-checkpoint ")).findFirst()
                .orElseThrow();
        assertTrue(dlio.matches("dlio-checkpoint +36 checkpoints writing 7\\.7 times the target +1  .*"), dlio);

        String shown = Cli.run("plan", "show", "dlio-checkpoint").out();
        assertTrue(shown.contains("Estimate:  36 checkpoints writing 7.7 times the target: as long as the drive takes, "
                + "e.g. about "), shown);
        String window = PlanEstimate.sentence(Presets.get(Presets.DLIO_CHECKPOINT));
        assertTrue(window.startsWith("1 point, ") && shown.contains(window.substring("1 point, ".length())), window);
    }
}
