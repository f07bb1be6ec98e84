package io.drivelab.store;

/**
 * One published figure as a row of reference_figures, for SQL queries over the library. Null where the review
 * does not say (rw, block size, IODepth, NumJobs) or where it does not apply.
 *
 * @param seq       the figure's position in its file
 * @param kind      "measured" or "spec" (a vendor specification)
 * @param drive     vendor and model, e.g. "Kingston DC3000ME"
 * @param bs        block size in bytes, or null
 * @param bsMix     the name of a block-size mix, e.g. "CDN read mix", or null
 * @param qualifier "approximate", "at least", "at most", "derived", "range low", "range high", or null for an
 *                  exact figure
 */
public record ReferenceRow(int seq, String kind, String drive, String capacity, String section, String suite,
                           String test, String rw, Long bs, String bsMix, Integer iodepth, Integer numjobs,
                           String metric, double value, String unit, String qualifier, String note) {
}
