package io.drivelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import io.drivelab.reference.ReferencePacksTest;
import io.drivelab.reference.ReferenceStore;
import io.drivelab.report.LibraryCurves;
import io.drivelab.store.Store;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReferencePackCommandsTest {
    @TempDir
    Path dir;

    Path db() {
        return dir.resolve("drivelab.db");
    }

    boolean isReferenceDrive(String label) {
        try (Store store = Store.open(db())) {
            return LibraryCurves.of(ReferenceStore.load(store)).drives().contains(label);
        }
    }

    @Test
    void aPackExportedFromARunMakesItsDriveAReferenceDriveUntilRemoved() throws Exception {
        long run = StoredRuns.completeRun(db());
        Path pack = dir.resolve("acme.json");
        Cli.Result export = Cli.run("export", String.valueOf(run), "--db", db().toString(), "--as-reference",
                "--drive", "Acme X9 2TB", "--out", pack.toString());
        assertEquals(0, export.exitCode(), export.toString());
        String started;
        try (Store store = Store.open(db())) {
            started = store.getRun(run).orElseThrow().startedAt().toString().substring(0, 10);
        }
        String text = Files.readString(pack);
        assertTrue(text.contains("\"title\":\"measured by DriveLab run " + run + " on lab1, " + started + "\""), text);
        int figures = text.split("\"drive\":\"drive\"", -1).length - 1;
        // two complete points (the third failed), each reading or writing only: IOPS, MB/s and mean latency
        assertEquals(6, figures, text);
        assertTrue(text.contains("\"metric\":\"mean latency\",\"note\":\"point 03-randread-4k-qd32-j1\","
                + "\"unit\":\"us\",\"value\":318.0}"), text);
        assertFalse(isReferenceDrive("Acme X9 2TB"));

        Cli.Result add = Cli.run("reference", "add", "--db", db().toString(), pack.toString());
        assertEquals(0, add.exitCode(), add.toString());
        assertTrue(add.out().contains("added reference pack acme.json"), add.toString());
        assertTrue(isReferenceDrive("Acme X9 2TB"), "Compare draws the run's drive");

        Cli.Result listed = Cli.run("reference", "--db", db().toString(), "--drive", "Acme X9", "--format", "csv");
        assertEquals(0, listed.exitCode(), listed.toString());
        // every figure of the pack
        assertEquals(1 + figures, listed.lines().size(), listed.out());
        assertTrue(listed.out().contains("DriveLab run " + run + " [drivelab-run-" + run + "]"), listed.out());
        assertTrue(listed.out().contains("Acme X9,2TB,"), listed.out());

        Cli.Result remove = Cli.run("reference", "remove", "--db", db().toString(), "acme.json");
        assertEquals(0, remove.exitCode(), remove.toString());
        assertFalse(isReferenceDrive("Acme X9 2TB"));
    }

    @Test
    void aBadPackIsRefusedWithEveryProblemListed() throws Exception {
        Path pack = Files.writeString(dir.resolve("bad.json"), ReferencePacksTest.PACK
                .replace("\"value\": 412000", "\"value\": 0").replace("\"metric\": \"IOPS\"", "\"metric\": \"speed\""));
        Cli.Result add = Cli.run("reference", "add", "--db", db().toString(), pack.toString());
        assertEquals(CommandException.BAD_INPUT, add.exitCode(), add.toString());
        assertTrue(add.err().contains("figure 1: metric \"speed\" is unknown"), add.err());
        assertTrue(add.err().contains("figure 1: \"value\" must be a number above 0"), add.err());
        assertTrue(add.err().contains("nothing was added"), add.err());
    }

    @Test
    void aRunWithNoKnownDriveAsksForOne() {
        long run = StoredRuns.completeRun(db());
        Cli.Result export = Cli.run("export", String.valueOf(run), "--db", db().toString(), "--as-reference");
        assertEquals(CommandException.BAD_INPUT, export.exitCode(), export.toString());
        assertTrue(export.err().contains("--drive \"VENDOR MODEL CAPACITY\""), export.err());
    }

    @Test
    void aPackIsNeverWrittenOverADevice() {
        long run = StoredRuns.completeRun(db());
        Cli.Result export = Cli.run("export", String.valueOf(run), "--db", db().toString(), "--as-reference",
                "--drive", "Acme X9 2TB", "--out", "/dev/full");
        assertEquals(CommandException.BAD_INPUT, export.exitCode(), export.toString());
        assertTrue(export.err().contains("/dev/full is a character device"), export.err());
        assertFalse(Files.isRegularFile(Path.of("/dev/full")), "the device node is left as it was");
    }

    @Test
    void theDatabaseMayBeNamedBeforeTheSubcommand() throws Exception {
        Path pack = Files.writeString(dir.resolve("acme.json"), ReferencePacksTest.PACK);
        Cli.Result add = Cli.run("reference", "--db", db().toString(), "add", pack.toString());
        assertEquals(0, add.exitCode(), add.toString());
        assertTrue(isReferenceDrive("Acme X9 2TB"), "added to the database named before `add`");
        Cli.Result remove = Cli.run("reference", "--db", db().toString(), "remove", "acme.json");
        assertEquals(0, remove.exitCode(), remove.toString());
        assertFalse(isReferenceDrive("Acme X9 2TB"));
    }

    @Test
    void aShippedFileCannotBeRemoved() {
        Cli.Result remove = Cli.run("reference", "remove", "--db", db().toString(), "kingston-dc3000me-review.json");
        assertEquals(CommandException.BAD_INPUT, remove.exitCode(), remove.toString());
        assertTrue(remove.err().contains("shipped files cannot be removed"), remove.err());
    }
}
