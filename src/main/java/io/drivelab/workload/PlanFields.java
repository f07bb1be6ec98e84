package io.drivelab.workload;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongFunction;

/**
 * Typed access to the fields of one JSON object of a plan: sizes ("4k") and durations ("3h") the way people write
 * them, whole numbers, choices, mixes. Each bad value becomes a problem at its path, and the getter returns null.
 */
final class PlanFields {
    final JsonNode node;
    final String path;
    private final PlanProblems problems;

    PlanFields(PlanProblems problems, JsonNode node, String path) {
        this.problems = problems;
        this.node = node;
        this.path = path;
    }

    String child(String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    boolean has(String field) {
        JsonNode v = node.get(field);
        return v != null && !v.isNull();
    }

    /** The field's node, or null when absent (a problem when {@code missing} says why it is needed). */
    private JsonNode value(String field, String missing) {
        if (!has(field)) {
            if (missing != null) {
                problems.add(child(field), missing.startsWith("missing") ? missing : "missing: " + missing);
            }
            return null;
        }
        return node.get(field);
    }

    String text(String field, String missing) {
        JsonNode v = value(field, missing);
        if (v == null) {
            return null;
        }
        if (!v.isTextual()) {
            problems.add(child(field), v + " is not a text (put it in quotes)");
            return null;
        }
        return v.asText();
    }

    Boolean bool(String field) {
        JsonNode v = value(field, null);
        if (v == null) {
            return null;
        }
        if (!v.isBoolean()) {
            problems.add(child(field), v + " is not true or false");
            return null;
        }
        return v.asBoolean();
    }

    Integer integer(String field, String missing, LongFunction<String> check) {
        JsonNode v = value(field, missing);
        return v == null ? null : wholeNumber(v, child(field), check);
    }

    List<Integer> intList(String field, LongFunction<String> check) {
        JsonNode v = value(field, "give a list, e.g. [1, 2, 4, 8, 16, 32]");
        if (v == null) {
            return null;
        }
        if (!v.isArray()) {
            problems.add(child(field), v + " is not a list, e.g. [1, 2, 4]");
            return null;
        }
        List<Integer> values = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            values.add(wholeNumber(v.get(i), child(field) + "[" + i + "]", check));
        }
        if (values.contains(null)) {
            return null;
        }
        String p = Matrix.listProblem(values);
        if (p != null) {
            problems.add(child(field), p);
            return null;
        }
        return values;
    }

    private Integer wholeNumber(JsonNode v, String where, LongFunction<String> check) {
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            problems.add(where, v + " is not a whole number");
            return null;
        }
        long n = v.asLong();
        String p = check.apply(n);
        if (p == null && (n > Integer.MAX_VALUE || n < Integer.MIN_VALUE)) {
            p = "is too large";
        }
        if (p != null) {
            problems.add(where, v + " " + p);
            return null;
        }
        return (int) n;
    }

    Long size(String field, String missing, LongFunction<String> check) {
        JsonNode v = value(field, missing);
        if (v == null) {
            return null;
        }
        long n;
        if (v.isIntegralNumber() && v.canConvertToLong()) {
            n = v.asLong();
        } else if (v.isTextual()) {
            try {
                n = Units.parseSize(v.asText());
            } catch (IllegalArgumentException e) {
                problems.add(child(field), e.getMessage());
                return null;
            }
        } else {
            problems.add(child(field), v + " is not a size (e.g. 4096, \"4k\", \"128K\", \"1m\", \"1MiB\")");
            return null;
        }
        String p = check.apply(n);
        if (p != null) {
            problems.add(child(field), v + " " + p);
            return null;
        }
        return n;
    }

    Integer seconds(String field, String missing, LongFunction<String> check) {
        JsonNode v = value(field, missing);
        if (v == null) {
            return null;
        }
        long s;
        if (v.isIntegralNumber() && v.canConvertToLong()) {
            s = v.asLong();
        } else if (v.isTextual()) {
            try {
                s = Units.parseSeconds(v.asText());
            } catch (IllegalArgumentException e) {
                problems.add(child(field), e.getMessage());
                return null;
            }
        } else {
            problems.add(child(field), v + " is not a duration in whole seconds (or e.g. \"90s\", \"5m\", \"3h\")");
            return null;
        }
        String p = check.apply(s);
        if (p == null && s > Integer.MAX_VALUE) {
            p = "is too long";
        }
        if (p != null) {
            problems.add(child(field), v + " " + p);
            return null;
        }
        return (int) s;
    }

    <E extends Enum<E>> E choice(String field, Class<E> type) {
        String value = text(field, null);
        if (value == null) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            String name = e.name().toLowerCase(Locale.ROOT);
            if (name.equals(value)) {
                return e;
            }
            names.add(name);
        }
        problems.add(child(field), "\"" + value + "\" is not one of " + String.join(", ", names));
        return null;
    }

    /** A mix, as the engine's string or as a list of {"bs": ..., "weight": ...}. */
    BlockSizeMix mix(String field) {
        JsonNode v = value(field, null);
        if (v == null) {
            return null;
        }
        String where = child(field);
        if (v.isTextual()) {
            try {
                return BlockSizeMix.parse(v.asText());
            } catch (PlanException e) {
                problems.add(where, e.problems().get(0).message());
                return null;
            }
        }
        if (!v.isArray()) {
            problems.add(where, v + " is not a mix: \"128k/83.21:64k/5:...\" or [{\"bs\": \"128k\", "
                    + "\"weight\": 83.21}, ...]");
            return null;
        }
        int before = problems.count();
        List<BlockSizeMix.Share> shares = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            PlanFields e = problems.object(v.get(i), where + "[" + i + "]", "mix entry", "bs", "weight");
            if (e == null) {
                continue;
            }
            Long bs = e.size("bs", "give the entry's block size", Checks::blockSize);
            BigDecimal weight = e.weight();
            if (bs != null && weight != null) {
                shares.add(new BlockSizeMix.Share(bs, weight));
            }
        }
        if (problems.count() > before) {
            return null;
        }
        String p = BlockSizeMix.problem(shares);
        if (p != null) {
            problems.add(where, p);
            return null;
        }
        return new BlockSizeMix(shares);
    }

    private BigDecimal weight() {
        JsonNode v = value("weight", "give the entry's weight in percent");
        if (v == null) {
            return null;
        }
        BigDecimal w;
        if (v.isNumber()) {
            w = v.decimalValue();
        } else {
            try {
                w = new BigDecimal(v.asText().trim());
            } catch (NumberFormatException e) {
                w = null;
            }
        }
        if (w == null || w.signum() <= 0 || w.compareTo(BlockSizeMix.HUNDRED) > 0) {
            problems.add(child("weight"), v + " is not a percentage above 0 and up to 100");
            return null;
        }
        return w;
    }
}
