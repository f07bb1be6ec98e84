package io.drivelab.engine;

/**
 * The engine's last line on failure.
 *
 * @param errno the system error number, 0 when the failure is not a system error
 * @param op    what failed ("open", "options", ...), as the engine names it; may be null
 */
public record ErrorEvent(int errno, String message, String op) implements EngineEvent {
}
