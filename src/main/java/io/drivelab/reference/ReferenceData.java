package io.drivelab.reference;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.drivelab.workload.Rw;
import io.drivelab.workload.Units;

/**
 * Reads a reference data file (assets/reference/*.json) and checks every field, so a mistake in the data is
 * reported with the file, the figure's number and what is wrong, never silently dropped.
 *
 * <p>The format, version 1: {@code {"format": 1, "version": N, "review": {title, short, seeds: [{file, language,
 * use}], platform, suites: {name: text}}, "drives": {key: {vendor, model, capacity, form_factor, interface,
 * named_in_review, note}}, "mixes": {name: {dominant_bs, dominant_weight, description}}, "figures": [{drive, kind,
 * section, suite, test, rw, bs, iodepth, numjobs, metric, value, unit, qualifier, note, seeds}], "disagreements":
 * [{figure, copies: {seed: text}, resolution}], "not_recorded": [{section, text, why}]}}. Bump "version" with every
 * change, so installed databases load the new data.
 */
public final class ReferenceData {
    /** The newest file format this code reads. */
    public static final int FORMAT = 1;

    // Duplicate keys in a hand-edited file are a mistake, not "last one wins".
    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private static final Set<String> FIGURE_FIELDS = Set.of("drive", "kind", "section", "suite", "test", "rw", "bs",
            "iodepth", "numjobs", "metric", "value", "unit", "qualifier", "note", "seeds");

    private final String file;
    private final List<String> problems = new ArrayList<>();

    private ReferenceData(String file) {
        this.file = file;
    }

    /**
     * The review in {@code json}, the content of the data file named {@code file}.
     *
     * @throws ReferenceDataException listing every problem, when there is any
     */
    public static ReferenceReview parse(String file, String json) {
        return new ReferenceData(file).read(json);
    }

    /** The data version a file declares, or -1 when it has none readable (then {@link #parse} says why). */
    public static int version(String json) {
        try {
            JsonNode version = JSON.readTree(json).path("version");
            return version.isInt() ? version.intValue() : -1;
        } catch (JsonProcessingException e) {
            return -1;
        }
    }

