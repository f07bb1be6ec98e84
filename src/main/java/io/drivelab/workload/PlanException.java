package io.drivelab.workload;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Everything wrong with a test plan, one {@link Problem} per bad field, so a user fixes a plan file in one go
 * instead of one error per attempt.
 *
 * <p>The message has one line per problem: {@code plan.json: steps[2].workload.bs: "4000" is not a multiple of
 * 512}. Unchecked, because the same type reports a bad plan built in code (a programming error there).
 */
public final class PlanException extends RuntimeException {

    /**
     * One bad field.
     *
     * @param path    where in the plan, e.g. {@code steps[2].matrix.iodepths} (empty for the whole file)
     * @param message what is wrong, starting with the offending value where there is one
     */
    public record Problem(String path, String message) {
        public Problem {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(message, "message");
        }

        @Override
        public String toString() {
            return path.isEmpty() ? message : path + ": " + message;
        }
    }

    private final String source;
    private final List<Problem> problems;

    /**
     * @param source   the file (or resource) the plan came from, or null for a plan built in code
     * @param problems at least one
     */
    public PlanException(String source, List<Problem> problems) {
        this(source, problems, null);
    }

    public PlanException(String source, List<Problem> problems, Throwable cause) {
        super(render(source, problems), cause);
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a PlanException needs at least one problem");
        }
        this.source = source;
        this.problems = List.copyOf(problems);
    }

    /** A single problem in a plan built in code. */
    public static PlanException of(String path, String message) {
        return new PlanException(null, List.of(new Problem(path, message)));
    }

    /** The file the plan came from, or null. */
    public String source() {
        return source;
    }

    public List<Problem> problems() {
        return problems;
    }

    /** The same problems, attributed to a file (and with paths under a prefix, e.g. "steps[3]."). */
    PlanException in(String newSource, String pathPrefix) {
        List<Problem> moved = problems.stream()
                .map(p -> new Problem(join(pathPrefix, p.path()), p.message()))
                .collect(Collectors.toList());
        return new PlanException(newSource, moved, getCause());
    }

    private static String join(String prefix, String path) {
        if (prefix == null || prefix.isEmpty()) {
            return path;
        }
        if (path.isEmpty()) {
            return prefix;
        }
        return path.startsWith("[") ? prefix + path : prefix + "." + path;
    }

    private static String render(String source, List<Problem> problems) {
        String prefix = source == null ? "" : source + ": ";
        return problems.stream().map(p -> prefix + p).collect(Collectors.joining("\n"));
    }
}
