package io.drivelab.engine;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** One point measured in an {@link EngineSession}: its events for the listener, and how it ended. */
final class SessionPoint extends PointEvents {
    private final CountDownLatch end = new CountDownLatch(1);
    private volatile int exitCode = EngineException.NO_EXIT_CODE;

    SessionPoint(EngineListener listener) {
        super(listener);
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
        return outcome(exitCode, stderr, null);
    }

    EngineException failure(String why, String stderr) {
        return failure(why, exitCode, stderr, null);
    }
}
