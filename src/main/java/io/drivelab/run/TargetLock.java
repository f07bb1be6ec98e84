package io.drivelab.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.drivelab.device.DeviceDiscovery;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One run at a time on a target, across processes and users (a root CLI and a user's GUI): a run holds a lock on a
 * dedicated lock file per identity of its target for as long as it executes, and the file names the holder for the
 * next run to quote. The lock is the kernel's (fcntl, as Java's FileLock takes it), so a holder that dies, even by
 * kill -9, leaves nothing held. fcntl locks vanish when their process closes any descriptor of the file, so nothing
 * but this class opens a lock file, and never one this process holds.
 *
 * <p>A target's identities: a block device's device number (whatever node names it); a file's or folder's
 * canonical path, and, once it exists, its device and inode (hard links, other paths to it).
 */
public final class TargetLock implements AutoCloseable {
    /** World-writable and sticky, as /run/lock itself, so that every user locks in the same place. */
    private static final int STICKY_WORLD_WRITABLE = 01777;
    private static final int READ_WRITE_ALL = 0666;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm").withZone(ZoneId.systemDefault());
    /** The lock files this process holds, by name: another run here is told from this, never by opening the file. */
    private static final Map<String, TargetLock> HELD = new HashMap<>();

    /** Who holds a target, as written in its lock file. */
    public record Holder(String target, long run, long pid, String user, String database, String started) {
    }

    private record Locked(String name, FileChannel channel, FileLock lock) {
    }

    /** Guarded by HELD. */
    private Holder holder;
    private final List<Locked> locked = new ArrayList<>();

    private TargetLock(Holder holder) {
        this.holder = holder;
    }

    /**
     * Locks {@code target} for run {@code runId} of {@code database}, in the machine's lock folder; a run not filed
     * yet (the preflight) locks as run 0 and names itself with {@link #filedAs} once it has its id.
     */
    public static TargetLock acquire(Path target, long runId, Path database) {
        return acquire(folder(), target, runId, database);
    }

    /**
     * Locks {@code target} in {@code folder}; throws, naming the run that holds it, when another run (in this
     * process or another) has it.
     */
    static TargetLock acquire(Path folder, Path target, long runId, Path database) {
        Holder holder = new Holder(target.toString(), runId, ProcessHandle.current().pid(),
                System.getProperty("user.name"), database == null ? "" : database.toString(),
                Instant.now().toString());
        TargetLock lock = new TargetLock(holder);
        synchronized (HELD) {
            try {
                prepare(folder);
                for (String name : lockNames(target)) {
                    lock.lockOne(folder, name, target);
                }
                lock.writeHolder();
                lock.locked.forEach(l -> HELD.put(l.name(), lock));
            } catch (IOException e) {
                lock.close();
                throw new RunException("cannot lock " + target + " for this run in " + folder + " (" + e
                        + "); two runs on one target would measure each other");
            } catch (RuntimeException e) {
                lock.close();
                throw e;
            }
        }
        return lock;
    }

    private void writeHolder() throws IOException {
        byte[] json = JSON.writeValueAsBytes(holder);
        for (Locked l : locked) {
            l.channel().truncate(0);
            l.channel().write(ByteBuffer.wrap(json), 0);
        }
    }

    /** The run held the target before it was filed (the preflight): its lock files now name it. */
    void filedAs(long runId) {
        synchronized (HELD) {
            Holder h = holder;
            holder = new Holder(h.target(), runId, h.pid(), h.user(), h.database(), h.started());
            try {
                writeHolder();
            } catch (IOException e) {
                // the lock still holds; a run refused meanwhile is told "a run being started" instead of its id
            }
        }
    }

    private void lockOne(Path folder, String name, Path target) throws IOException {
        TargetLock here = HELD.get(name);
        if (here != null) {
            throw busy(target, here.holder);
        }
        Path file = folder.resolve(name);
        FileChannel channel = open(file);
        FileLock fileLock;
        try {
            fileLock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            fileLock = null;  // held by this process outside this class: cannot happen, treated as held
        }
        if (fileLock == null) {
            Optional<Holder> other = read(channel);
            channel.close();
            throw other.map(h -> busy(target, h)).orElseGet(() -> new RunException(target + " is being tested by "
                    + "another DriveLab run (it holds " + file + "); wait for it or stop it"));
        }
        locked.add(new Locked(name, channel, fileLock));
    }

