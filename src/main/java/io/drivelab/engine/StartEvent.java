package io.drivelab.engine;

import java.util.List;

/**
 * The engine's first line: what it runs, on what, with which effective options.
 *
 * @param rawJson the line as printed, for saving alongside the result
 */
public record StartEvent(
        String version,
        String kernel,
        List<String> argv,
        String ioengine,
        String ioengineReason,
        List<String> ringFlags,
        String filename,
        String targetKind,
        long targetSize,
        boolean created,
        int logicalBlockSize,
        int physicalBlockSize,
        EngineOptions options,
        String rawJson) implements EngineEvent {
}
