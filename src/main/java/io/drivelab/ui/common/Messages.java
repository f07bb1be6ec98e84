package io.drivelab.ui.common;

import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** What the window says when something fails: the cause's own words, never a stack trace. */
public final class Messages {
    private Messages() {
    }

    /** "cannot open /x.db: permission denied", or the kind of failure when the cause says nothing. */
    public static String of(Throwable error) {
        Throwable e = error;
        while ((e instanceof ExecutionException || e instanceof CompletionException
                || e instanceof InvocationTargetException || e instanceof UncheckedIOException)
                && e.getCause() != null && e.getCause().getMessage() != null) {
            e = e.getCause();
        }
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            return "an unexpected " + e.getClass().getSimpleName() + " (please report it)";
        }
        return message;
    }

    /** A run the window listed that the database no longer has: the CLI or another window deleted it since. */
    public static String runGone(long runId) {
        return "Run " + runId + " is no longer stored: it was deleted since this list was read (by `drivelab delete` "
                + "or another DriveLab window). The list is read again.";
    }

    /** A message as a sentence: capital first letter, a full stop at the end. */
    public static String sentence(String message) {
        if (message == null || message.isBlank()) {
            return "";
        }
        String s = message.strip();
        s = Character.toUpperCase(s.charAt(0)) + s.substring(1);
        return s.endsWith(".") || s.endsWith("?") || s.endsWith("!") ? s : s + ".";
    }
}
