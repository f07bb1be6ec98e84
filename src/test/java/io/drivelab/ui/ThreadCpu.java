package io.drivelab.ui;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** Bench aid: every thread of this process (the JVM's own too) with its CPU time so far, from /proc, most first. */
final class ThreadCpu {
    private ThreadCpu() {
    }

    static void print(String when) {
        List<String[]> rows = new ArrayList<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                String stat = Files.readString(task.resolve("stat"));
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
                rows.add(new String[]{name, Long.toString(ticks * 10)});
            }
        } catch (IOException | RuntimeException e) {
            System.out.println("threads unreadable: " + e);
            return;
        }
        rows.sort((a, b) -> Long.compare(Long.parseLong(b[1]), Long.parseLong(a[1])));
        StringBuilder line = new StringBuilder("threads " + when);
        for (String[] row : rows) {
            if (!row[1].equals("0")) {
                line.append(String.format(Locale.ROOT, " [%s]=%s", row[0].replace(' ', '_'), row[1]));
            }
        }
        System.out.println(line);
    }
}
