package io.drivelab.store;

/** A point as stored: its database id, its run, and what was saved. */
public record StoredPoint(long id, long runId, PointResult point) {
}
