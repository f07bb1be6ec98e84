package io.drivelab.engine;

/**
 * The events of one measured point as the engine sends them: each goes on to the listener; the start, result and
 * error are kept first, so that the point's outcome holds them even when the listener throws. One place for a
 * one-shot engine ({@link EngineProcess}) and a point of a session ({@link SessionPoint}).
 */
class PointEvents {
    private static final int STDERR_TAIL_LINES = 20;
    private final EngineListener listener;
    private volatile StartEvent start;
    private volatile ResultEvent result;
    private volatile ErrorEvent error;
    private volatile RuntimeException listenerFailure;

    PointEvents(EngineListener listener) {
        this.listener = listener;
    }

    final void dispatch(EngineEvent event) {
        if (event instanceof StartEvent s) {
            start = s;
        } else if (event instanceof ResultEvent r) {
            result = r;
        } else if (event instanceof ErrorEvent e) {
            error = e;
        }
        try {
            listener.on(event);
        } catch (RuntimeException e) {
            listenerFailed(e);
        }
    }

    final void diagnostic(String line) {
        try {
            listener.onDiagnostic(line);
        } catch (RuntimeException e) {
            listenerFailed(e);
        }
    }

    private void listenerFailed(RuntimeException e) {
        if (listenerFailure == null) {
            listenerFailure = e;
        }
    }

    /** The start line, once it has arrived; null before. */
    final StartEvent start() {
        return start;
    }

    /**
     * The point's result ({@code partial} when stopped), or the failure it ended in: the listener's, the engine's
     * error line, or else its exit (with {@code readFailure}, reading its output failed, where not null).
     */
    final ResultEvent outcome(int exitCode, String stderr, Exception readFailure) throws EngineException {
        if (listenerFailure != null) {
            throw new EngineException("engine listener failed: " + listenerFailure, error, exitCode, stderr, result,
                    listenerFailure);
        }
        if (error != null) {
            throw new EngineException(error.message(), error, exitCode, stderr, result, null);
        }
        if (result != null) {
            return result;
        }
        String why = EngineProcess.describeExit(exitCode);
        if (readFailure != null) {
            why += "; reading its output failed: " + readFailure.getMessage();
        }
        throw failure(why, exitCode, stderr, readFailure);
    }

    /** A failure that says why, with the tail of the engine's stderr and what the point has reported so far. */
    final EngineException failure(String why, int exitCode, String stderr, Exception cause) {
        String tail = EngineProcess.tail(stderr, STDERR_TAIL_LINES);
        return new EngineException(why + (tail.isEmpty() ? "" : ": " + tail), error, exitCode, stderr, result,
                cause);
    }
}
