package io.drivelab.run;

/**
 * A run's stop: asked for once, with why (the first reason holds: the user's Stop, or another target's failure in
 * its group), and waited on during an idle item, which then ends at once.
 */
final class StopSignal {
    static final String BY_THE_USER = "stopped by the user";

    private final Object lock = new Object();
    private volatile String reason;

    void stop(String why) {
        synchronized (lock) {
            if (reason == null) {
                reason = why;
            }
            lock.notifyAll();
        }
    }

    boolean stopped() {
        return reason != null;
    }

    /** Why the run was stopped; null while it was not. */
    String reason() {
        return reason;
    }

    /**
     * Waits {@code seconds} unless stopped meanwhile, calling {@code tick} about once a second (progress). An
     * interrupt counts as the user's stop.
     */
    void idle(long seconds, Runnable tick) {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        synchronized (lock) {
            while (reason == null) {
                long left = end - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                tick.run();
                try {
                    lock.wait(Math.max(1, Math.min(1000, left / 1_000_000)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    stop(BY_THE_USER);
                }
            }
        }
    }
}
