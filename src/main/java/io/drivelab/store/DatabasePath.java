package io.drivelab.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** What may be a database: a regular file or a new path, never a device, a folder or a pipe. */
final class DatabasePath {

    private static final int TYPE_BITS = 0170000;

    private DatabasePath() {
    }

    /**
     * @throws StoreException naming what is at {@code file} when it is not a regular file (SQLite would write
     *                        beside a device, e.g. /dev/null-journal, and fail at the first sync)
     */
    static void requireRegularFileOrNew(Path file) {
        for (String suffix : new String[] {"", "-wal", "-shm", "-journal"}) {
            Path path = suffix.isEmpty() ? file : file.resolveSibling(file.getFileName() + suffix);
            String kind = kindOf(path);
            if (kind != null) {
                throw new StoreException("the database path " + path + " is " + kind + ", not a file; "
                        + "choose a file (a new name is created)");
            }
        }
    }

    /** What is at {@code path} when it is not a regular file (following links), or null. */
    private static String kindOf(Path path) {
        int mode;
        try {
            mode = (Integer) Files.getAttribute(path, "unix:mode");
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | UnsupportedOperationException e) {
            return Files.isDirectory(path) ? "a folder" : null;
        }
        return switch (mode & TYPE_BITS) {
            case 0100000 -> null;
            case 0040000 -> "a folder";
            case 0020000 -> "a character device";
            case 0060000 -> "a block device";
            case 0010000 -> "a named pipe";
            case 0140000 -> "a socket";
            default -> "something other than a file";
        };
    }
}
