package io.drivelab.telemetry;

import io.drivelab.store.HealthSnapshot;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Health logs as nvme-cli and smartctl print them (src/test/resources/telemetry). */
class HealthLogsTest {
    private static final Instant NOW = Instant.parse("2026-12-01T18:00:00Z");

    static String saved(String name) throws IOException {
        try (InputStream in = HealthLogsTest.class.getResourceAsStream("/telemetry/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void nvmeCliSmartLogGivesBytesWearErrorsAndCelsius() throws IOException {
        HealthSnapshot h = HealthLogs.nvmeCli(saved("nvme-smart-log-before.json"), HealthSnapshot.BEFORE, NOW,
                "nvme0n1");

        assertEquals("nvme-cli", h.source());
        assertNull(h.unavailable());
        assertEquals(30931846L * 512_000, h.bytesWritten());
        assertEquals(21785264L * 512_000, h.bytesRead());
        assertEquals(2, h.percentUsed());
        assertEquals(0L, h.mediaErrors());
        assertEquals(0L, h.warningTempMinutes());
        assertEquals(0, h.criticalWarning());
        assertEquals(41.85, h.celsius(), 1e-9);
    }

    @Test
    void nvmeCli2CountersWrittenAsStringsAndTheWarningAsAnObjectAreRead() {
        HealthSnapshot h = HealthLogs.nvmeCli("""
                {"critical_warning":{"value":4},"temperature":318,"percent_used":7,
                 "data_units_written":"340282366920938","media_errors":"3"}""", HealthSnapshot.AFTER, NOW, "nvme0n1");

        assertEquals(340282366920938L * 512_000, h.bytesWritten());
        assertEquals(4, h.criticalWarning());
        assertEquals(3L, h.mediaErrors());
        assertNull(h.bytesRead(), "not in the log: not zero");
    }

    @Test
    void smartctlOnSataGivesLbasWrittenWearAndTheUncorrectableCount() throws IOException {
        HealthSnapshot h = HealthLogs.smartctl(saved("smartctl-sata.json"), HealthSnapshot.BEFORE, NOW, "sda");

        assertEquals("smartctl", h.source());
        assertEquals(21474836480L * 512, h.bytesWritten());
        assertEquals(1, h.percentUsed());
        assertEquals(0L, h.mediaErrors());
        assertEquals(31.0, h.celsius(), 1e-9);
        assertNull(h.warningTempMinutes());
    }

    @Test
    void aDriveTheUserMayNotOpenIsNotPermitted() throws IOException {
        assertEquals(DriveSensors.NOT_PERMITTED, HealthReader.refusal("smartctl", saved("smartctl-nvme-denied.json")));
        assertEquals(DriveSensors.NOT_PERMITTED, HealthReader.refusal("nvme-cli",
                "open: Permission denied\n"));
        assertTrue(HealthReader.refusal("nvme-cli", "smart log: Invalid argument\n").startsWith("nvme-cli failed"));
    }

    @Test
    void aMissingToolIsSaidSoNotZero() {
        DriveSensors drive = new DriveSensors("nvme0n1", Path.of("/dev/nvme0n1"), null, List.of());

        HealthSnapshot h = new HealthReader("/nonexistent").read(drive, HealthSnapshot.BEFORE);

        assertEquals("nvme-cli is not installed", h.unavailable());
        assertNull(h.bytesWritten());
    }

    @Test
    void notJsonIsRefusedNamingTheTool() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HealthLogs.nvmeCli("NVMe status: Invalid Field", HealthSnapshot.BEFORE, NOW, "nvme0n1"));
        assertTrue(e.getMessage().startsWith("nvme-cli printed no JSON"), e.getMessage());
    }
}
