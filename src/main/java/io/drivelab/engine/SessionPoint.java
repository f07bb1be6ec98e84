package io.drivelab.engine;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** One point measured in an {@link EngineSession}: its events for the listener, and how it ended. */
final class SessionPoint {
    private final EngineListener listener;
    private final CountDownLatch end = new CountDownLatch(1);
    private volatile ResultEvent result;
    private volatile ErrorEvent error;
    private volatile RuntimeException listenerFailure;
    private volatile int exitCode = EngineException.NO_EXIT_CODE;

    SessionPoint(EngineListener listener) {
        this.listener = listener;
    }

    void dispatch(EngineEvent event) {
        // record first, so the outcome holds the event even when the listener throws
        if (event instanceof ResultEvent r) {
            result = r;
        } else if (event instanceof ErrorEvent e) {
            error = e;
        }
        try {
            listener.on(event);
        } catch (RuntimeException e) {
            if (listenerFailure == null) {
                listenerFailure = e;
            }
        }
    }

    void diagnostic(String line) {
        try {
            listener.onDiagnostic(line);
        } catch (RuntimeException e) {
            if (listenerFailure == null) {
                listenerFailure = e;
            }
        }
    }

    void end(int exit) {
        exitCode = exit;
        end.countDown();
    }

    boolean awaitEnd(long millis) throws InterruptedException {
        return end.await(millis, TimeUnit.MILLISECONDS);
    }

    boolean ended() {
        return end.getCount() == 0;
    }

    /** The result, as a one-shot engine's {@link EngineProcess#awaitResult()} gives it. */
    ResultEvent outcome(String stderr) throws EngineException {
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
        throw failure(EngineProcess.describeExit(exitCode), stderr);
    }

    EngineException failure(String why, String stderr) {
        String tail = EngineProcess.tail(stderr, 20);
        return new EngineException(why + (tail.isEmpty() ? "" : ": " + tail), error, exitCode, stderr, result,
                null);
    }
}
