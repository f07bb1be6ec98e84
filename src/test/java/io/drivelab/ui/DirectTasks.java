package io.drivelab.ui;

import java.util.concurrent.Callable;
import java.util.function.Consumer;

import io.drivelab.ui.common.Tasks;

/**
 * Tasks for view-model tests, without JavaFX: background work runs at once on the calling thread, which plays the
 * UI thread; a run still gets a real thread of its own.
 */
public final class DirectTasks extends Tasks {
    @Override
    protected <T> void submit(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onError) {
        T result;
        try {
            result = work.call();
        } catch (Exception e) {
            onError.accept(e);
            return;
        }
        onSuccess.accept(result);
    }

    @Override
    public Thread startThread(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.start();
        return thread;
    }
}
