package io.drivelab.reference;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One review's data file, read: its source, the drives and mixes it names, its figures in file order, the figures
 * its copies disagree on, and the numbers it leaves out on purpose.
 *
 * @param suites what each test suite of the review does, by suite name ("CDN", "FIO", ...)
 */
public record ReferenceReview(ReferenceSource source, Map<String, String> suites, Map<String, ReferenceDrive> drives,
                              Map<String, NamedMix> mixes, List<ReferenceFigure> figures,
                              List<Disagreement> disagreements, List<NotRecorded> notRecorded) {
    public ReferenceReview {
        suites = Collections.unmodifiableMap(new LinkedHashMap<>(suites));
        drives = Collections.unmodifiableMap(new LinkedHashMap<>(drives));
        mixes = Collections.unmodifiableMap(new LinkedHashMap<>(mixes));
        figures = List.copyOf(figures);
        disagreements = List.copyOf(disagreements);
        notRecorded = List.copyOf(notRecorded);
    }
}
