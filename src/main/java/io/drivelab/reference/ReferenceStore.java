package io.drivelab.reference;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.drivelab.store.ReferenceRow;
import io.drivelab.store.Store;
import io.drivelab.store.StoredReferenceSource;

/**
 * The reference library in the results database. {@link #sync} loads the shipped files the database does not have
 * yet, or has in an older version; the user's runs are never touched. Call it at every start.
 */
public final class ReferenceStore {

    private ReferenceStore() {
    }

    /**
     * What a sync did.
     *
     * @param loaded   the files loaded now (new, or newer than in the database)
     * @param upToDate the files the database had already, at the shipped version or newer
     */
    public record Sync(List<String> loaded, List<String> upToDate) {
        public Sync {
            loaded = List.copyOf(loaded);
            upToDate = List.copyOf(upToDate);
        }
    }

    /** Loads the library shipped in this build into {@code store} where it is newer, all files in one transaction. */
    public static Sync sync(Store store) {
        return sync(store, ReferenceLibrary.shippedFiles());
    }

    /**
     * Loads {@code shipped} where a file is new, has a higher version than the stored one, or has the same version
     * with other content (an edit without a version change: the shipped file is the truth for its version). A
     * stored file with a higher version stays: a newer DriveLab wrote it.
     *
     * <p>Decided first in a plain read, by the stored files' hashes: at almost every start nothing is new, and then
     * no file is parsed and the write lock (held by a run or a long import in another process) is not waited for.
     *
     * @throws ReferenceDataException when a shipped file is wrong; nothing is loaded then
     */
    public static Sync sync(Store store, List<ReferenceLibrary.ShippedFile> shipped) {
        Sync planned = plan(store, shipped);
        if (planned.loaded().isEmpty()) {
            return planned;
        }
        // Decided again under the write lock: another process may have loaded the same files meanwhile.
        return store.atomically(() -> {
            Sync sync = plan(store, shipped);
            Instant now = Instant.now();
            for (ReferenceLibrary.ShippedFile file : shipped) {
                if (sync.loaded().contains(file.name())) {
                    ReferenceReview review = ReferenceData.parse(file.name(), file.json());
                    store.replaceReferenceSource(new StoredReferenceSource(file.name(), review.source().version(),
                            sha256(file.json()), file.json(), now), rows(review));
                }
            }
            return sync;
        });
    }

    /**
     * Which shipped files a sync loads: a file is parsed (for its version) only when its text is not the stored one.
     * The texts are compared, not their hashes: a SHA-256 of the library (140 KB) took tens of ms of every start.
     */
    private static Sync plan(Store store, List<ReferenceLibrary.ShippedFile> shipped) {
        Map<String, StoredReferenceSource> stored = store.listReferenceSources().stream()
                .collect(Collectors.toMap(StoredReferenceSource::file, Function.identity()));
        List<String> loaded = new ArrayList<>();
        List<String> upToDate = new ArrayList<>();
        for (ReferenceLibrary.ShippedFile file : shipped) {
            StoredReferenceSource existing = stored.get(file.name());
            boolean same = existing != null && file.json().equals(existing.json());
            boolean newer = !same && (existing == null
                    || ReferenceData.parse(file.name(), file.json()).source().version() >= existing.version());
            (newer ? loaded : upToDate).add(file.name());
        }
        return new Sync(loaded, upToDate);
    }

    /**
     * The library as the database holds it, in the shipped index's order. A stored file this version cannot read
     * (a newer format) is replaced by the shipped file of the same name, if there is one.
     */
    public static ReferenceLibrary library(Store store) {
        Map<String, String> shipped;
        try {
            shipped = ReferenceLibrary.shippedFiles().stream()
                    .collect(Collectors.toMap(ReferenceLibrary.ShippedFile::name,
                            ReferenceLibrary.ShippedFile::json, (a, b) -> a, LinkedHashMap::new));
        } catch (IllegalStateException e) {
            shipped = Map.of();
        }
        List<String> order = new ArrayList<>(shipped.keySet());
        List<ReferenceReview> reviews = new ArrayList<>();
        for (StoredReferenceSource source : store.listReferenceSources()) {
            try {
                reviews.add(ReferenceData.parse(source.file(), source.json()));
            } catch (ReferenceDataException e) {
                String fallback = shipped.get(source.file());
                if (fallback != null) {
                    reviews.add(ReferenceData.parse(source.file(), fallback));
                }
            }
        }
        // Files the index does not know (from a newer DriveLab) come last, by name as stored.
        reviews.sort(Comparator.comparingInt(r -> order.contains(r.source().file())
                ? order.indexOf(r.source().file()) : order.size()));
        return ReferenceLibrary.of(reviews);
    }

    /** {@link #sync}, then {@link #library}: what a start needs. */
    public static ReferenceLibrary load(Store store) {
        sync(store);
        return library(store);
    }

    static List<ReferenceRow> rows(ReferenceReview review) {
        List<ReferenceRow> rows = new ArrayList<>();
        List<ReferenceFigure> figures = review.figures();
        for (int i = 0; i < figures.size(); i++) {
            ReferenceFigure f = figures.get(i);
            rows.add(new ReferenceRow(i + 1, f.kind().label(), f.drive().name(), f.drive().capacity(), f.section(),
                    f.suite(), f.test(), f.rw() == null ? null : f.rw().value(), f.bs(),
                    f.mix() == null ? null : f.mix().name(), f.iodepth(), f.numjobs(), f.metric().label(), f.value(),
                    f.unit().symbol(), f.qualifier() == null ? null : f.qualifier().label(), f.note()));
        }
        return rows;
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this Java has no SHA-256", e);
        }
    }
}
