package io.drivelab.cli;

/**
 * A problem a command reports as a message on stderr (no stack trace, no usage), exiting with its code:
 * {@link #BAD_INPUT} (2) when what the user asked for is wrong or does not exist (an unknown run, a bad plan file),
 * {@link #FAILED} (1) when the command could not do something that was asked correctly.
 */
public final class CommandException extends RuntimeException {
    public static final int FAILED = 1;
    /** The same code as picocli's usage errors and the engine's bad options. */
    public static final int BAD_INPUT = 2;

    private final int exitCode;

    private CommandException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public static CommandException badInput(String message) {
        return new CommandException(BAD_INPUT, message, null);
    }

    public static CommandException failed(String message, Throwable cause) {
        return new CommandException(FAILED, message, cause);
    }

    public int exitCode() {
        return exitCode;
    }
}
