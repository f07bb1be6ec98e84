package io.drivelab.reference;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.drivelab.files.InputFile;
import io.drivelab.store.Store;
import io.drivelab.store.StoredReferenceSource;

/**
 * Reference packs: figures a user adds (published elsewhere, measured by a colleague, exported from a run) in the
 * format of the shipped files (docs/reference.md). A pack is stored next to the shipped files under "pack:NAME", so
 * {@link ReferenceStore#sync} never touches it and it can never replace a shipped file.
 */
public final class ReferencePacks {
    /** What a stored source's name starts with when a user added it. */
    public static final String PREFIX = "pack:";

    /** The most a pack file may hold: the largest shipped file is well under 1 MiB. */
    static final long MAX_BYTES = 16L << 20;

    private ReferencePacks() {
    }

    /**
     * What an add did.
     *
     * @param name     the pack's name (its file name), what {@link #remove} takes
     * @param figures  how many figures it holds
     * @param replaced whether a pack of that name was there before and was replaced
     */
    public record Added(String name, int figures, boolean replaced) {
    }

    /** Whether a stored reference source was added by the user. */
    public static boolean isPack(String storedFile) {
        return storedFile.startsWith(PREFIX);
    }

    /**
     * Adds the pack in {@code file}, or replaces the pack of the same name.
     *
     * @throws io.drivelab.files.InputFileException when the file cannot be read
     * @throws ReferenceDataException               listing every problem of the pack, or saying why it is refused
     */
    public static Added add(Store store, Path file) {
        String json = InputFile.readText(file, MAX_BYTES, "a reference pack (JSON)");
        String name = file.getFileName().toString();
        return add(store, name, json);
    }

    /** Adds the pack {@code json} under {@code name}; see {@link #add(Store, Path)}. */
    public static Added add(Store store, String name, String json) {
        List<ReferenceLibrary.ShippedFile> shipped = ReferenceLibrary.shippedFiles();
        if (shipped.stream().anyMatch(f -> f.name().equalsIgnoreCase(name))) {
            throw new ReferenceDataException(name, List.of("a shipped reference file has this name; shipped "
                    + "figures cannot be changed by a pack: rename the pack"));
        }
        ReferenceReview pack = ReferenceData.parse(PREFIX + name, json);
        List<String> problems = new ArrayList<>();
        for (ReferenceLibrary.ShippedFile file : shipped) {
            ReferenceSource source = ReferenceData.parse(file.name(), file.json()).source();
            if (same(source.title(), pack.source().title()) || same(source.shortTitle(), pack.source().shortTitle())) {
                problems.add("it names the same source as the shipped file " + file.name() + " (\""
                        + source.title() + "\"); shipped figures cannot be changed by a pack: give the pack's "
                        + "\"review\" its own title and short title");
            }
        }
        if (!problems.isEmpty()) {
            throw new ReferenceDataException(name, problems);
        }
        return store.atomically(() -> {
            boolean replaced = store.listReferenceSources().stream().anyMatch(s -> s.file().equals(PREFIX + name));
            store.replaceReferenceSource(new StoredReferenceSource(PREFIX + name, pack.source().version(),
                    ReferenceStore.sha256(json), json, Instant.now()), ReferenceStore.rows(pack));
            return new Added(name, pack.figures().size(), replaced);
        });
    }

    /**
     * Removes the pack {@code name} (its file name, with or without "pack:").
     *
     * @throws ReferenceDataException when there is no such pack, or {@code name} is a shipped file
     */
    public static void remove(Store store, String name) {
        String bare = name.startsWith(PREFIX) ? name.substring(PREFIX.length()) : name;
        if (ReferenceLibrary.shippedFiles().stream().anyMatch(f -> f.name().equalsIgnoreCase(bare))) {
            throw new ReferenceDataException(bare, List.of("it is a shipped reference file, not a pack you added; "
                    + "shipped files cannot be removed"));
        }
        if (!store.removeReferenceSource(PREFIX + bare)) {
            List<String> packs = names(store);
            throw new ReferenceDataException(bare, List.of("there is no pack of this name; "
                    + (packs.isEmpty() ? "no pack has been added" : "the packs are: " + String.join(", ", packs))));
        }
    }

    /** The names of the packs in the database, by name. */
    public static List<String> names(Store store) {
        return store.listReferenceSources().stream().map(StoredReferenceSource::file).filter(ReferencePacks::isPack)
                .map(f -> f.substring(PREFIX.length())).sorted().toList();
    }

    private static boolean same(String a, String b) {
        return a.strip().toLowerCase(Locale.ROOT).equals(b.strip().toLowerCase(Locale.ROOT));
    }
}
