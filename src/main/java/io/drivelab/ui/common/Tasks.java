package io.drivelab.ui.common;

import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * The one place where work leaves the UI thread and its result comes back: view-models get a Tasks through their
 * constructor and never touch threads themselves. {@link FxTasks} is the application's; tests of view-models use
 * one that runs work at once, without JavaFX.
 *
 * <pre>{@code tasks.create(store::listRuns).onSuccess(runs::setAll).onError(this::showError).start();}</pre>
 */
public abstract class Tasks {

    /** Work to run off the UI thread; say what happens with its result, then {@link Task#start()}. */
    public final <T> Task<T> create(Callable<T> work) {
        return new Task<>(this, Objects.requireNonNull(work, "work"));
    }

    /**
     * Runs {@code work} off the UI thread, then {@code onSuccess} or {@code onError} on it.
     */
    protected abstract <T> void submit(Callable<T> work, Consumer<T> onSuccess, Consumer<Throwable> onError);

    /**
     * Starts a thread of its own for work that lasts (a run: the engine is stopped when the thread that started it
     * ends, so a run needs a thread that lives as long as it does).
     */
    public abstract Thread startThread(String name, Runnable body);

    /** Background work with what to do with its result on the UI thread. */
    public static final class Task<T> {
        private final Tasks tasks;
        private final Callable<T> work;
        private Consumer<T> onSuccess = result -> {
        };
        private Consumer<Throwable> onError = error -> {
        };

        private Task(Tasks tasks, Callable<T> work) {
            this.tasks = tasks;
            this.work = work;
        }

        public Task<T> onSuccess(Consumer<T> action) {
            this.onSuccess = Objects.requireNonNull(action, "action");
            return this;
        }

        public Task<T> onError(Consumer<Throwable> action) {
            this.onError = Objects.requireNonNull(action, "action");
            return this;
        }

        public void start() {
            tasks.submit(work, onSuccess, onError);
        }
    }
}