    private ReferenceReview read(String json) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            String at = e.getLocation() == null ? ""
                    : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
            throw new ReferenceDataException(file, List.of("not valid JSON: " + e.getOriginalMessage() + at));
        }
        if (root == null || !root.isObject()) {
            throw new ReferenceDataException(file, List.of("not a JSON object"));
        }
        int format = root.path("format").asInt(-1);
        if (format != FORMAT) {
            throw new ReferenceDataException(file, List.of("format " + root.path("format")
                    + " is not one this DriveLab reads (" + FORMAT + ")"));
        }
        int version = root.path("version").asInt(-1);
        if (!root.path("version").isInt() || version < 1) {
            problems.add("\"version\" must be a whole number from 1");
        }
        ReferenceSource source = source(root.path("review"), version);
        Map<String, ReferenceDrive> drives = drives(root.path("drives"));
        Map<String, NamedMix> mixes = mixes(root.path("mixes"));
        Set<String> seedFiles = new HashSet<>();
        source.seeds().forEach(s -> seedFiles.add(s.file()));
        List<ReferenceFigure> figures = new ArrayList<>();
        JsonNode list = root.path("figures");
        if (!list.isArray() || list.isEmpty()) {
            problems.add("\"figures\" must be a non-empty list");
        } else {
            Map<String, Integer> seen = new HashMap<>();
            for (int i = 0; i < list.size(); i++) {
                ReferenceFigure figure = figure(i + 1, list.get(i), source, drives, mixes, seedFiles);
                if (figure != null) {
                    figures.add(figure);
                    Integer earlier = seen.putIfAbsent(identity(figure), i + 1);
                    if (earlier != null) {
                        problems.add("figure " + (i + 1) + " repeats figure " + earlier
                                + " (same drive, section, test, workload, metric and qualifier)");
                    }
                }
            }
        }
        List<Disagreement> disagreements = disagreements(root.path("disagreements"), seedFiles);
        List<NotRecorded> notRecorded = notRecorded(root.path("not_recorded"));
        if (!problems.isEmpty()) {
            throw new ReferenceDataException(file, problems);
        }
        Map<String, String> suites = new LinkedHashMap<>();
        root.path("review").path("suites").properties().forEach(e -> suites.put(e.getKey(), e.getValue().asText()));
        return new ReferenceReview(source, suites, drives, mixes, figures, disagreements, notRecorded);
    }

    private static String identity(ReferenceFigure f) {
        return String.join("|", f.drive().label(), f.section(), f.test(), String.valueOf(f.rw()),
                String.valueOf(f.transferLabel()), String.valueOf(f.iodepth()), String.valueOf(f.numjobs()),
                f.metric().label(), f.unit().symbol(), String.valueOf(f.qualifier()));
    }

    private ReferenceSource source(JsonNode review, int version) {
        String title = text(review, "title", "review");
        String shortTitle = text(review, "short", "review");
        List<ReferenceSource.Seed> seeds = new ArrayList<>();
        JsonNode list = review.path("seeds");
        if (!list.isArray() || list.isEmpty()) {
            problems.add("review: \"seeds\" must list the copies of the review the figures come from");
        } else {
            for (JsonNode seed : list) {
                seeds.add(new ReferenceSource.Seed(text(seed, "file", "review seed"),
                        text(seed, "language", "review seed"), optional(seed, "use")));
            }
        }
        if (seeds.isEmpty()) {
            seeds.add(new ReferenceSource.Seed("?", "?", null));
        }
        return new ReferenceSource(file, version, orEmpty(title), orEmpty(shortTitle), seeds,
                optional(review, "platform"));
    }

    private Map<String, ReferenceDrive> drives(JsonNode node) {
        Map<String, ReferenceDrive> drives = new LinkedHashMap<>();
        if (!node.isObject() || node.isEmpty()) {
            problems.add("\"drives\" must name at least one drive");
            return drives;
        }
        node.properties().forEach(entry -> {
            JsonNode d = entry.getValue();
            String where = "drive \"" + entry.getKey() + "\"";
            String vendor = text(d, "vendor", where);
            String model = text(d, "model", where);
            if (vendor != null && model != null) {
                drives.put(entry.getKey(), new ReferenceDrive(vendor, model, optional(d, "capacity"),
                        optional(d, "form_factor"), optional(d, "interface"), optional(d, "named_in_review"),
                        optional(d, "note")));
            }
        });
        return drives;
    }

    private Map<String, NamedMix> mixes(JsonNode node) {
        Map<String, NamedMix> mixes = new LinkedHashMap<>();
        if (node.isMissingNode()) {
            return mixes;
        }
        node.properties().forEach(entry -> {
            JsonNode m = entry.getValue();
            String where = "mix \"" + entry.getKey() + "\"";
            Long bs = size(m.path("dominant_bs"), where + ": dominant_bs");
            JsonNode weight = m.path("dominant_weight");
            if (!weight.isNumber() || weight.decimalValue().signum() <= 0
                    || weight.decimalValue().compareTo(BigDecimal.valueOf(100)) > 0) {
                problems.add(where + ": \"dominant_weight\" must be a percentage above 0, up to 100");
            } else if (bs != null) {
                mixes.put(entry.getKey(), new NamedMix(entry.getKey(), bs, weight.decimalValue(),
                        optional(m, "description")));
            }
        });
        return mixes;
    }

    private ReferenceFigure figure(int n, JsonNode f, ReferenceSource source, Map<String, ReferenceDrive> drives,
                                   Map<String, NamedMix> mixes, Set<String> seedFiles) {
        String where = "figure " + n;
        int before = problems.size();
        if (!f.isObject()) {
            problems.add(where + ": not an object");
            return null;
        }
        f.properties().forEach(field -> {
            if (!FIGURE_FIELDS.contains(field.getKey())) {
                problems.add(where + ": unknown field \"" + field.getKey() + "\"");
            }
        });
        String driveKey = text(f, "drive", where);
        ReferenceDrive drive = driveKey == null ? null : drives.get(driveKey);
        if (driveKey != null && drive == null) {
            problems.add(where + ": drive \"" + driveKey + "\" is not in \"drives\"");
        }
        ReferenceFigure.Kind kind = ReferenceFigure.Kind.MEASURED;
        String kindText = optional(f, "kind");
        if ("spec".equals(kindText)) {
            kind = ReferenceFigure.Kind.SPEC;
        } else if (kindText != null && !"measured".equals(kindText)) {
            problems.add(where + ": kind \"" + kindText + "\" is not measured or spec");
        }
        String section = text(f, "section", where);
        String suite = text(f, "suite", where);
        String test = text(f, "test", where);
        Rw rw = null;
        String rwText = optional(f, "rw");
        if (rwText != null) {
            rw = Rw.find(rwText).orElse(null);
            if (rw == null) {
                problems.add(where + ": rw \"" + rwText + "\" is not read, write, randread, randwrite, randrw or rw");
            }
        }
        Long bs = null;
        NamedMix mix = null;
        String bsText = optional(f, "bs");
        if (bsText != null) {
            mix = mixes.get(bsText);
            if (mix == null) {
                bs = size(f.path("bs"), where + ": bs");
            }
        }
        Integer iodepth = positive(f, "iodepth", where);
        Integer numjobs = positive(f, "numjobs", where);
        Metric metric = null;
        String metricText = text(f, "metric", where);
        if (metricText != null) {
            metric = Metric.find(metricText).orElse(null);
            if (metric == null) {
                problems.add(where + ": metric \"" + metricText + "\" is unknown");
            }
        }
        Unit unit = null;
        String unitText = text(f, "unit", where);
        if (unitText != null) {
            unit = Unit.find(unitText).orElse(null);
            if (unit == null) {
                problems.add(where + ": unit \"" + unitText + "\" is not one of " + Unit.choices());
            } else if (metric != null && !metric.units().contains(unit)) {
                problems.add(where + ": " + metric.label() + " is not given in " + unit.symbol());
            }
        }
        JsonNode valueNode = f.path("value");
        double value = valueNode.asDouble();
        if (!valueNode.isNumber() || !(value > 0) || Double.isInfinite(value)) {
            problems.add(where + ": \"value\" must be a number above 0");
        }
        Qualifier qualifier = null;
        String qualifierText = optional(f, "qualifier");
        if (qualifierText != null) {
            qualifier = Qualifier.find(qualifierText).orElse(null);
            if (qualifier == null) {
                problems.add(where + ": qualifier \"" + qualifierText + "\" is not one of " + Qualifier.choices());
            }
        }
        String note = optional(f, "note");
        if (qualifier == Qualifier.DERIVED && note == null) {
            problems.add(where + ": a derived figure needs a note saying how it was derived");
        }
        List<String> seeds = new ArrayList<>();
        JsonNode seedList = f.path("seeds");
        if (seedList.isMissingNode()) {
            seeds.add(source.primarySeed().file());
        } else {
            for (JsonNode seed : seedList) {
                if (!seedFiles.contains(seed.asText())) {
                    problems.add(where + ": seed \"" + seed.asText() + "\" is not one of the review's seeds");
                }
                seeds.add(seed.asText());
            }
        }
        if (problems.size() > before) {
            return null;
        }
        return new ReferenceFigure(source, drive, kind, section, suite, test, rw, bs, mix, iodepth, numjobs, metric,
                value, unit, qualifier, note, seeds);
    }

    private List<Disagreement> disagreements(JsonNode list, Set<String> seedFiles) {
        List<Disagreement> disagreements = new ArrayList<>();
        if (!list.isArray()) {
            problems.add("\"disagreements\" must be a list (empty when the copies agree)");
            return disagreements;
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode d = list.get(i);
            String where = "disagreement " + (i + 1);
            Map<String, String> copies = new LinkedHashMap<>();
            d.path("copies").properties().forEach(e -> {
                if (!seedFiles.contains(e.getKey())) {
                    problems.add(where + ": \"" + e.getKey() + "\" is not one of the review's seeds");
                }
                copies.put(e.getKey(), e.getValue().asText());
            });
            if (copies.isEmpty()) {
                problems.add(where + ": \"copies\" must say what the copies print");
            }
            String figure = text(d, "figure", where);
            String resolution = text(d, "resolution", where);
            disagreements.add(new Disagreement(orEmpty(figure), copies, orEmpty(resolution)));
        }
        return disagreements;
    }

    private List<NotRecorded> notRecorded(JsonNode list) {
        List<NotRecorded> result = new ArrayList<>();
        if (list.isMissingNode()) {
            return result;
        }
        for (int i = 0; i < list.size(); i++) {
            JsonNode n = list.get(i);
            String where = "not_recorded " + (i + 1);
            result.add(new NotRecorded(orEmpty(text(n, "section", where)), orEmpty(text(n, "text", where)),
                    orEmpty(text(n, "why", where))));
        }
        return result;
    }

    private String text(JsonNode node, String field, String where) {
        JsonNode value = node.path(field);
        if (!value.isTextual() || value.asText().isBlank()) {
            problems.add(where + ": \"" + field + "\" is missing");
            return null;
        }
        return value.asText();
    }

    private String optional(JsonNode node, String field) {
        JsonNode value = node.path(field);
        if (value.isMissingNode() || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            problems.add("\"" + field + "\" must be text, not " + value);
            return null;
        }
        return value.asText();
    }

    private Integer positive(JsonNode node, String field, String where) {
        JsonNode value = node.path(field);
        if (value.isMissingNode() || value.isNull()) {
            return null;
        }
        if (!value.isInt() || value.intValue() < 1) {
            problems.add(where + ": \"" + field + "\" must be a whole number from 1, or left out when unknown");
            return null;
        }
        return value.intValue();
    }

    private Long size(JsonNode value, String where) {
        try {
            return Units.parseSize(value.asText());
        } catch (IllegalArgumentException e) {
            problems.add(where + ": " + e.getMessage() + " and not a mix named in \"mixes\"");
            return null;
        }
    }

    private static String orEmpty(String text) {
        return text == null ? "" : text;
    }
}
