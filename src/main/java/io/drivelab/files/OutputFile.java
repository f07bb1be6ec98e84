package io.drivelab.files;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.UUID;

/**
 * The one way DriveLab writes a file (exports, reports, charts, plans, settings, fio job files): only a regular
 * file or a new name is written, never a device, pipe, socket or folder, nor a link to one. What is there is never
 * deleted first: the text goes to a temporary file beside it, is synced, and is renamed over it in one step, so a
 * crash or a full disk leaves the old file whole.
 *
 * <pre>
 * OutputFile.at(path).writeString(csv);
 * OutputFile.at(png).creatingFolders().write(out -&gt; ImageIO.write(image, "png", out));
 * </pre>
 */
public final class OutputFile {

    /** What goes into the file; the stream is closed by the writer. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private final Path requested;
    private final boolean createFolders;

    private OutputFile(Path requested, boolean createFolders) {
        this.requested = requested;
        this.createFolders = createFolders;
    }

    public static OutputFile at(Path file) {
        return new OutputFile(file, false);
    }

    /** Missing folders on the way are created (reports, settings, plans); exports want the folder to exist. */
    public OutputFile creatingFolders() {
        return new OutputFile(requested, true);
    }

    public void writeString(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        write(out -> out.write(bytes));
    }

    /**
     * Writes the file through a temporary file beside it, renamed over it.
     *
     * @throws OutputFileException refused (nothing was written) or failed (the message says why; an existing file is
     *                             left as it was)
     */
    public void write(Content content) {
        Path target = check();
        Path folder = target.getParent();
        String name = target.getFileName().toString();
        // hidden, beside the file, named after it (cut short: a name may have at most 255 bytes)
        Path temporary = folder.resolve("." + name.substring(0, Math.min(name.length(), 60)) + "."
                + UUID.randomUUID() + ".tmp");
        try {
            if (createFolders) {
                createFolders(folder);
            }
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
                content.writeTo(new KeptOpen(out));
                out.flush();
                channel.force(true);
            }
            // A replaced file keeps its permissions and owner (sudo must not leave a user's file to root); a new
            // one gets the umask's, as any new file.
            if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
                keepOwnerAndPermissions(target, temporary);
            }
            // checked again at the last moment: something may have taken the name meanwhile
            kindOrRefuse(target, requested);
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
            syncFolder(folder);
        } catch (IOException e) {
            deleteQuietly(temporary);
            throw new OutputFileException("cannot write " + requested + ": " + reason(e), false, e);
        } catch (RuntimeException e) {
            deleteQuietly(temporary);
            throw e;
        }
    }

    /**
     * Checks the path without writing anything.
     *
     * @return the file that will be replaced or created: the path itself, or where the link at it leads
     * @throws OutputFileException when it is not a regular file nor a new name in a folder
     */
    public Path check() {
        if (requested.toString().isEmpty()) {
            throw refused("no file name was given: choose a file path");
        }
        Path file = requested.toAbsolutePath().normalize();
        Path target = file;
        if (Files.isSymbolicLink(file)) {
            try {
                target = file.toRealPath();
            } catch (IOException e) {
                throw refused(requested + " is a link to " + linkTarget(file) + ", which does not exist: choose a "
                        + "file path");
            }
        }
        Kind kind = kindOrRefuse(target, requested);
        if (kind == Kind.MISSING) {
            Path folder = target.getParent();
            Kind folderKind = Kind.of(folder);
            if (folderKind == Kind.MISSING && !createFolders) {
                throw new OutputFileException("cannot write " + requested + ": its folder does not exist", false,
                        null);
            }
            if (folderKind != Kind.MISSING && !Files.isDirectory(folder)) {
                throw refused("cannot write " + requested + ": " + folder + " is " + folderKind.words
                        + ", not a folder");
            }
        }
        return target;
    }

    /**
     * A folder to write several files into (a report's charts): an existing folder, or a new one (created).
     *
     * @throws OutputFileException when the path is a file, a device or anything else but a folder
     */
    public static Path folder(Path folder) {
        if (folder.toString().isEmpty()) {
            throw refused("no folder was given: choose a folder");
        }
        Path absolute = folder.toAbsolutePath().normalize();
        if (Files.isDirectory(absolute)) {
            return absolute;
        }
        Kind kind = Kind.of(absolute);
        if (kind == Kind.LINK) {
            throw refused(folder + " is a link to " + linkTarget(absolute) + ", not a folder: choose a folder");
        }
        if (kind != Kind.MISSING) {
            throw refused(folder + " is " + kind.words + ", not a folder: choose a folder");
        }
        try {
            createFolders(absolute);
        } catch (IOException e) {
            throw new OutputFileException("cannot create the folder " + folder + ": " + reason(e), false, e);
        }
        return absolute;
    }

    /** What is at {@code path} (links not followed), refused unless a regular file or nothing. */
    private static Kind kindOrRefuse(Path path, Path requested) {
        Kind kind = Kind.of(path);
        if (kind == Kind.REGULAR || kind == Kind.MISSING) {
            return kind;
        }
        String what = path.equals(requested.toAbsolutePath().normalize()) ? requested + " is "
                : requested + " is a link to " + path + ", ";
        throw refused(what + kind.words + ", not a file: choose a file path");
    }

    private static void createFolders(Path folder) throws IOException {
        try {
            Files.createDirectories(folder);
        } catch (FileAlreadyExistsException e) {
            throw refused("cannot create the folder " + folder + ": " + e.getFile() + " is " + Kind.of(
                    Path.of(e.getFile())).words + ", not a folder");
        }
    }

    private static void keepOwnerAndPermissions(Path from, Path to) throws IOException {
        PosixFileAttributes was = Files.readAttributes(from, PosixFileAttributes.class);
        Files.setPosixFilePermissions(to, was.permissions());
        PosixFileAttributeView view = Files.getFileAttributeView(to, PosixFileAttributeView.class);
        try {
            view.setGroup(was.group());
            view.setOwner(was.owner());
        } catch (FileSystemException e) {
            // only root may give a file away: anyone else writes files of their own, as they always did
        }
    }

    private static void syncFolder(Path folder) {
        // the rename is durable once the folder is synced; a filesystem that cannot sync a folder still renamed
        try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException e) {
            // nothing to do: the data itself was synced before the rename
        }
    }

    private static String linkTarget(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException e) {
            return "?";
        }
    }

    private static void deleteQuietly(Path temporary) {
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException e) {
            // a leftover hidden temporary file is harmless; the error that got us here matters more
        }
    }

    private static OutputFileException refused(String message) {
        return new OutputFileException(message, true, null);
    }

    /** Why an I/O operation failed, in words: Java's exceptions often carry only the path. */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "its folder does not exist";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** The stream the content is written to: closing it only flushes, the channel stays open for force(). */
    private static final class KeptOpen extends FilterOutputStream {
        KeptOpen(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            out.flush();
        }
    }

    /** The kinds of things a path can name, from the file mode (links not followed). */
    enum Kind {
        MISSING("missing"), REGULAR("a file"), FOLDER("a folder"), LINK("a link"),
        CHARACTER_DEVICE("a character device"), BLOCK_DEVICE("a block device"), FIFO("a named pipe (FIFO)"),
        SOCKET("a socket"), OTHER("not a regular file");

        final String words;

        Kind(String words) {
            this.words = words;
        }

        static Kind of(Path path) {
            int mode;
            try {
                mode = (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                return MISSING;
            } catch (IOException | UnsupportedOperationException e) {
                return Files.notExists(path, LinkOption.NOFOLLOW_LINKS) ? MISSING
                        : Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) ? REGULAR : OTHER;
            }
            return switch (mode & 0170000) {
                case 0100000 -> REGULAR;
                case 0040000 -> FOLDER;
                case 0120000 -> LINK;
                case 0020000 -> CHARACTER_DEVICE;
                case 0060000 -> BLOCK_DEVICE;
                case 0010000 -> FIFO;
                case 0140000 -> SOCKET;
                default -> OTHER;
            };
        }
    }
}
