package io.drivelab.reference;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.store.PointMeta;
import io.drivelab.workload.BlockSizeMix;
import io.drivelab.workload.Rw;

/**
 * The published figures DriveLab compares a user's results with: every figure of the reviews shipped in the jar
 * (assets/reference), or as loaded into the database ({@link ReferenceStore}).
 */
public final class ReferenceLibrary {
    /** Where the shipped files are in the jar: an index naming them, next to them. */
    static final String RESOURCE_DIR = "/reference/";
    static final String INDEX = "index.json";

    // A configuration the review does not give sorts after every real one (at most 16 doublings apart).
    private static final double UNKNOWN_DISTANCE = 64;

    private final List<ReferenceReview> reviews;
    private final List<ReferenceFigure> figures;

    private ReferenceLibrary(List<ReferenceReview> reviews) {
        this.reviews = List.copyOf(reviews);
        this.figures = this.reviews.stream().flatMap(r -> r.figures().stream()).toList();
    }

    public static ReferenceLibrary of(List<ReferenceReview> reviews) {
        return new ReferenceLibrary(reviews);
    }

    /** One shipped data file: its name and its text. */
    public record ShippedFile(String name, String json) {
    }

    /**
     * The data files in this build, in the index's order.
     *
     * @throws IllegalStateException when the build lacks them (the jar was built without assets/reference)
     */
    public static List<ShippedFile> shippedFiles() {
        String index = resource(INDEX);
        List<ShippedFile> files = new ArrayList<>();
        try {
            JsonNode names = new ObjectMapper().readTree(index).path("files");
            for (JsonNode name : names) {
                files.add(new ShippedFile(name.asText(), resource(name.asText())));
            }
        } catch (IOException e) {
            throw new IllegalStateException("the reference library's index in this build is damaged: " + e, e);
        }
        return files;
    }

