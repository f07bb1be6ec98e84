package io.drivelab.engine;

/** Progress of laying out a new target file before the run starts. */
public record LayoutEvent(long doneBytes, long totalBytes) implements EngineEvent {
}
