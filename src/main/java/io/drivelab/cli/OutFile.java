package io.drivelab.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** {@code --out FILE}: writes the text, or fails with a message that says why (Java's says only the path). */
final class OutFile {
    private OutFile() {
    }

    static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw CommandException.failed("cannot write " + file + ": " + reason(e), e);
        }
    }

    private static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "its folder does not exist";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage();
    }
}
