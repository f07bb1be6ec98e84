package io.drivelab.store;

import java.time.Instant;
import java.util.Objects;

/**
 * One shipped reference file as loaded into the database.
 *
 * @param file     the file's name in the shipped library, e.g. "kingston-dc3000me-review.json"
 * @param version  the file's own data version: a shipped file with a higher one replaces this
 * @param sha256   hex SHA-256 of {@code json}, to notice a file edited without a version change
 * @param json     the whole file, so the library can be rebuilt from the database alone
 * @param loadedAt when it was loaded
 */
public record StoredReferenceSource(String file, int version, String sha256, String json, Instant loadedAt) {
    public StoredReferenceSource {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(json, "json");
        Objects.requireNonNull(loadedAt, "loadedAt");
    }
}
