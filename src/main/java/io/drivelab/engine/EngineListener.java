package io.drivelab.engine;

/**
 * Receives the engine's output as it arrives. Called on the engine's reader threads, never the thread that
 * started the engine; hand over to the UI thread yourself. Every method defaults to doing nothing.
 */
public interface EngineListener {
    EngineListener NONE = new EngineListener() {
    };

    /** Hands {@code event} to the method for its type. */
    default void on(EngineEvent event) {
        if (event instanceof StartEvent s) {
            onStart(s);
        } else if (event instanceof LayoutEvent l) {
            onLayout(l);
        } else if (event instanceof IntervalEvent i) {
            onInterval(i);
        } else if (event instanceof CheckpointEvent c) {
            onCheckpoint(c);
        } else if (event instanceof ResultEvent r) {
            onResult(r);
        } else if (event instanceof ErrorEvent e) {
            onError(e);
        }
    }

    default void onStart(StartEvent start) {
    }

    /** Progress while the engine writes out a new target file. */
    default void onLayout(LayoutEvent layout) {
    }

    default void onInterval(IntervalEvent interval) {
    }

    default void onResult(ResultEvent result) {
    }

    /** A checkpoint of a {@code --rw=checkpoint} run finished (its fsync returned). */
    default void onCheckpoint(CheckpointEvent checkpoint) {
    }

    default void onError(ErrorEvent error) {
    }

    /** One line the engine wrote on stderr (diagnostics, e.g. why it fell back to another ioengine). */
    default void onDiagnostic(String line) {
    }
}
