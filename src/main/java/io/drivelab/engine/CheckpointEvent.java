package io.drivelab.engine;

import java.util.List;
import java.util.Objects;

/**
 * One finished checkpoint of a {@code --rw=checkpoint} run (docs/engine.md, "Checkpoints"): its time from the
 * ranks' start to the last rank's fsync, split into writing and fsync, and the checkpoints it made room for.
 *
 * @param pass         from 1
 * @param index        within the pass, from 1
 * @param slot         the slot of the region it went into, or null in a directory
 * @param tMs          when it started, from the run's start
 * @param seconds      writeSeconds + fsyncSeconds: what the reviews call the checkpoint time
 * @param writeSeconds until the last rank's last write returned
 * @param fsyncSeconds from then until the last rank's fsync returned
 * @param gbPerS       decimal GB (10^9 bytes) per second of checkpoint time
 * @param deleted      checkpoints deleted (directory) or overwritten (region) first, as "ckpt-PASS-INDEX"
 */
public record CheckpointEvent(int pass, int index, Integer slot, long tMs, double seconds, double writeSeconds,
                              double fsyncSeconds, long bytes, double gbPerS, List<String> deleted)
        implements EngineEvent {
    public CheckpointEvent {
        deleted = List.copyOf(Objects.requireNonNull(deleted, "deleted"));
    }

    /** "ckpt-001-003", as the engine names it in {@code deleted} and in file names. */
    public String label() {
        return String.format(java.util.Locale.ROOT, "ckpt-%03d-%03d", pass, index);
    }
}
