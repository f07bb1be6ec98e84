package io.drivelab.engine;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** A process's own children, from /proc/PID/task/*&#47;children: no scan of every process on the host. */
public final class ChildProcesses {
    private ChildProcesses() {
    }

    /** The pids of {@code pid}'s children, from every thread of it (the engine's parent is a thread). */
    public static List<Long> of(long pid) {
        List<Long> children = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/" + pid + "/task"))) {
            for (Path task : tasks) {
                try {
                    for (String child : Files.readString(task.resolve("children")).trim().split("\\s+")) {
                        if (!child.isEmpty()) {
                            children.add(Long.parseLong(child));
                        }
                    }
                } catch (IOException threadGone) {
                    // the thread ended while we looked
                }
            }
        } catch (IOException processGone) {
            return List.of();
        }
        return children;
    }

    /** The engine among {@code pid}'s children (its command line names {@code target}), if one runs. */
    public static Optional<Long> engineOf(long pid, String target) {
        for (long child : of(pid)) {
            try {
                String cmdline = Files.readString(Path.of("/proc/" + child + "/cmdline")).replace('\0', ' ');
                if (cmdline.contains("engine") && cmdline.contains(target)) {
                    return Optional.of(child);
                }
            } catch (IOException gone) {
                // ended while we looked
            }
        }
        return Optional.empty();
    }
}
