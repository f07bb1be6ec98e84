package io.drivelab.ui;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import io.drivelab.ui.common.Tasks;

/**
 * Tasks for view-model tests that look at what happens while background work is still going: each piece of work
 * waits until the test lets it run ({@link #runNext()}), on the calling thread, which plays the UI thread.
 */
public final class HeldTasks extends Tasks {
    private final Deque<Runnable> waiting = new ArrayDeque<>();
    private int submitted;

    @Override
    protected <T> void submit(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onError) {
        submitted++;
        DirectTasks direct = new DirectTasks();
        waiting.addLast(() -> direct.create(work).onSuccess(onSuccess).onError(onError).start());
    }

    /** Runs the oldest waiting work and what it said to do with its result. */
    public void runNext() {
        waiting.removeFirst().run();
    }

    /** Work submitted and not yet run. */
    public int waiting() {
        return waiting.size();
    }

    /** Work submitted since this was made. */
    public int submitted() {
        return submitted;
    }

    @Override
    public Thread startThread(String name, Runnable body) {
        return new DirectTasks().startThread(name, body);
    }
}
