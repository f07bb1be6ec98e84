package io.drivelab.engine;

/** One JSON line of the engine's output (docs/engine.md). */
public sealed interface EngineEvent permits StartEvent, LayoutEvent, IntervalEvent, ResultEvent, ErrorEvent,
        CheckpointEvent {
}
