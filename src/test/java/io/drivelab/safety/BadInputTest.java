package io.drivelab.safety;

import io.drivelab.IntegrationTest;
import io.drivelab.cli.Cli;

import io.drivelab.store.Store;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad input given to `drivelab run`: refused with every problem named, exit 2, nothing created or measured. (Plan
 * files field by field: PlanFilesTest; the engine's options: src/main/c/tests/test_options.c; other CLI options:
 * RunCommandTest#badInputIsNamedAndExits2.)
 */
@IntegrationTest
@Timeout(60)
class BadInputTest {
    @TempDir
    Path dir;

    private Cli.Result run(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "run";
        all[1] = "--db";
        all[2] = dir.resolve("d.db").toString();
        System.arraycopy(args, 0, all, 3, args.length);
        return Cli.run(all);
    }

    @Test
    void aPlanFileWithBadFieldsIsRefusedWithEveryOneNamedAndNothingRuns() throws Exception {
        Path plan = dir.resolve("bad-fields.json");
        try (var in = BadInputTest.class.getResourceAsStream("/plans/bad-fields.json")) {
            Files.copy(in, plan, StandardCopyOption.REPLACE_EXISTING);
        }
        Path target = dir.resolve("x.img");

        Cli.Result r = run("--target", target.toString(), "--size", "16M", "--plan", plan.toString());

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("steps[2].workload.bs") && r.err().contains("steps[3].workload.rw")
                && r.err().contains("steps[4].matrix.iodpeths"), r.err());
        assertTrue(Files.notExists(target), "a refused plan created its target");
    }

    @Test
    void aPlanFileThatIsNotJsonSaysWhere() throws Exception {
        Path plan = dir.resolve("notes.json");
        Files.writeString(plan, "{\"name\": \"half\", \"steps\": [\n");

        Cli.Result r = run("--target", dir.resolve("x.img").toString(), "--size", "16M", "--plan", plan.toString());

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("notes.json") && r.err().contains("line"), r.err());
    }

    @Test
    void aFolderAsTargetIsRefused() {
        Cli.Result r = run("--target", dir.toString(), "--preset", "quick", "--size", "16M");

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("is a folder"), r.err());
    }

    @Test
    void aCharacterDeviceAsTargetIsRefused() {
        Cli.Result r = run("--target", "/dev/null", "--preset", "quick", "--size", "16M");

        assertEquals(2, r.exitCode(), r.toString());
        assertTrue(r.err().contains("/dev/null"), r.err());
    }

    @Test
    void aRefusedRunFilesNothing() {
        run("--target", "/dev/null", "--preset", "quick", "--size", "16M");

        try (Store store = Store.open(dir.resolve("d.db"))) {
            assertTrue(store.listRuns().isEmpty());
        }
    }
}
