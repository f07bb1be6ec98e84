package io.drivelab.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.util.List;

/**
 * Which run owns a test file: the run that created it tags it (user.drivelab.run = DATABASE#RUN) and only that run
 * removes it. Where the filesystem takes no xattrs, the file's identity (device and inode) vouches for it, for as
 * long as this execution lasts and the same file is there.
 */
final class TestFile {
    /** The run that created a test file (user.drivelab.run = DATABASE#RUN): only that run removes it. */
    static final String RUN_TAG = "drivelab.run";

    private final Path target;
    private final String tag;
    /** The identity of the file the engine created during this execution, or null. */
    private volatile Object created;
    /** The tag could be written: then a file without it is not ours, whatever its inode number (ext4 reuses them). */
    private volatile boolean tagged;

    TestFile(Path target, String databasePath, long runId) {
        this.target = target;
        this.tag = databasePath + "#" + runId;
    }

    /** The engine created the target: remember it, and tag it with this run. */
    void engineCreatedIt() {
        created = fileKey(target);
        try {
            UserDefinedFileAttributeView view = Files.getFileAttributeView(target, UserDefinedFileAttributeView.class);
            if (view != null) {
                view.write(RUN_TAG, StandardCharsets.UTF_8.encode(tag));
                tagged = true;
            }
        } catch (IOException | UnsupportedOperationException e) {
            // no xattrs here: the file's identity alone vouches for it, for this execution
        }
    }

    /** Removes the test file this run created, and nothing else: tagged with this run, or created now. */
    void removeIfOurs() {
        if (isOurs()) {
            try {
                Files.delete(target);
            } catch (IOException e) {
                // a file left behind does the results no harm; the run has completed
            }
        }
    }

    /**
     * Whether the file at the target is this run's: tagged with it, or (where no tag could be written) the one the
     * engine created during this execution.
     */
    boolean isOurs() {
        return Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)
                && WriteGuard.attribute(target, RUN_TAG).map(tag::equals).orElse(!tagged && isCreatedFile());
    }

    private boolean isCreatedFile() {
        Object c = created;
        return c != null && c.equals(fileKey(target));
    }

    private static Object fileKey(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        } catch (IOException e) {
            return null;
        }
    }
}
