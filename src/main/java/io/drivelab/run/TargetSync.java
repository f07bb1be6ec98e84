package io.drivelab.run;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Keeps runners of one plan on several targets in step: a runner starts plan item i only when every runner still
 * going has reached item i, so that the targets run each point at the same time (as the reviews measure a drive and
 * its RAID arrays under the same load). A runner that ends, fails or is cancelled leaves, and the others go on
 * without it.
 */
public final class TargetSync {
    private final Map<Object, Integer> positions = new IdentityHashMap<>();

    /** A runner takes part (before any of them starts). */
    synchronized void join(Object runner) {
        positions.put(runner, -1);
    }

    /** {@code runner} is at item {@code item}: waits until all runners still going are there too, or cancelled. */
    synchronized void await(Object runner, int item, BooleanSupplier cancelled) {
        positions.put(runner, item);
        notifyAll();
        while (!cancelled.getAsBoolean() && positions.values().stream().anyMatch(p -> p < item)) {
            try {
                wait(200);  // the cancel flag is not a monitor: look again now and then
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** {@code runner} has ended: the others no longer wait for it. */
    synchronized void leave(Object runner) {
        positions.remove(runner);
        notifyAll();
    }

    /** Runners still taking part. */
    public synchronized int running() {
        return positions.size();
    }
}
