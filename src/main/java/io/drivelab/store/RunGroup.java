package io.drivelab.store;

import java.time.Instant;
import java.util.List;

/**
 * Runs of one plan on several targets at the same time, point by point (drivelab run --target A --target B): each
 * target has its own run, in {@code runIds} in the order the targets were given.
 */
public record RunGroup(long id, String name, Instant createdAt, List<Long> runIds) {
    public RunGroup {
        runIds = List.copyOf(runIds);
    }
}