    /** The holder's JSON; none while the holder has not written it yet. */
    private static Optional<Holder> read(FileChannel channel) {
        try {
            ByteBuffer content = ByteBuffer.allocate((int) Math.min(channel.size(), 1 << 16));
            channel.read(content, 0);
            return Optional.of(JSON.readValue(content.array(), 0, content.position(), Holder.class));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static RunException busy(Path target, Holder h) {
        String started;
        try {
            started = CLOCK.format(Instant.parse(h.started()));
        } catch (RuntimeException e) {
            started = h.started();
        }
        String run = h.run() > 0 ? "run " + h.run() : "a run being started";
        return new RunException(target + " is being tested by " + run + " (drivelab pid " + h.pid()
                + (h.user() == null ? "" : " of user " + h.user()) + ", database " + h.database() + "), started "
                + started + "; wait for it or stop it");
    }

    /** Releases the target; the lock files stay (removing one would let two runs lock different files). */
    @Override
    public void close() {
        synchronized (HELD) {
            for (Locked l : locked) {
                HELD.remove(l.name(), this);
                try {
                    l.channel().close();  // releases the lock
                } catch (IOException e) {
                    // the kernel releases it with the process at the latest
                }
            }
            locked.clear();
        }
    }

    /** /run/lock/drivelab where the system has /run/lock (it is the same for every user), else /tmp/drivelab-locks. */
    static Path folder() {
        Path runLock = Path.of("/run/lock");
        return Files.isDirectory(runLock) ? runLock.resolve("drivelab") : Path.of("/tmp/drivelab-locks");
    }

    private static void prepare(Path folder) throws IOException {
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            try {
                Files.createDirectory(folder);
                Files.setAttribute(folder, "unix:mode", STICKY_WORLD_WRITABLE);
            } catch (FileAlreadyExistsException e) {
                // another process made it first
            }
        }
    }

    /** Opens (or creates, readable and writable by all) a lock file, never through a link planted in its place. */
    private static FileChannel open(Path file) throws IOException {
        while (true) {
            try {
                return FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                try {
                    FileChannel created = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE,
                            StandardOpenOption.CREATE_NEW, LinkOption.NOFOLLOW_LINKS);
                    Files.setAttribute(file, "unix:mode", READ_WRITE_ALL);
                    return created;
                } catch (FileAlreadyExistsException raced) {
                    // created by another run meanwhile: open that one
                }
            }
        }
    }

    /** The lock files' names for a target's identities. */
    static List<String> lockNames(Path target) throws IOException {
        Optional<String> device = DeviceDiscovery.deviceNumber(target);
        if (device.isPresent()) {
            return List.of("block-" + device.get().replace(':', '-') + ".lock");
        }
        List<String> names = new ArrayList<>();
        names.add("path-" + digest(canonical(target).toString()) + ".lock");
        if (Files.exists(target)) {
            names.add("file-" + Files.getAttribute(target, "unix:dev") + "-" + Files.getAttribute(target, "unix:ino")
                    + ".lock");
        }
        return names;
    }

    /** The path with its links resolved; for a path that does not exist yet, its folder's. */
    private static Path canonical(Path target) {
        Path absolute = target.toAbsolutePath().normalize();
        try {
            if (Files.exists(absolute)) {
                return absolute.toRealPath();
            }
            Path parent = absolute.getParent();
            return parent == null || !Files.exists(parent) ? absolute
                    : parent.toRealPath().resolve(absolute.getFileName());
        } catch (IOException e) {
            return absolute;
        }
    }

    private static String digest(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The run that holds or last held {@code target}, from its lock file, without locking it. */
    public static Optional<Holder> holderOf(Path target) throws IOException {
        return holderOf(folder(), target);
    }

    static Optional<Holder> holderOf(Path folder, Path target) throws IOException {
        synchronized (HELD) {
            for (String name : lockNames(target)) {
                TargetLock here = HELD.get(name);
                if (here != null) {
                    return Optional.of(here.holder);
                }
                Path file = folder.resolve(name);
                if (Files.exists(file)) {
                    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                        Optional<Holder> h = read(channel);
                        if (h.isPresent()) {
                            return h;
                        }
                    }
                }
            }
            return Optional.empty();
        }
    }
}
