package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.drivelab.IntegrationTest;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@IntegrationTest
class ImportFioCommandTest {
    @TempDir
    Path dir;
    String db;
    Path randread;

    /** One second of fio 4k randread at QD1 on a temporary file, its JSON redirected to rr.json. */
    @BeforeEach
    void fioOutput() throws Exception {
        String fio = null;
        for (String path : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(path, "fio"))) {
                fio = Path.of(path, "fio").toString();
            }
        }
        Assumptions.assumeTrue(fio != null, "fio is not installed, so there is no real fio output (CI installs it)");
        db = dir.resolve("drivelab.db").toString();
        randread = dir.resolve("rr.json");
        Process p = new ProcessBuilder(fio, "--name=rr", "--filename=" + dir.resolve("data"), "--size=8m",
                "--rw=randread", "--bs=4k", "--runtime=1", "--time_based", "--output-format=json")
                .redirectOutput(randread.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "fio failed");
    }

    Cli.Result drivelab(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--db", db));
        return Cli.run(all.toArray(String[]::new));
    }

    @Test
    void anImportedFileIsListedAsARun() {
        Cli.Result imported = drivelab("import-fio", randread.toString(), "--drive", "Lab SSD");
        Cli.Result runs = drivelab("runs");

        assertEquals(0, imported.exitCode(), imported.toString());
        assertTrue(imported.out().startsWith("run 1: " + randread + " (fio-3"), imported.out());
        assertTrue(runs.out().contains("Lab SSD: rr.json"), runs.out());
        assertTrue(runs.out().contains("fio import"), runs.out());
    }

    @Test
    void eachImportedPointShowsNextToThePublishedFiguresOfItsWorkload() {
        Cli.Result imported = drivelab("import-fio", randread.toString(), "--drive", "Lab SSD");

        // 4k randread QD1/1: the DC3000ME's published latency there is 60 us.
        assertTrue(imported.out().contains("rr: randread 4k QD1/1, complete"), imported.out());
        assertTrue(imported.out().lines().anyMatch(l -> l.contains("Kingston DC3000ME 7.68TB") && l.contains("same")
                && l.contains("mean latency") && l.contains("60 us")), imported.out());
    }

    @Test
    void aTruncatedFileIsRefusedAndNothingIsImported() throws Exception {
        Path cut = dir.resolve("cut.json");
        String text = Files.readString(randread);
        Files.writeString(cut, text.substring(0, text.length() - 40));

        Cli.Result result = drivelab("import-fio", randread.toString(), cut.toString(), "--drive", "Lab SSD");

        assertEquals(2, result.exitCode(), result.toString());
        assertEquals("drivelab: " + cut + " ends before its JSON does (line " + (text.substring(0,
                text.length() - 40).lines().count()) + "): the file is truncated; nothing was imported",
                result.err().strip());
        assertTrue(drivelab("runs").out().lines().noneMatch(l -> l.contains("rr.json")));
    }

    @Test
    void aForeignJsonFileIsRefusedByName() throws Exception {
        Path foreign = dir.resolve("config.json");
        Files.writeString(foreign, "{\"theme\": \"dark\"}");

        Cli.Result result = drivelab("import-fio", foreign.toString(), "--drive", "Lab SSD");

        assertEquals(2, result.exitCode());
        assertTrue(result.err().startsWith("drivelab: " + foreign + " is not fio JSON output"), result.err());
    }

    @Test
    void theDriveIsRequired() {
        Cli.Result result = drivelab("import-fio", randread.toString());

        assertEquals(2, result.exitCode());
        assertTrue(result.err().contains("Missing required option: '--drive=NAME'"), result.err());
    }

    @Test
    void exportFioWritesARunThatImportsBack() throws Exception {
        drivelab("import-fio", randread.toString(), "--drive", "Lab SSD");
        Path exported = dir.resolve("exported.json");

        Cli.Result export = drivelab("export-fio", "1", "--out", exported.toString());
        Cli.Result again = drivelab("import-fio", exported.toString(), "--drive", "Lab SSD copy");

        assertEquals(0, export.exitCode(), export.toString());
        assertEquals(0, again.exitCode(), again.toString());
        assertTrue(Files.readString(exported).contains("\"fio version\" : \"drivelab run 1"));
        assertTrue(again.out().contains("rr: randread 4k QD1/1, complete"), again.out());
    }

    @Test
    void exportFioOfAnUnknownRunIsABadInput() {
        Cli.Result result = drivelab("export-fio", "42");

        assertEquals(2, result.exitCode());
        assertTrue(result.err().contains("no run 42"), result.err());
    }
}
