package io.drivelab.reference;

import java.util.List;
import java.util.Objects;

/**
 * Where figures come from: one review, shipped as one data file.
 *
 * @param file       the data file's name, e.g. "kingston-dc3000me-review.json"
 * @param shortTitle e.g. "Kingston DC3000ME review"
 * @param seeds      the copies of the review the figures were taken from; the first is the primary one
 */
public record ReferenceSource(String file, int version, String title, String shortTitle, List<Seed> seeds,
                              String platform) {

    /** One copy of the review: its file name, language, and what it was used for. */
    public record Seed(String file, String language, String use) {
    }

    public ReferenceSource {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(shortTitle, "shortTitle");
        seeds = List.copyOf(seeds);
    }

    public Seed primarySeed() {
        return seeds.get(0);
    }
}
