package io.drivelab.store;

import java.time.Instant;

/**
 * The drive's health log (NVMe SMART / health information, or SATA SMART) before or after a run. Every figure is
 * null when the log does not give it; a snapshot that could not be taken has only {@code unavailable}.
 *
 * @param moment             "before" or "after" the run
 * @param drive              the drive read ("nvme0n1"), or null when the target is on no drive
 * @param source             the tool that read it: "nvme-cli", "smartctl"
 * @param unavailable        why there is no log ("no drive", "not permitted", "nvme-cli is not installed"), else null
 * @param warningTempMinutes minutes spent at or above the warning temperature (NVMe WCTEMP), over the drive's life
 * @param criticalWarning    NVMe critical warning bits (0: none)
 */
public record HealthSnapshot(String moment, Instant takenAt, String drive, String source, String unavailable,
                             Long bytesWritten, Long bytesRead, Integer percentUsed, Long mediaErrors,
                             Long warningTempMinutes, Integer criticalWarning, Double celsius) {

    public static final String BEFORE = "before";
    public static final String AFTER = "after";

    /** No log, and why. */
    public static HealthSnapshot unavailable(String moment, Instant takenAt, String drive, String why) {
        return new HealthSnapshot(moment, takenAt, drive, null, why, null, null, null, null, null, null, null);
    }

    /** The same log taken at another moment. */
    public HealthSnapshot at(String moment, Instant takenAt) {
        return new HealthSnapshot(moment, takenAt, drive, source, unavailable, bytesWritten, bytesRead, percentUsed,
                mediaErrors, warningTempMinutes, criticalWarning, celsius);
    }
}