    private static String resource(String name) {
        try (InputStream in = ReferenceLibrary.class.getResourceAsStream(RESOURCE_DIR + name)) {
            if (in == null) {
                throw new IllegalStateException("the reference library file " + name
                        + " is missing from this build (resource " + RESOURCE_DIR + name + ")");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("reading the reference library file " + name, e);
        }
    }

    /**
     * The library as shipped in this build, every file checked.
     *
     * @throws ReferenceDataException when a shipped file is wrong (a bug the tests catch)
     */
    public static ReferenceLibrary shipped() {
        return new ReferenceLibrary(shippedFiles().stream().map(f -> ReferenceData.parse(f.name(), f.json()))
                .toList());
    }

    public List<ReferenceReview> reviews() {
        return reviews;
    }

    /** Every figure, review by review in file order. */
    public List<ReferenceFigure> figures() {
        return figures;
    }

    /** The drives with figures, each once (the same model and capacity in two reviews is one drive). */
    public List<ReferenceDrive> drives() {
        List<ReferenceDrive> drives = new ArrayList<>();
        for (ReferenceFigure figure : figures) {
            if (drives.stream().noneMatch(d -> d.sameDrive(figure.drive()))) {
                drives.add(figure.drive());
            }
        }
        return drives;
    }

    /**
     * The figures whose drive ("Kingston DC3000ME 7.68TB") contains {@code drive} and whose test, section or suite
     * contains {@code test}, ignoring case and starting at a word: "4K random read" does not take "64K random read",
     * "PS1030" takes "Solidigm D7-PS1030". A null or blank filter takes all.
     */
    public List<ReferenceFigure> select(String drive, String test) {
        return figures.stream()
                .filter(f -> contains(f.drive().label(), drive))
                .filter(f -> contains(f.test(), test) || contains(f.section(), test) || contains(f.suite(), test))
                .toList();
    }

    private static boolean contains(String text, String part) {
        if (part == null || part.isBlank()) {
            return true;
        }
        String haystack = text.toLowerCase(Locale.ROOT);
        String needle = part.strip().toLowerCase(Locale.ROOT);
        for (int at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
            if (at == 0 || !Character.isLetterOrDigit(haystack.charAt(at - 1))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The figures to compare a stored point with (see {@link #match(Rw, Long, BlockSizeMix, int, int)}). A point
     * whose workload is named for GDSIO (the gdsio-sweep preset: "1M sequential read (GDSIO)") is compared with the
     * reviews' gdsio figures instead ({@link #matchGdsio}).
     */
    public ReferenceMatch match(PointMeta point) {
        Rw rw = Rw.find(point.rw()).orElse(null);
        if (rw == null) {
            return new ReferenceMatch(List.of(), List.of());
        }
        BlockSizeMix mix = null;
        if (point.bs() == null) {
            try {
                mix = BlockSizeMix.parse(point.bsMix());
            } catch (RuntimeException e) {
                // A mix this version cannot read matches nothing rather than failing the comparison.
                return new ReferenceMatch(List.of(), List.of());
            }
        }
        boolean gdsio = point.workload().toUpperCase(Locale.ROOT).contains(ReferenceFigure.GDSIO);
        return match(rw, point.bs(), mix, point.iodepth(), point.numjobs(), gdsio);
    }

    /**
     * The reviews' gdsio figures of a transfer: gdsio's threads keep one I/O each, so a figure at N threads is
     * IODepth 1, NumJobs N (what the gdsio-sweep preset runs through the engine).
     */
    public ReferenceMatch matchGdsio(Rw rw, long bs, int threads) {
        return match(rw, bs, null, 1, threads, true);
    }

    /**
     * The published figures of a workload: those at the same IODepth and NumJobs, and for the drives and metrics
     * that have none there, the nearest configurations of the same access pattern and transfer size. Only
     * measurements of ordinary block I/O take part (not specifications, DLIO or GPU Direct Storage).
     *
     * @param bs  the block size, or null when {@code mix} is given
     * @param mix the block-size mix, matched to a named mix of the reviews by its dominant size and weight
     */
    public ReferenceMatch match(Rw rw, Long bs, BlockSizeMix mix, int iodepth, int numjobs) {
        return match(rw, bs, mix, iodepth, numjobs, false);
    }

    private ReferenceMatch match(Rw rw, Long bs, BlockSizeMix mix, int iodepth, int numjobs, boolean gdsio) {
        Objects.requireNonNull(rw, "rw");
        if ((bs == null) == (mix == null)) {
            throw new IllegalArgumentException("give a block size or a mix, not both or neither");
        }
        List<ReferenceFigure> same = new ArrayList<>();
        Map<String, List<ReferenceFigure>> others = new LinkedHashMap<>();
        for (ReferenceFigure figure : figures) {
            if (!figure.comparableWithPoints() || figure.isGdsio() != gdsio || figure.rw() != rw
                    || !sameTransfer(figure, bs, mix)) {
                continue;
            }
            if (Objects.equals(iodepthOf(figure), iodepth) && Objects.equals(figure.numjobs(), numjobs)) {
                same.add(figure);
            } else {
                others.computeIfAbsent(driveAndMetric(figure), k -> new ArrayList<>()).add(figure);
            }
        }
        List<ReferenceFigure> nearest = new ArrayList<>();
        for (Map.Entry<String, List<ReferenceFigure>> group : others.entrySet()) {
            if (same.stream().anyMatch(f -> driveAndMetric(f).equals(group.getKey()))) {
                continue;
            }
            double best = group.getValue().stream().mapToDouble(f -> distance(f, iodepth, numjobs)).min()
                    .orElseThrow();
            group.getValue().stream().filter(f -> distance(f, iodepth, numjobs) == best).forEach(nearest::add);
        }
        Comparator<ReferenceFigure> order = Comparator.comparing((ReferenceFigure f) -> f.drive().label())
                .thenComparing(f -> f.metric().ordinal());
        same.sort(order);
        nearest.sort(order.thenComparingDouble(f -> distance(f, iodepth, numjobs)));
        return new ReferenceMatch(same, nearest);
    }

    private static boolean sameTransfer(ReferenceFigure figure, Long bs, BlockSizeMix mix) {
        return bs != null ? bs.equals(figure.bs()) : figure.mix() != null && figure.mix().matches(mix);
    }

    private static String driveAndMetric(ReferenceFigure figure) {
        return figure.drive().label() + "|" + figure.metric().label();
    }

    /** Doublings between the configurations: QD16/8 is 1 from QD32/8 and 2 from QD8/16. */
    static double distance(ReferenceFigure figure, int iodepth, int numjobs) {
        return doublings(iodepthOf(figure), iodepth) + doublings(figure.numjobs(), numjobs);
    }

    /** A gdsio thread has one I/O in flight, though the reviews do not write "IODepth 1". */
    private static Integer iodepthOf(ReferenceFigure figure) {
        return figure.isGdsio() && figure.iodepth() == null ? Integer.valueOf(1) : figure.iodepth();
    }

    private static double doublings(Integer published, int wanted) {
        if (published == null) {
            return UNKNOWN_DISTANCE;
        }
        return Math.abs(Math.log(published / (double) wanted) / Math.log(2));
    }
}
