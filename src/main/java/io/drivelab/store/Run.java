package io.drivelab.store;

import java.time.Instant;

/** A stored run. endedAt is null while running; error is set for FAILED and INTERRUPTED runs. */
public record Run(long id, String name, String planJson, String planName, String target, String targetKind,
                  Long driveId, String host, String engineVersion, Instant startedAt, Instant endedAt,
                  RunStatus status, String error, RunnerProcess runner) {
}
