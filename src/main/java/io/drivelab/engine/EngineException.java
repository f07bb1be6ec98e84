package io.drivelab.engine;

import java.util.Optional;

/**
 * The engine could not be found, could not start, reported an error, or died without a result.
 *
 * <p>When the engine printed an {@code error} line, {@link #errno()} and {@link #op()} come from it and the
 * message is the engine's own. A failure after I/O started also carries the partial result the engine printed
 * before the error.
 */
public class EngineException extends Exception {
    private static final long serialVersionUID = 1L;

    /** Exit code when the process did not get to exit (not found, not started). */
    public static final int NO_EXIT_CODE = -1;

    private final transient ErrorEvent error;
    private final int exitCode;
    private final String stderr;
    private final transient ResultEvent partialResult;

    public EngineException(String message) {
        this(message, null, NO_EXIT_CODE, "", null, null);
    }

    public EngineException(String message, Throwable cause) {
        this(message, null, NO_EXIT_CODE, "", null, cause);
    }

    public EngineException(String message, ErrorEvent error, int exitCode, String stderr,
            ResultEvent partialResult, Throwable cause) {
        super(message, cause);
        this.error = error;
        this.exitCode = exitCode;
        this.stderr = stderr == null ? "" : stderr;
        this.partialResult = partialResult;
    }

    /** The engine's error line, when it printed one. */
    public Optional<ErrorEvent> error() {
        return Optional.ofNullable(error);
    }

    /** errno from the engine's error line; 0 when there was none or it was not a system error. */
    public int errno() {
        return error == null ? 0 : error.errno();
    }

    /** The failed operation from the engine's error line ("open", "options", ...); empty when unknown. */
    public String op() {
        return error == null || error.op() == null ? "" : error.op();
    }

    /** The engine's exit code, or {@link #NO_EXIT_CODE}. */
    public int exitCode() {
        return exitCode;
    }

    /** What the engine wrote on stderr (its tail for long outputs). */
    public String stderr() {
        return stderr;
    }

    /** The result printed before the error when the failure came after I/O started. */
    public Optional<ResultEvent> partialResult() {
        return Optional.ofNullable(partialResult);
    }
}
